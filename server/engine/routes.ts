import { randomUUID } from 'node:crypto';
import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { errorSchema, idParam, paramsSchema, type Api, type ResponseDef } from './api';
import { authorize } from './guard';
import type { HookRegistry } from './hooks';
import type { ResourceModel } from './model';
import type { Data, ListQuery } from './store';
import { audit, checkWrite, guardUnique, idOf, storedFields } from './write';
import { mountActions, mountParts } from './actions';

const errors = (...codes: number[]): Record<number, ResponseDef> =>
  Object.fromEntries(codes.map((c) => [c, { description: 'error', schema: errorSchema }]));

function listQuerySchema(m: ResourceModel): JsonSchema {
  const props = (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;
  const filters = Object.fromEntries(
    (m.res.list.filters ?? []).map((f) => {
      const { default: _d, readOnly: _r, 'x-ui': _x, ...s } = props[f];
      return [f, s];
    }),
  );
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      pageSize: { type: 'integer', minimum: 1, maximum: 200, default: m.res.list.pageSize ?? 20 },
      sort: { type: 'string', enum: m.sortable },
      order: { type: 'string', enum: ['asc', 'desc'] },
      q: { type: 'string', maxLength: 200 },
      ...filters,
    },
  };
}

/** Mounts a declared resource's API in the REST convention (ADR 0001). */
export function mountResource(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel): void {
  const { res } = m;
  const tag = `${m.service.name}`;
  const one = res.singular.en;
  const item = `${m.base}/:id`;
  const recordResponse = { description: one, schema: m.recordSchema };
  const has = (op: string) => res.operations.includes(op as never);

  if (has('list')) {
    api.route({
      method: 'GET',
      url: m.base,
      summary: `List ${res.label.en.toLowerCase()}`,
      tag,
      auth: 'service',
      querystring: listQuerySchema(m),
      responses: {
        200: { description: 'one page', schema: { type: 'object', required: ['total', 'items'], properties: { total: { type: 'integer' }, items: { type: 'array', items: m.recordSchema } } } },
        ...errors(400, 401, 403),
      },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'read');
        const { page, pageSize, sort, order, q, ...filters } = req.query as Record<string, unknown>;
        const query: ListQuery = { page: page as number, pageSize: pageSize as number, sort: sort as string, order: order as 'asc' | 'desc', q: q as string, filters };
        return ctx.store.list(m, access.scopeId, query);
      },
    });
  }

  if (has('create')) {
    api.route({
      method: 'POST',
      url: m.base,
      summary: `Create a ${one}`,
      tag,
      auth: 'service',
      body: m.createSchema,
      responses: { 201: recordResponse, ...errors(400, 401, 403, 409) },
      handler: async (req, reply) => {
        const access = await authorize(ctx, req, m, 'write');
        const data = storedFields(m, req.body as Data);
        await checkWrite(ctx, hooks, m, access.scopeId, data);
        const created = await guardUnique(m, () => ctx.store.insert(m, access.scopeId, randomUUID(), data, res.status?.initial ?? null));
        await audit(ctx, access, m, 'create', String(created[res.idField]), undefined, created);
        reply.code(201);
        return created;
      },
    });
  }

  if (has('show')) {
    api.route({
      method: 'GET',
      url: item,
      summary: `Get a ${one}`,
      tag,
      auth: 'service',
      params: paramsSchema('id'),
      responses: { 200: recordResponse, ...errors(400, 401, 403, 404) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'read');
        return ctx.store.get(m, access.scopeId, idOf(req));
      },
    });
  }

  if (has('update')) {
    api.route({
      method: 'PUT',
      url: item,
      summary: `Update a ${one} (carries the version read)`,
      tag,
      auth: 'service',
      params: paramsSchema('id'),
      body: m.updateSchema,
      responses: { 200: recordResponse, ...errors(400, 401, 403, 404, 409) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write');
        const body = req.body as Data;
        const existing = await ctx.store.get(m, access.scopeId, idOf(req));
        const data = storedFields(m, body);
        await checkWrite(ctx, hooks, m, access.scopeId, data, existing);
        const updated = await guardUnique(m, () =>
          ctx.store.update(m, access.scopeId, idOf(req), { data, version: body.version as number }),
        );
        await audit(ctx, access, m, 'update', idOf(req), existing, updated);
        return updated;
      },
    });
  }

  if (has('delete')) {
    api.route({
      method: 'DELETE',
      url: item,
      summary: `Delete a ${one}`,
      tag,
      auth: 'service',
      params: paramsSchema('id'),
      responses: { 204: { description: 'deleted' }, ...errors(400, 401, 403, 404) },
      handler: async (req, reply) => {
        const access = await authorize(ctx, req, m, 'write');
        const removed = await ctx.store.delete(m, access.scopeId, idOf(req));
        await audit(ctx, access, m, 'delete', idOf(req), removed);
        reply.code(204);
        return null;
      },
    });
  }

  if (has('bulkDelete') && res.bulkDeleteParam) {
    const param = res.bulkDeleteParam;
    api.route({
      method: 'DELETE',
      url: m.base,
      summary: `Delete several ${res.label.en.toLowerCase()} (repeat ${param})`,
      tag,
      auth: 'service',
      querystring: {
        type: 'object',
        additionalProperties: false,
        required: [param],
        properties: { [param]: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: idParam } },
      },
      responses: { 200: { description: 'how many were deleted', schema: { type: 'object', properties: { deleted: { type: 'integer' } } } }, ...errors(400, 401, 403) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write');
        const ids = (req.query as Record<string, string[]>)[param];
        const removed = await ctx.store.deleteMany(m, access.scopeId, ids);
        for (const r of removed) await audit(ctx, access, m, 'delete', String(r[res.idField]), r);
        return { deleted: removed.length };
      },
    });
  }

  mountActions(api, ctx, m, recordResponse, errors(400, 401, 403, 404, 409));
  mountParts(api, ctx, hooks, m, recordResponse, errors(400, 401, 403, 404, 409));
}
