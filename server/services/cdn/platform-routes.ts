import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf, type Ctx } from '../../context';
import { charge } from '../../billing/prices';
import { errorSchema, type Api, type RouteDef } from '../../engine/api';
import { authorizeService } from '../../engine/guard';
import { records } from '../../engine/query';
import { deliveriesOf } from './deliveries';
import { clearBucketCache } from './proxy-cache-calls';
import { bucketStatistics, deliveriesByDay, rangeOf, topEntries } from './statistics';

const SERVICE = assetStreaming.name;
/** The platform shell's calls about asset streaming (spec 001 §7 "Also on the platform shell"). */
const API = '/api/cdn';

const range = { start: { type: 'string', format: 'date', description: 'first day (Asia/Shanghai); default 29 days before end' }, end: { type: 'string', format: 'date', description: 'last day; default today' } };
const rangeQuery = (extra: Record<string, unknown> = {}) => ({ type: 'object', additionalProperties: false, properties: { ...range, ...extra } });
const bucketParam = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64, description: 'the bucket' } } };
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, { description: 'error', schema: errorSchema }]));
const obj = (description: string) => ({ description, schema: { type: 'object' } });

type Q = { start?: string; end?: string; k?: number; by?: 'requests' | 'bytes' };

async function bucketIn(ctx: Ctx, appId: string, id: string) {
  return records(ctx.db, modelOf(ctx, SERVICE, 'buckets')).get(appId, id, { message: 'no such bucket' });
}

/** The platform shell's calls are grouped with its statistics in the API document, as they are not under the service's base. */
function route(api: Api, def: Omit<RouteDef, 'tag' | 'auth'>) {
  api.route({ ...def, tag: 'statistics', auth: 'service' });
}

/** `/api/cdn/…`: a bucket's statistics and proxy cache, the app's delivery usage, its top entries and what billing makes of it. */
export function mountCdnPlatformRoutes(api: Api, ctx: Ctx): void {
  route(api, {
    method: 'GET',
    url: `${API}/:id/statistics`,
    summary: "A bucket's deliveries: requests and bytes per day and its most requested entries",
    params: bucketParam,
    querystring: rangeQuery(),
    responses: { 200: obj('the statistics'), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, SERVICE);
      const { id } = req.params as { id: string };
      await bucketIn(ctx, scopeId, id);
      return bucketStatistics(ctx, scopeId, id, req.query as Q);
    },
  });
  route(api, {
    method: 'GET',
    url: `${API}/:id/clear-proxy-cache`,
    summary: "Drop the bucket's content from this server's proxy cache",
    params: bucketParam,
    responses: { 200: { description: 'how many contents were dropped', schema: { type: 'object', properties: { cleared: { type: 'integer' } } } }, ...errors(401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, SERVICE);
      const { id } = req.params as { id: string };
      await bucketIn(ctx, scopeId, id);
      // Every other instance drops the bucket's content from its own proxy cache too.
      return clearBucketCache(ctx, id);
    },
  });
  route(api, {
    method: 'GET',
    url: `${API}/usage`,
    summary: "The app's deliveries per day (every day of the range, zeros included)",
    querystring: rangeQuery(),
    responses: { 200: obj('one row per day'), ...errors(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, SERVICE);
      return { items: await deliveriesByDay(ctx, { appId: scopeId }, rangeOf(req.query as Q)) };
    },
  });
  route(api, {
    method: 'GET',
    url: `${API}/usage/aggregation`,
    summary: "The app's deliveries over the range in all: requests, bytes, and the billable traffic",
    querystring: rangeQuery(),
    responses: { 200: obj('the totals'), ...errors(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, SERVICE);
      const r = rangeOf(req.query as Q);
      const days = await deliveriesByDay(ctx, { appId: scopeId }, r);
      const bytes = days.reduce((s, d) => s + d.bytes, 0);
      return { start: r.first, end: r.last, requests: days.reduce((s, d) => s + d.requests, 0), bytes, billableUnits: charge(SERVICE, 'traffic', bytes).units };
    },
  });
  route(api, {
    method: 'GET',
    url: `${API}/usage/top-k`,
    summary: "The app's k most requested (or most downloaded) entries over the range",
    querystring: rangeQuery({ k: { type: 'integer', minimum: 1, maximum: 100, default: 10 }, by: { type: 'string', enum: ['requests', 'bytes'], default: 'requests' } }),
    responses: { 200: obj('the entries, most first'), ...errors(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, SERVICE);
      const q = req.query as Q;
      await deliveriesOf(ctx).flush();
      return { items: await topEntries(ctx.db, { appId: scopeId }, rangeOf(q), q.k ?? 10, q.by) };
    },
  });
  route(api, {
    method: 'GET',
    url: `${API}/blue-cloud-usage`,
    summary: "The app's download traffic over the range as billing prices it (usage price, coefficient, free credit)",
    querystring: rangeQuery(),
    responses: { 200: obj('traffic and its charge'), ...errors(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, SERVICE);
      const r = rangeOf(req.query as Q);
      const bytes = (await deliveriesByDay(ctx, { appId: scopeId }, r)).reduce((s, d) => s + d.bytes, 0);
      return { start: r.first, end: r.last, bytes, ...charge(SERVICE, 'traffic', bytes) };
    },
  });
}
