import type { Ctx } from '../../../context';
import { listAnswer, ok, type Api } from '../../../engine/api';
import { liveBillboards, publishBillboard } from './billboards';
import { playerCall, serviceCall } from './calls';

export function mountBillboards(api: Api, ctx: Ctx): void {
  serviceCall(api, ctx, {
    method: 'POST',
    path: '/billboards/:id/publish',
    summary: 'Publish a billboard now, or schedule it for a time (billboardScheduled until then)',
    optionalBody: {
      type: 'object',
      additionalProperties: false,
      properties: {
        publishAt: { type: 'string', format: 'date-time', maxLength: 40, description: 'When it goes live; absent or past: now.' },
        version: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
    },
    answer: ok('the billboard'),
    errors: [400, 401, 403, 404, 409],
  }, ({ appId, actor }, { id }, body: { publishAt?: string; version?: number }) => publishBillboard(ctx, appId, actor, id, body));
  playerCall(api, ctx, {
    method: 'GET',
    path: '/billboards',
    summary: 'The billboards live now (of a namespace), highest priority first',
    anyPersona: true,
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { namespace: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' } },
    },
    answer: listAnswer('billboards'),
    errors: [400, 401],
  }, (player, _, query) => liveBillboards(ctx, player.appId, query.namespace as string | undefined));
}
