import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import { acrossAppsPath, acrossAppsTotalsPath, type AcrossAppsTotals, type AppTotals } from '../../resources/across-apps';
import type { Ctx } from '../context';
import { adminActor, requireAdmin } from '../auth/callers';
import { listApps, type AppView } from '../platform/apps';
import { errorResponses, idParam, type Api } from './api';
import { notFound } from './errors';
import type { HookRegistry } from './hooks';
import { restQuerySchema } from './list-routes';
import type { ResourceModel } from './model';
import { records } from './query';
import { deleteRecord } from './references';
import { fieldExpr, tableOf } from './sql';
import { listWhere, type ListQuery } from './store';

/** The app filter of the calls: one app's records only. */
const APP_ID = { type: 'string', minLength: 1, maxLength: 64 };

/** The list's query: the resource's paging, sorts and search, the app, and the filters `acrossApps.filters` names. */
function listQuerySchema(m: ResourceModel): JsonSchema {
  const rest = restQuerySchema(m);
  const props = { ...(rest.properties as Record<string, JsonSchema>) };
  const kept = new Set(m.res.acrossApps?.filters ?? []);
  for (const f of m.res.list.filters ?? []) if (!kept.has(f)) delete props[f];
  // Narrowing to the records holding a field (`ListDecl.has`) is the app's own lists'.
  delete props.has;
  return { ...rest, properties: { ...props, appId: APP_ID } };
}

/** The totals' query: the list's without paging and order. */
function totalsQuerySchema(m: ResourceModel): JsonSchema {
  const list = listQuerySchema(m);
  const { page: _p, pageSize: _s, sort: _o, order: _d, ...props } = list.properties as Record<string, JsonSchema>;
  return { ...list, properties: props };
}

function toListQuery(args: Record<string, unknown>): { query: ListQuery; appId?: string } {
  const { page = 1, pageSize = 20, sort, order, q, appId, ...filters } = args;
  return { query: { page: page as number, pageSize: pageSize as number, sort: sort as string, order: order as 'asc' | 'desc', q: q as string, filters }, appId: appId as string | undefined };
}

/** The apps named, with their names and organisations (an app deleted since reads as its id). */
export async function appsOf(ctx: Ctx, ids: string[]): Promise<Map<string, AppView>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const { items } = await listApps(ctx.db, '', 'all', { appIds: unique, limit: unique.length });
  return new Map(items.map((a) => [a.AppId, a]));
}

export const appFields = (apps: Map<string, AppView>, appId: string) => {
  const app = apps.get(appId);
  return { appId, appName: app?.ProjectName ?? appId, orgId: app?.OrganizationId ?? '', orgName: app?.OrganizationName ?? '' };
};

/** Records and sums per app under the filters, the largest first (by the first sum, else the count). */
async function totals(ctx: Ctx, m: ResourceModel, args: Record<string, unknown>): Promise<AcrossAppsTotals> {
  const sums = m.res.acrossApps?.sums ?? [];
  const { query, appId } = toListQuery(args);
  const { where, params } = listWhere(m, appId, query);
  const measures = sums.map((f, i) => `coalesce(sum(${fieldExpr(m, f)}), 0)::float8 AS s${i}`);
  const order = sums.length ? 's0 DESC, count DESC' : 'count DESC';
  const res = await ctx.db.query<Record<string, string | number>>(
    `SELECT scope_id, count(*)::int AS count${measures.map((s) => `, ${s}`).join('')} FROM ${tableOf(m)} WHERE ${where} GROUP BY scope_id ORDER BY ${order}, scope_id`,
    params,
  );
  const apps = await appsOf(ctx, res.rows.map((r) => String(r.scope_id)));
  const items = res.rows.map((r) => ({
    ...appFields(apps, String(r.scope_id)),
    count: Number(r.count),
    ...Object.fromEntries(sums.map((f, i) => [f, Number(r[`s${i}`])])),
  })) as AppTotals[];
  const all = { apps: items.length, count: items.reduce((n, r) => n + r.count, 0), ...Object.fromEntries(sums.map((f) => [f, items.reduce((n, r) => n + Number(r[f]), 0)])) };
  return { items, all };
}

