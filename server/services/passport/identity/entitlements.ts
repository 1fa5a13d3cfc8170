import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import { ADMIN_APP_HEADERS } from '../../../auth/principal';
import { modelOf, type Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import type { FieldError } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';
import type { ResourceModel } from '../../../engine/model';
import { kindPredicate } from '../../../engine/sql';
import { present, type Data } from '../../../engine/store';
import { requirePlayer } from '../players/principal';
import { appCaller, BASE, errors, listAnswer, pageQuery, SERVICE, type Page } from './shared';

/**
 * Entitlements move with time: Pending becomes Active at its start time; Pending, Active or Suspended becomes
 * Expired at its end time. The move is made in the database before any entitlement call reads (for the app it
 * names), on the record a call answers, and once a minute for every app, and each move is in the history.
 */
const SWEEP_MINUTES = 1;

const dueSql = `((status IN ('Pending', 'Active', 'Suspended') AND (data->>'endTime')::timestamptz <= now())
  OR (status = 'Pending' AND (data->>'startTime')::timestamptz <= now()))`;

/** Whether a record's status is behind the clock (the same test as `dueSql`). */
export function isDue(r: Data, now = Date.now()): boolean {
  const end = typeof r.endTime === 'string' ? Date.parse(r.endTime) : NaN;
  const start = typeof r.startTime === 'string' ? Date.parse(r.startTime) : NaN;
  return (['Pending', 'Active', 'Suspended'].includes(String(r.status)) && end <= now) || (r.status === 'Pending' && start <= now);
}

interface SweptRow {
  id: string;
  scope_id: string;
  was: string;
  status: string;
  version: number;
  data: Data;
  created_at: Date;
  updated_at: Date;
}

/** Moves the due entitlements of one app (or of every app, or only the given ids) to the state time gives them. */
export async function sweepEntitlements(ctx: Ctx, which: { appId?: string; ids?: string[] }): Promise<number> {
  const m = modelOf(ctx, SERVICE, 'entitlements');
  const res = await ctx.db.query<SweptRow>(
    `WITH due AS (
       SELECT id, status AS was FROM records
       WHERE ${kindPredicate(m)} AND ($1::text IS NULL OR scope_id = $1) AND ($2::text[] IS NULL OR id = ANY($2::text[])) AND ${dueSql}
       FOR UPDATE)
     UPDATE records r SET status = CASE WHEN (r.data->>'endTime')::timestamptz <= now() THEN 'Expired' ELSE 'Active' END,
       version = r.version + 1, updated_at = now()
     FROM due WHERE ${kindPredicate(m)} AND r.id = due.id
     RETURNING r.id, r.scope_id, due.was, r.status, r.version, r.data, r.created_at, r.updated_at`,
    [which.appId ?? null, which.ids ?? null],
  );
  for (const row of res.rows) {
    await recordOperation(ctx.db, {
      actor: 'system:entitlement-clock',
      appId: row.scope_id,
      action: `passport.entitlements.${row.status === 'Expired' ? 'expire' : 'activate'}`,
      target: row.id,
      before: { status: row.was },
      after: present(m, row),
    });
  }
  return res.rows.length;
}

/** The app a service call names (its credential's app id, or the administrator's app header), unchecked. */
function namedApp(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) return Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0] || undefined;
  const named = req.headers[ADMIN_APP_HEADERS[0]];
  return typeof named === 'string' && named ? named : undefined;
}

/** An entitlement belongs to a user of the app (and to one of that user's personas, when it names one) and ends after it starts. */
export const entitlementHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data }) => {
    const errs: FieldError[] = [];
    if (typeof data.endTime === 'string' && Date.parse(data.endTime) <= Date.parse(String(data.startTime))) {
      errs.push({ field: '/endTime', message: 'must be after the start time' });
    }
    const owner = async (kind: 'users' | 'personas', id: unknown) => {
      const res = await ctx.db.query<{ data: Data }>(`SELECT data FROM records WHERE ${kindPredicate(modelOf(ctx, SERVICE, kind))} AND scope_id = $1 AND id = $2`, [scopeId, id]);
      return res.rows[0]?.data;
    };
    if (!(await owner('users', data.userId))) errs.push({ field: '/userId', message: 'no such user' });
    else if (data.personaId !== undefined && (await owner('personas', data.personaId))?.userId !== data.userId) {
      errs.push({ field: '/personaId', message: 'not a persona of this user' });
    }
    return errs;
  },
};

