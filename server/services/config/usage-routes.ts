import type { JsonSchema } from '../../../resources/types';
import type { Ctx } from '../../context';
import { errorSchema, type Api } from '../../engine/api';
import { badRequest } from '../../engine/errors';
import { authorizeService } from '../../engine/guard';
import { usageByApp, usageByDay, usageTotals, USAGE_ZONE, type UsageRange } from '../../usage';

const METERS = ['fetch', 'simulate'] as const;
const DAY = 86_400_000;
const MAX_DAYS = 366;

const rangeQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    start: { type: 'string', format: 'date', description: `first day (${USAGE_ZONE}); default 29 days before end` },
    end: { type: 'string', format: 'date', description: `last day (${USAGE_ZONE}); default today` },
  },
};

// Asia/Shanghai keeps UTC+8 all year (no daylight saving), so its calendar day is UTC shifted by 8 hours.
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The range asked for, defaulting to the last 30 days; at most a year; start not after end. */
export function resolveRange(q: { start?: string; end?: string }): UsageRange {
  const end = q.end ?? today();
  const start = q.start ?? addDays(end, -29);
  const days = (Date.parse(end) - Date.parse(start)) / DAY + 1;
  if (days < 1) throw badRequest([{ field: 'query.start', message: 'must not be after end' }]);
  if (days > MAX_DAYS) throw badRequest([{ field: 'query.start', message: `the range may span at most ${MAX_DAYS} days` }]);
  return { start, end };
}

const counts = (rows: { meter: string; total: number }[]) =>
  Object.fromEntries(METERS.map((meter) => [meter, rows.filter((r) => r.meter === meter).reduce((s, r) => s + r.total, 0)])) as Record<(typeof METERS)[number], number>;

const errors = { 400: { description: 'bad range', schema: errorSchema }, 401: { description: 'no credential', schema: errorSchema }, 403: { description: 'not allowed', schema: errorSchema } };

/** Usage of remote config: player fetches and console simulations, counted per day. */
export function mountConfigUsage(api: Api, ctx: Ctx, service: string, base: string): void {
  api.route({
    method: 'GET',
    url: `${base}/usages/total`,
    summary: 'Fetches and simulations over a range of days',
    tag: service,
    auth: 'service',
    querystring: rangeQuery,
    responses: {
      200: { description: 'totals', schema: { type: 'object', properties: { fetch: { type: 'integer' }, simulate: { type: 'integer' }, total: { type: 'integer' } } } },
      ...errors,
    },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, service);
      const totals = await usageTotals(ctx.db, service, scopeId, resolveRange(req.query as UsageRange));
      const fetch = totals.fetch ?? 0;
      const simulate = totals.simulate ?? 0;
      return { fetch, simulate, total: fetch + simulate };
    },
  });

  api.route({
    method: 'GET',
    url: `${base}/usages/date`,
    summary: 'Fetches and simulations per day (every day of the range, zeros included)',
    tag: service,
    auth: 'service',
    querystring: rangeQuery,
    responses: {
      200: {
        description: 'one row per day',
        schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' }, fetch: { type: 'integer' }, simulate: { type: 'integer' } } } } } },
      },
      ...errors,
    },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, service);
      const range = resolveRange(req.query as UsageRange);
      const rows = await usageByDay(ctx.db, service, scopeId, range);
      const items = [];
      for (let day = range.start; day <= range.end; day = addDays(day, 1)) items.push({ date: day, ...counts(rows.filter((r) => r.day === day)) });
      return { items };
    },
  });

  api.route({
    method: 'GET',
    url: `${base}/usages/app`,
    summary: 'Fetches and simulations per app (administrators see every app)',
    tag: service,
    auth: 'service',
    querystring: rangeQuery,
    responses: {
      200: {
        description: 'one row per app',
        schema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { appId: { type: 'string' }, fetch: { type: 'integer' }, simulate: { type: 'integer' } } } } } },
      },
      ...errors,
    },
    handler: async (req) => {
      const { principal, scopeId } = await authorizeService(ctx, req, service);
      const rows = await usageByApp(ctx.db, service, principal.kind === 'admin' ? undefined : scopeId, resolveRange(req.query as UsageRange));
      const appIds = [...new Set(rows.map((r) => r.appId))];
      return { items: appIds.map((appId) => ({ appId, ...counts(rows.filter((r) => r.appId === appId)) })) };
    },
  });
}
