import type { FastifyRequest } from 'fastify';
import { DAY_RANGES } from '../../resources/ops-api';
import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { requireAdmin } from './access';
import { dailyCounts, dayRange, shanghaiDay } from './daily';
import { dailySeriesSchema, failures } from './schemas';

/** Which apps count on a day: active ones had a usage event or an operation; new ones were created. */
const SOURCES = {
  active: `SELECT ${shanghaiDay('occurred_at')} AS day, app_id AS k FROM usage_events WHERE occurred_at >= $1 AND occurred_at < $2
    UNION ALL
    SELECT ${shanghaiDay('at')} AS day, app_id AS k FROM audit_log WHERE app_id IS NOT NULL AND at >= $1 AND at < $2`,
  new: `SELECT ${shanghaiDay('created_at')} AS day, app_id AS k FROM apps WHERE created_at >= $1 AND created_at < $2`,
};

export const dayRangeQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    days: { type: 'integer', enum: [...DAY_RANGES], default: 7 },
    end: { type: 'string', format: 'date', maxLength: 10, description: 'the last day (Asia/Shanghai); default today' },
  },
} as const;

export function mountStatistics(api: Api, ctx: Ctx): void {
  const series = (kind: keyof typeof SOURCES) => async (req: FastifyRequest) => {
    await requireAdmin(ctx, req);
    const { days, end } = req.query as { days: number; end?: string };
    return dailyCounts(ctx.db, dayRange(days, end), SOURCES[kind]);
  };

  api.route({
    method: 'GET',
    url: '/api/statistics/daily-app-active',
    summary: 'Apps with a usage event or an operation, per Asia/Shanghai day (administrators)',
    tag: 'statistics',
    auth: 'admin',
    querystring: dayRangeQuery,
    responses: { 200: { description: 'one entry per day, zero-filled; Total: distinct active apps in the range', schema: dailySeriesSchema }, ...failures },
    handler: series('active'),
  });

  api.route({
    method: 'GET',
    url: '/api/statistics/daily-app-new',
    summary: 'Apps created per Asia/Shanghai day (administrators)',
    tag: 'statistics',
    auth: 'admin',
    querystring: dayRangeQuery,
    responses: { 200: { description: 'one entry per day, zero-filled; Total: apps created in the range', schema: dailySeriesSchema }, ...failures },
    handler: series('new'),
  });
}
