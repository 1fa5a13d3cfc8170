import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, type Api } from './api';
import { collectionParams } from './children';
import { authorize } from './guard';
import { answerFor, guardListQuery } from './write';
import type { ResourceModel } from './model';
import type { ListQuery } from './store';

/** The passport convention's largest page (its own list helpers page by 50). */
export const MAX_COUNT = 1000;

/** The declared filter fields, as query or body properties (the field's own schema, without defaults). */
function filterProperties(m: ResourceModel): Record<string, JsonSchema> {
  const props = (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    (m.res.list.filters ?? []).map((f) => {
      const { default: _d, readOnly: _r, 'x-ui': _x, ...s } = props[f];
      return [f, s];
    }),
  );
}

const orderProperties = (m: ResourceModel): Record<string, JsonSchema> => ({
  sort: { type: 'string', enum: m.sortable },
  order: { type: 'string', enum: ['asc', 'desc'] },
  q: { type: 'string', maxLength: 200 },
});

export function restQuerySchema(m: ResourceModel): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 200, default: m.res.list.pageSize ?? 20 },
      ...orderProperties(m),
      ...filterProperties(m),
      ...hasProperty(m),
    },
  };
}

/** `has=<field>`: only the records holding a value of one of the list's `has` fields (`ListDecl.has`). */
const hasProperty = (m: ResourceModel): Record<string, JsonSchema> =>
  m.res.list.has?.length ? { has: { type: 'string', enum: m.res.list.has, description: 'only the records holding a value of this field' } } : {};

/** `offset` / `limit` paging (spec 001 §7, CDN) with the same sort, search and filters as REST. */
function cdnQuerySchema(m: ResourceModel): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
      limit: { type: 'integer', minimum: 1, maximum: MAX_COUNT, default: m.res.list.pageSize ?? 20 },
      ...orderProperties(m),
      ...filterProperties(m),
    },
  };
}

/** The `Content-Range` of one page of a cdn list: `items <first>-<last>/<total>`; an empty page has `items *` before the total. */
export function contentRange(offset: number, count: number, total: number): string {
  return count > 0 ? `items ${offset}-${offset + count - 1}/${total}` : `items */${total}`;
}

type ListRun = (req: Parameters<Parameters<Api['route']>[0]['handler']>[0], args: Record<string, unknown>) => Promise<{ total: number; items: unknown[] }>;

/** The cdn convention's list: `GET <path>?offset=&limit=` answering the page's array, the total in `Content-Range`. */
function mountCdnList(api: Api, m: ResourceModel, tag: string, plural: string, run: ListRun): void {
  api.route({
    method: 'GET',
    url: m.base,
    summary: `List ${plural} (the total in Content-Range)`,
    tag,
    auth: 'service',
    access: m.res.access.read,
    params: collectionParams(m),
    querystring: cdnQuerySchema(m),
    responses: { 200: { description: 'one page; Content-Range: items <first>-<last>/<total>', schema: { type: 'array', items: m.recordSchema } }, ...errorResponses(400, 401, 403) },
    handler: async (req, reply) => {
      const { offset, limit, ...rest } = req.query as Record<string, unknown>;
      const { total, items } = await run(req, { ...rest, count: limit, start: offset });
      reply.header('content-range', contentRange(offset as number, items.length, total));
      return items;
    },
  });
}

/** `{ count, start }` paging (spec 002 §7) with the same sort, search and filters as REST. */
export function searchSchema(m: ResourceModel): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      count: { type: 'integer', minimum: 1, maximum: MAX_COUNT, default: m.res.list.pageSize ?? 50 },
      start: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
      ...orderProperties(m),
      ...filterProperties(m),
    },
  };
}

/** The key of the array in a passport search answer. */
export const listKeyOf = (m: ResourceModel): string => m.res.listKey ?? m.res.name;