const typesAnswer: JsonSchema = {
  type: 'object',
  properties: { total: { type: 'integer' }, types: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, count: { type: 'integer' } } } } },
};

export function mountEntitlements(api: Api, ctx: Ctx): void {
  const m = modelOf(ctx, SERVICE, 'entitlements');
  const prefix = `${BASE}/entitlements`;
  const concerns = (req: FastifyRequest) => req.routeOptions.url === prefix || !!req.routeOptions.url?.startsWith(`${prefix}/`);

  // Sweeping is only bringing records up to the clock, so the app a request names (before its credential is
  // checked) is enough to choose what to sweep; the call itself still checks who asks.
  api.app.addHook('preHandler', async (req) => {
    const appId = concerns(req) ? namedApp(req) : undefined;
    if (appId) await sweepEntitlements(ctx, { appId });
  });
  api.app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const record = payload as Data | null;
    if (!concerns(req) || !record || typeof record !== 'object' || typeof record.id !== 'string' || !isDue(record)) return payload;
    await sweepEntitlements(ctx, { ids: [record.id] });
    return fresh(ctx, m, record.id) ?? payload;
  });
  const timer = setInterval(() => void sweepEntitlements(ctx, {}).catch(() => undefined), SWEEP_MINUTES * 60_000);
  timer.unref();
  api.app.addHook('onClose', async () => clearInterval(timer));

  api.route({
    method: 'GET',
    url: `${prefix}/types`,
    summary: 'The entitlement types, each with how many entitlements of the app have it',
    tag: SERVICE,
    auth: 'service',
    responses: { 200: { description: 'types', schema: typesAnswer }, ...errors(401, 403) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const types = ((m.res.schema.properties as Record<string, JsonSchema>).type.enum as string[]) ?? [];
      const res = await ctx.db.query<{ type: string; n: number }>(
        `SELECT data->>'type' AS type, count(*)::int AS n FROM records WHERE ${kindPredicate(m)} AND scope_id = $1 GROUP BY 1`,
        [access.scopeId],
      );
      const counts = new Map(res.rows.map((r) => [r.type, Number(r.n)]));
      return { total: types.length, types: types.map((type) => ({ type, count: counts.get(type) ?? 0 })) };
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/sdk/entitlements`,
    summary: "The signed-in player's entitlements (their user's, and their selected persona's), newest first",
    tag: SERVICE,
    auth: 'player',
    querystring: pageQuery({ status: { type: 'string', enum: ['Pending', 'Active', 'Expired', 'Suspended'] } }),
    responses: { 200: listAnswer('entitlements', m.recordSchema), ...errors(400, 401, 403, 423) },
    handler: async (req) => {
      const player = await requirePlayer(ctx.db, req);
      await sweepEntitlements(ctx, { appId: player.appId });
      const q = req.query as Page & { status?: string };
      const where = `${kindPredicate(m)} AND scope_id = $1 AND data->>'userId' = $2
        AND (data->>'personaId' IS NULL OR data->>'personaId' = $3) AND ($4::text IS NULL OR status = $4)`;
      const params = [player.appId, player.userId, player.personaId, q.status ?? null];
      const [rows, total] = await Promise.all([
        ctx.db.query(`SELECT id, status, version, data, created_at, updated_at FROM records WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6`, [
          ...params,
          q.count,
          q.start,
        ]),
        ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records WHERE ${where}`, params),
      ]);
      return { total: Number(total.rows[0].n), entitlements: rows.rows.map((r) => present(m, r as never)) };
    },
  });
}

async function fresh(ctx: Ctx, m: ResourceModel, id: string): Promise<Data | undefined> {
  const res = await ctx.db.query(`SELECT id, status, version, data, created_at, updated_at FROM records WHERE ${kindPredicate(m)} AND id = $1`, [id]);
  return res.rows[0] ? present(m, res.rows[0] as never) : undefined;
}
