import { randomUUID } from 'node:crypto';
import type { JsonSchema } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { badRequest, conflict, notFound, type FieldError } from '../../../engine/errors';
import type { ResourceHooks } from '../../../engine/hooks';
import { RecordStore, type Data } from '../../../engine/store';
import { storedFields } from '../../../engine/write';
import { playerActor, requirePlayer } from '../players/principal';
import { BASE, errors, idString, ok, SERVICE, text } from './shared';
import { records } from '../../../engine/query';

/** Who reported whom never changes; operators choose Reviewing, Cleared or Actioned; Revoked is the reporter's alone. */
const PARTIES = ['reporterUserId', 'reporterPersonaId', 'targetUserId', 'targetPersonaId'];

export const reportHooks: ResourceHooks = {
  validate: ({ data, existing }) => {
    if (existing?.status === 'Revoked') throw conflict('INVALID_TRANSITION', 'the reporter revoked this report');
    const errs: FieldError[] = [];
    if (data.status === 'Revoked') errs.push({ field: '/status', message: 'only the reporter can revoke a report' });
    if (existing) for (const f of PARTIES) if (data[f] !== existing[f]) errs.push({ field: `/${f}`, message: 'cannot be changed' });
    return errs;
  },
};

interface FileBody {
  targetPersonaId?: string;
  targetUserId?: string;
  reason: string;
  description?: string;
}

export function mountReports(api: Api, ctx: Ctx): void {
  const m = modelOf(ctx, SERVICE, 'reports');
  const users = modelOf(ctx, SERVICE, 'users');
  const personas = modelOf(ctx, SERVICE, 'personas');
  const reasons = (m.res.schema.properties as Record<string, JsonSchema>).reason;

  /** The reported player in the reporter's app: the persona named (and its user), or the user named. */
  async function target(appId: string, body: FileBody): Promise<{ userId: string; personaId?: string }> {
    if (body.targetPersonaId) {
      const persona = await ctx.store.get(personas, appId, body.targetPersonaId).catch(() => {
        throw notFound('the reported player does not exist');
      });
      const userId = String(persona.userId);
      if (body.targetUserId && body.targetUserId !== userId) throw badRequest([{ field: '/targetUserId', message: 'not the user of this persona' }]);
      return { userId, personaId: body.targetPersonaId };
    }
    await ctx.store.get(users, appId, body.targetUserId!).catch(() => {
      throw notFound('the reported player does not exist');
    });
    return { userId: body.targetUserId! };
  }

  api.route({
    method: 'POST',
    url: `${BASE}/sdk/reports`,
    summary: 'Report another player (a persona, or a user) of the game; the report is reviewed by the operators',
    tag: SERVICE,
    auth: 'player',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['reason'],
      anyOf: [{ required: ['targetPersonaId'] }, { required: ['targetUserId'] }],
      properties: { targetPersonaId: idString, targetUserId: idString, reason: reasons, description: text(1000) },
    },
    responses: { 201: ok('the report', m.recordSchema), ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req, reply) => {
      const player = await requirePlayer(ctx.db, req);
      const body = req.body as FileBody;
      const who = await target(player.appId, body);
      if (who.userId === player.userId) throw badRequest([{ field: body.targetPersonaId ? '/targetPersonaId' : '/targetUserId', message: 'cannot report yourself' }]);
      const data: Data = {
        reporterUserId: player.userId,
        ...(player.personaId ? { reporterPersonaId: player.personaId } : {}),
        targetUserId: who.userId,
        ...(who.personaId ? { targetPersonaId: who.personaId } : {}),
        reason: body.reason,
        ...(body.description ? { description: body.description } : {}),
        status: 'Reviewing',
      };
      const created = await ctx.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`passport-report|${player.appId}|${player.userId}|${who.userId}`]);
        const open = await records(tx, m).exists(player.appId, { reporterUserId: player.userId, targetUserId: who.userId, status: 'Reviewing' });
        if (open) throw conflict('DUPLICATE', 'you already reported this player and the report is under review');
        return new RecordStore(tx).insert(m, player.appId, randomUUID(), data, null);
      });
      await recordOperation(ctx.db, { actor: playerActor(player), appId: player.appId, action: 'passport.reports.file', target: String(created.id), after: created });
      reply.code(201);
      return created;
    },
  });

  api.route({
    method: 'POST',
    url: `${BASE}/sdk/reports/:id/revoke`,
    summary: 'Withdraw one of your reports while it is under review (it becomes Revoked)',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    responses: { 200: ok('the report', m.recordSchema), ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req) => {
      const player = await requirePlayer(ctx.db, req);
      const id = (req.params as { id: string }).id;
      const before = await ctx.store.get(m, player.appId, id);
      if (before.reporterUserId !== player.userId) throw notFound();
      if (before.status !== 'Reviewing') throw conflict('INVALID_TRANSITION', 'only a report under review can be revoked');
      const after = await ctx.store.update(m, player.appId, id, { data: { ...storedFields(m, before), status: 'Revoked' }, version: before.version as number });
      await recordOperation(ctx.db, { actor: playerActor(player), appId: player.appId, action: 'passport.reports.revoke', target: id, before, after });
      return after;
    },
  });
}
