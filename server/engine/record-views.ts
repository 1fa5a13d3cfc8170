import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, listAnswer, pageQuery, type Api } from './api';
import { itemParams } from './children';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { records } from './query';
import { idOf } from './write';

/** Start-up check of the views the engine serves: their rows are records of a resource that has the field. */
export function checkRecordViews(service: ServiceDecl, res: ResourceDecl): void {
  for (const view of res.views ?? []) {
    if (!view.rowsOf) continue;
    const where = `${service.name}/${res.name}: view ${view.name}`;
    const rows = typeof view.row === 'string' ? service.resources.find((r) => r.name === view.row) : undefined;
    if (!rows) throw new Error(`${where}: rowsOf needs a row resource of the service`);
    const props = (rows.schema.properties ?? {}) as Record<string, JsonSchema>;
    const orderBy = Array.isArray(view.rowsOf.orderBy) ? view.rowsOf.orderBy : [view.rowsOf.orderBy];
    for (const f of [view.rowsOf.field, ...orderBy.map((o) => o.replace(/^-/, ''))]) {
      if (!(f in props) && !['id', 'createdAt', 'updatedAt'].includes(f)) throw new Error(`${where}: '${f}' is not a field of ${rows.name}`);
    }
    if (view.method === 'POST') throw new Error(`${where}: the engine serves GET views only`);
  }
}

/** Mounts the views of `m` whose rows are records referring to the record (`ViewDecl.rowsOf`). */
export function mountRecordViews(api: Api, ctx: Ctx, m: ResourceModel): void {
  for (const view of m.res.views ?? []) {
    const rowsOf = view.rowsOf;
    if (!rowsOf) continue;
    const rows = ctx.models.get(`${m.service.name}/${view.row as string}`)!;
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
      responses: { 200: listAnswer(view.listKey, rows.recordSchema), ...errorResponses(400, 401, 403, 404) },
      handler: async (req) => {
        const { scopeId } = await authorize(ctx, req, m, 'read');
        const record = await ctx.store.get(m, scopeId, await ctx.store.resolveId(m, scopeId, idOf(req, m)));
        const id = String(record[m.res.idField]);
        const query = req.query as { count?: number; start?: number };
        const page = await records(ctx.db, rows).page(scopeId, {
          where: { [rowsOf.field]: rowsOf.contains ? { $contains: [id] } : id },
          orderBy: rowsOf.orderBy,
          limit: paged ? query.count! : (rowsOf.limit ?? 1000),
          offset: paged ? query.start : 0,
        });
        return { total: page.total, [view.listKey]: page.items };
      },
    });
  }
}