/**
 * The back office's calls of a resource listed across apps (`ResourceDecl.acrossApps`, `resources/across-apps.ts`),
 * for administrators only (an app credential or a console member is refused): its records of every app with their
 * app and organisation, the totals per app and in all, and the delete of one record in whichever app holds it (the
 * resource's own delete: its referrers' rules, its hooks and the operation history).
 */
export function mountAcrossApps(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel): void {
  const across = m.res.acrossApps;
  if (!across) return;
  const base = `${m.service.base}${acrossAppsPath(m.res)}`;
  const plural = m.res.label.en.toLowerCase();
  const tag = m.service.name;
  const row: JsonSchema = {
    ...m.recordSchema,
    properties: { ...(m.recordSchema.properties as Record<string, JsonSchema>), appId: { type: 'string' }, appName: { type: 'string' }, orgId: { type: 'string' }, orgName: { type: 'string' } },
  };

  api.route({
    method: 'GET',
    url: base,
    summary: `List the ${plural} of every app, with their app and organisation (administrators)`,
    tag,
    auth: 'admin',
    querystring: listQuerySchema(m),
    responses: { 200: { description: 'one page', schema: { type: 'object', required: ['total', 'items'], properties: { total: { type: 'integer' }, items: { type: 'array', items: row } } } }, ...errorResponses(400, 401, 403) },
    handler: async (req) => {
      await requireAdmin(ctx, req);
      const { query, appId } = toListQuery(req.query as Record<string, unknown>);
      const { total, items } = await ctx.store.listEverywhere(m, query, appId);
      const apps = await appsOf(ctx, items.map((i) => i.scopeId));
      return { total, items: items.map((i) => ({ ...i.record, ...appFields(apps, i.scopeId) })) };
    },
  });

  const sumProps = Object.fromEntries((across.sums ?? []).map((f) => [f, { type: 'number' }]));
  api.route({
    method: 'GET',
    url: `${m.service.base}${acrossAppsTotalsPath(m.res)}`,
    summary: `How many ${plural} each app has${across.sums?.length ? ` and their ${across.sums.join(', ')}` : ''}, and in all (administrators)`,
    tag,
    auth: 'admin',
    querystring: totalsQuerySchema(m),
    responses: {
      200: {
        description: 'per app, the largest first, and in all',
        schema: {
          type: 'object',
          required: ['items', 'all'],
          properties: {
            items: { type: 'array', items: { type: 'object', properties: { appId: { type: 'string' }, appName: { type: 'string' }, orgId: { type: 'string' }, orgName: { type: 'string' }, count: { type: 'integer' }, ...sumProps } } },
            all: { type: 'object', properties: { apps: { type: 'integer' }, count: { type: 'integer' }, ...sumProps } },
          },
        },
      },
      ...errorResponses(400, 401, 403),
    },
    handler: async (req) => {
      await requireAdmin(ctx, req);
      return totals(ctx, m, req.query as Record<string, unknown>);
    },
  });

  if (!across.delete) return;
  api.route({
    method: 'DELETE',
    url: `${base}/:id`,
    summary: `Delete a ${m.res.singular.en} of any app (administrators)`,
    tag,
    auth: 'admin',
    params: { type: 'object', required: ['id'], properties: { id: idParam } },
    responses: { 204: { description: 'deleted' }, ...errorResponses(400, 401, 403, 404) },
    handler: async (req: FastifyRequest, reply) => {
      const admin = await requireAdmin(ctx, req);
      const { id } = req.params as { id: string };
      const [found] = await records(ctx.db, m).findEverywhere({ where: { id }, limit: 1 });
      if (!found) throw notFound();
      await deleteRecord(ctx, { scopeId: found.scopeId, principal: { actor: adminActor(admin) } }, m, id);
      await hooks.get(`${m.service.name}/${m.res.name}`)?.changed?.({ ctx, model: m, scopeId: found.scopeId, ids: [id] });
      reply.code(204);
      return null;
    },
  });
}
