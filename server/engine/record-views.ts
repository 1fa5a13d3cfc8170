import type { JsonSchema, ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { errorResponses, listAnswer, pageQuery, type Api, type Page } from './api';
import { itemParams } from './children';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { records } from './query';
import { fixedWhere, RECORD_FIELDS } from './where';
import type { Data } from './store';
import { idOf } from './write';

/** Start-up check of the views the engine serves: their rows are records of a resource that has the field. */
export function checkRecordViews(service: ServiceDecl, res: ResourceDecl): void {
  for (const view of res.views ?? []) {
    if (!view.rowsOf) continue;
    const where = `${service.name}/${res.name}: view ${view.name}`;
    const name = typeof view.row === 'string' ? view.row : view.rowsOf.resource;
    if (typeof view.row === 'string' && view.rowsOf.resource) throw new Error(`${where}: rowsOf.resource is for a row schema`);
    const rows = service.resources.find((r) => r.name === name);
    if (!rows) throw new Error(`${where}: rowsOf needs a row resource of the service`);
    const props = (rows.schema.properties ?? {}) as Record<string, JsonSchema>;
    const orderBy = Array.isArray(view.rowsOf.orderBy) ? view.rowsOf.orderBy : [view.rowsOf.orderBy];
    const answered = typeof view.row === 'string' ? [] : Object.keys((view.row.properties ?? {}) as object);
    const named = [view.rowsOf.field, ...orderBy.map((o) => o.replace(/^-/, '')), ...Object.keys(view.rowsOf.where ?? {}), ...answered];
    for (const f of named) {
      if (!(f in props) && !RECORD_FIELDS.includes(f)) throw new Error(`${where}: '${f}' is not a field of ${rows.name}`);
    }
    if (view.method === 'POST') throw new Error(`${where}: the engine serves GET views only`);
  }
}


/** The model of the records a `rowsOf` view lists, and the schema of its rows (the view's own, when it has one). */
function rowsOfModel(ctx: Ctx, m: ResourceModel, view: ViewDecl): { rows: ResourceModel; row: JsonSchema } {
  const name = typeof view.row === 'string' ? view.row : view.rowsOf?.resource;
  const rows = ctx.models.get(`${m.service.name}/${String(name)}`)!;
  return { rows, row: typeof view.row === 'string' ? rows.recordSchema : view.row };
}

/**
 * One page of a `rowsOf` view of the record `id` (every row up to the view's limit when it pages in the client):
 * `{ total, <listKey>: [...] }`. Also for a service's own call answering the same view to other callers (a player).
 */
export async function viewRowsOf(
  ctx: Ctx,
  db: Queryable,
  m: ResourceModel,
  view: ViewDecl,
  scopeId: string,
  id: string,
  query: Page,
): Promise<Data> {
  const rowsOf = view.rowsOf!;
  const { rows } = rowsOfModel(ctx, m, view);
  const paged = view.paging.mode === 'server';
  const page = await records(db, rows).page(scopeId, {
    where: { ...fixedWhere(rowsOf.where), [rowsOf.field]: rowsOf.contains ? { $contains: [id] } : id },
    orderBy: rowsOf.orderBy,
    limit: paged ? query.count : (rowsOf.limit ?? 1000),
    offset: paged ? query.start : 0,
  });
  return { total: page.total, [view.listKey]: page.items.map((r) => viewRow(view, r)) };
}

/** A record as a row of the view: the row schema's properties (one the record lacks as null), or the whole record. */
export function viewRow(view: Pick<ViewDecl, 'row'>, record: Data): Data {
  if (typeof view.row === 'string') return record;
  return Object.fromEntries(Object.keys((view.row.properties ?? {}) as object).map((f) => [f, record[f] ?? null]));
}

/** Mounts the views of `m` whose rows are records referring to the record (`ViewDecl.rowsOf`). */
export function mountRecordViews(api: Api, ctx: Ctx, m: ResourceModel): void {
  for (const view of m.res.views ?? []) {
    const rowsOf = view.rowsOf;
    if (!rowsOf) continue;
    const paged = view.paging.mode === 'server';
    api.route({
      method: 'GET',
      url: `${m.base}/:${m.idParam}${view.path}`,
      summary: rowsOf.summary,
      tag: m.service.name,
      auth: 'service',
      access: m.res.access.read,
      params: itemParams(m),
      querystring: paged ? pageQuery() : undefined,
      responses: { 200: listAnswer(view.listKey, rowsOfModel(ctx, m, view).row), ...errorResponses(400, 401, 403, 404) },
      handler: async (req) => {
        const { scopeId } = await authorize(ctx, req, m, 'read');
        const record = await ctx.store.get(m, scopeId, await ctx.store.resolveId(m, scopeId, idOf(req, m)));
        return viewRowsOf(ctx, ctx.db, m, view, scopeId, String(record[m.res.idField]), req.query as Page);
      },
    });
  }
}
