import type { Ctx } from '../../../context';
import { errorResponses, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { requirePlayer } from '../players/principal';
import { liveBillboards, publishBillboard } from './billboards';
import { listAnswer, TAG } from './common';
import { BASE, SDK } from '../base';

export function mountBillboards(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: `${BASE}/billboards/:id/publish`,
    summary: 'Publish a billboard now, or schedule it for a time (billboardScheduled until then)',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    optionalBody: {
      type: 'object',
      additionalProperties: false,
      properties: {
        publishAt: { type: 'string', format: 'date-time', maxLength: 40, description: 'When it goes live; absent or past: now.' },
        version: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
    },
    responses: { 200: { description: 'the billboard', schema: { type: 'object' } }, ...errorResponses(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      return publishBillboard(ctx, scopeId, principal.actor, (req.params as { id: string }).id, (req.body ?? {}) as { publishAt?: string; version?: number });
    },
  });
  api.route({
    method: 'GET',
    url: `${SDK}/billboards`,
    summary: 'The billboards live now (of a namespace), highest priority first',
    tag: TAG,
    auth: 'player',
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { namespace: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' } },
    },
    responses: { 200: listAnswer('billboards'), ...errorResponses(400, 401) },
    handler: async (req) => {
      const player = await requirePlayer(ctx.db, req);
      return liveBillboards(ctx, player.appId, (req.query as { namespace?: string }).namespace);
    },
  });
}
