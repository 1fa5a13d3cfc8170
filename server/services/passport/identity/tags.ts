import { modelOf, type Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { kindPredicate } from '../../../engine/sql';
import { present } from '../../../engine/store';
import { appCaller, BASE, errors, listAnswer, pageQuery, SERVICE, type Page } from './shared';

/**
 * A tag's users and personas: the players area's records whose `tags` array holds the tag's id (found through the
 * containment index on `data->'tags'`), newest first.
 */
export function mountTagMembers(api: Api, ctx: Ctx): void {
  const tags = modelOf(ctx, SERVICE, 'tags');
  for (const kind of ['users', 'personas'] as const) {
    const m = modelOf(ctx, SERVICE, kind);
    api.route({
      method: 'GET',
      url: `${BASE}/tags/:id/${kind}`,
      summary: `The ${kind} carrying a tag`,
      tag: SERVICE,
      auth: 'service',
      params: paramsSchema('id'),
      querystring: pageQuery(),
      responses: { 200: listAnswer(kind, m.recordSchema), ...errors(400, 401, 403, 404) },
      handler: async (req) => {
        const access = await appCaller(ctx, req);
        const tag = await ctx.store.get(tags, access.scopeId, (req.params as { id: string }).id);
        const q = req.query as Page;
        const where = `${kindPredicate(m)} AND scope_id = $1 AND data->'tags' @> jsonb_build_array($2::text)`;
        const params = [access.scopeId, String(tag.id)];
        const [rows, total] = await Promise.all([
          ctx.db.query(`SELECT id, status, version, data, created_at, updated_at FROM records WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [
            ...params,
            q.count,
            q.start,
          ]),
          ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM records WHERE ${where}`, params),
        ]);
        return { total: Number(total.rows[0].n), [kind]: rows.rows.map((r) => present(m, r as never)) };
      },
    });
  }
}
