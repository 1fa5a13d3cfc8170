import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { errorResponses as errors, idParam, paramsSchema, type Api } from './api';
import { authorize } from './guard';
import type { HookRegistry } from './hooks';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { mountList } from './list-routes';
import { mountSingleton } from './singleton';
import { answerFor, audit, checkWrite, guardUnique, idOf, serverManagedDefaults, serverManagedFields, storedFields, writableBy } from './write';
import { mountActions, mountParts } from './actions';
import { mountCommands } from './commands';


/** Mounts a declared resource's API in its service's convention (ADR 0001, ADR 0008). */
export function mountResource(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel): void {
  const { res } = m;
  if (res.singleton) return mountSingleton(api, ctx, m);
  const tag = `${m.service.name}`;
  const one = res.singular.en;
  const item = `${m.base}/:${m.idParam}`;
  const recordResponse = { description: one, schema: m.recordSchema };
  const has = (op: string) => res.operations.includes(op as never);

  if (has('list')) mountList(api, ctx, m);

  if (has('create')) {
    api.route({
      method: 'POST',
      url: m.base,
      summary: `Create a ${one}`,
      tag,
      auth: 'service',
      access: m.res.access.write,
      body: m.createSchema,
      responses: { 201: recordResponse, ...errors(400, 401, 403, 409) },
      handler: async (req, reply) => {
        const access = await authorize(ctx, req, m, 'write');
        const data = writableBy(access, m, { ...serverManagedDefaults(m), ...storedFields(m, req.body as Data) });
        await checkWrite(ctx, hooks, m, access.scopeId, data);
        const created = await guardUnique(m, () => ctx.store.insert(m, access.scopeId, randomUUID(), data, res.status?.initial ?? null));
        await audit(ctx, access, m, 'create', String(created[res.idField]), undefined, created);
        reply.code(201);
        return answerFor(access, m, created);
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
      access: m.res.access.read,
      params: paramsSchema(m.idParam),
      responses: { 200: recordResponse, ...errors(400, 401, 403, 404) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'read');
        return answerFor(access, m, await ctx.store.get(m, access.scopeId, await ctx.store.resolveId(m, access.scopeId, idOf(req, m))));
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
      access: m.res.access.write,
      params: paramsSchema(m.idParam),
      body: m.updateSchema,
      responses: { 200: recordResponse, ...errors(400, 401, 403, 404, 409) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write');
        const body = req.body as Data;
        const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
        const existing = await ctx.store.get(m, access.scopeId, id);
        const data = writableBy(access, m, { ...serverManagedFields(m, existing), ...storedFields(m, body) }, existing);
        await checkWrite(ctx, hooks, m, access.scopeId, data, existing);
        const updated = await guardUnique(m, () => ctx.store.update(m, access.scopeId, id, { data, version: body.version as number }));
        await audit(ctx, access, m, 'update', id, existing, updated);
        return answerFor(access, m, updated);
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
      access: m.res.access.write,
      params: paramsSchema(m.idParam),
      responses: { 204: { description: 'deleted' }, ...errors(400, 401, 403, 404) },
      handler: async (req, reply) => {
        const access = await authorize(ctx, req, m, 'write');
        const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
        const removed = await ctx.store.delete(m, access.scopeId, id);
        await audit(ctx, access, m, 'delete', id, removed);
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
      access: m.res.access.write,
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
  mountCommands(api, ctx, hooks, m);
}