/** A list call's arguments as a store query. */
function toQuery(args: Record<string, unknown>): ListQuery {
  const { page, pageSize, count, start, sort, order, q, has, ...filters } = args;
  const narrowed = { sort: sort as string, order: order as 'asc' | 'desc', q: q as string, filters, ...(has ? { has: String(has) } : {}) };
  if (count !== undefined) return { page: 1, pageSize: count as number, offset: start as number, ...narrowed };
  return { page: page as number, pageSize: pageSize as number, ...narrowed };
}

/**
 * A resource's list calls in its service's convention: REST `GET <path>?page=` → `{ total, items }`; passport
 * `POST <path>/search` with `{ count, start }` (and `GET <path>?count=&start=`) → `{ total, <listKey>: [...] }`.
 */
export function mountList(api: Api, ctx: Ctx, m: ResourceModel): void {
  const tag = m.service.name;
  const plural = m.res.label.en.toLowerCase();
  const page = (key: string) => ({
    description: 'one page',
    schema: { type: 'object', required: ['total', key], properties: { total: { type: 'integer' }, [key]: { type: 'array', items: m.recordSchema } } },
  });
  const runOver = (everyParent: boolean) => async (req: Parameters<Parameters<Api['route']>[0]['handler']>[0], args: Record<string, unknown>) => {
    const access = await authorize(ctx, req, m, 'read', undefined, everyParent);
    guardListQuery(access, m, args);
    const { total, items } = await ctx.store.list(m, access.scopeId, { ...toQuery(args), parentId: access.parentId });
    return { total, items: items.map((r) => answerFor(access, m, r)) };
  };
  const run = runOver(false);
  const appList = m.res.parent?.appList;
  if (appList && m.service.convention === 'rest') {
    api.route({
      method: 'GET',
      url: `${m.service.base}${appList}`,
      summary: `List the app's ${plural} under every ${m.res.parent!.resource.replace(/s$/, '')}`,
      tag,
      auth: 'service',
      access: m.res.access.read,
      querystring: restQuerySchema(m),
      responses: { 200: page('items'), ...errorResponses(400, 401, 403) },
      handler: (req) => runOver(true)(req, req.query as Record<string, unknown>),
    });
  }

  if (m.service.convention === 'cdn') return mountCdnList(api, m, tag, plural, run);

  if (m.service.convention !== 'passport') {
    api.route({
      method: 'GET',
      url: m.base,
      summary: `List ${plural}`,
      tag,
      auth: 'service',
      access: m.res.access.read,
      params: collectionParams(m),
      querystring: restQuerySchema(m),
      responses: { 200: page('items'), ...errorResponses(400, 401, 403) },
      handler: (req) => run(req, req.query as Record<string, unknown>),
    });
    return;
  }

  const key = listKeyOf(m);
  const answer = async (req: Parameters<typeof run>[0], args: Record<string, unknown>) => {
    const { total, items } = await run(req, args);
    return { total, [key]: items };
  };
  api.route({
    method: 'POST',
    url: `${m.base}/search`,
    summary: `Search ${plural}`,
    tag,
    auth: 'service',
    access: m.res.access.read,
    params: collectionParams(m),
    optionalBody: searchSchema(m),
    responses: { 200: page(key), ...errorResponses(400, 401, 403) },
    handler: (req) => answer(req, withDefaults(searchSchema(m), (req.body ?? {}) as Record<string, unknown>)),
  });
  api.route({
    method: 'GET',
    url: m.base,
    summary: `List ${plural}`,
    tag,
    auth: 'service',
    access: m.res.access.read,
    params: collectionParams(m),
    querystring: searchSchema(m),
    responses: { 200: page(key), ...errorResponses(400, 401, 403) },
    handler: (req) => answer(req, req.query as Record<string, unknown>),
  });
}

/** An optional body is checked without its defaults being applied; apply them here. */
function withDefaults(schema: JsonSchema, body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (out[k] === undefined && s.default !== undefined) out[k] = s.default;
  }
  return out;
}
