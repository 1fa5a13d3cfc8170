import { modelOf, type Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { appCaller, BASE, errors, listAnswer, pageQuery, SERVICE, type Page } from './shared';
import { records } from '../../../engine/query';

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
        const page = await records(ctx.db, m).page(access.scopeId, { where: { tags: { $contains: [String(tag.id)] } }, orderBy: '-createdAt', limit: q.count, offset: q.start });
        return { total: page.total, [kind]: page.items };
      },
    });
  }
}
