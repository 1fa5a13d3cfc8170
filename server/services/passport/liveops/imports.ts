import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { errorResponses } from '../../../engine/api';
import { badRequest } from '../../../engine/errors';
import { authorizeService } from '../../../engine/guard';
import { importBodySchema, importReportSchema, importRows, parseRows } from '../import';
import { liveopsAudit, passportModel, TAG } from './common';

/**
 * `POST <resource>/import`: rows of a CSV or JSON file become records of a resource addressed by its slug; a row
 * whose slug is taken (by a stored record or an earlier row) is reported, like any row the schema refuses.
 */
export function mountSlugImport(api: Api, ctx: Ctx, resource: string, url: string, summary: string): void {
  api.route({
    method: 'POST',
    url,
    summary,
    tag: TAG,
    auth: 'service',
    body: importBodySchema,
    responses: { 200: { description: 'the per-row report', schema: importReportSchema }, ...errorResponses(400, 401, 403) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const m = passportModel(ctx, resource);
      const body = req.body as { format: 'csv' | 'json'; content: string };
      const parsed = parseRows(body.format, body.content, m.res.schema);
      if ('error' in parsed) throw badRequest([parsed.error]);
      const taken = new Set((await ctx.store.all(m, scopeId)).map((r) => String(r.slugName)));
      const report = await importRows(ctx, m, scopeId, parsed.rows, (row, seen) => {
        const slug = String(row.slugName);
        if (taken.has(slug)) return [{ field: '/slugName', message: 'already exists' }];
        if (seen.some((s) => s.slugName === slug)) return [{ field: '/slugName', message: 'repeats an earlier row' }];
        return [];
      });
      await liveopsAudit(ctx.db, principal.actor, scopeId, `${resource}.import`, scopeId, undefined, report);
      return report;
    },
  });
}
