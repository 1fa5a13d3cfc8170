import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context';
import { errorResponses as errors, errorSchema, idParam, type Api, type ResponseDef } from './api';
import { collectionParams, itemParams, parentFields } from './children';
import { authorize } from './guard';
import type { HookRegistry, PlayerRegistry } from './hooks';
import { mountLookups } from './lookups';
import { mountPlayerReads } from './player-routes';
import { mountRecordViews } from './record-views';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { mountList } from './list-routes';
import { deleteRecord, deleteRecords, mayRefuseDelete } from './references';
import { mountSingleton } from './singleton';
import { mountCreatedOnce } from './created-once';
import { mountEnumerated } from './enumerated';
import { answerFor, audit, checkWrite, derivedFields, guardUnique, idOf, serverManagedDefaults, serverManagedFields, storedFields, writableBy } from './write';
import { mountActions, mountParts } from './actions';
import { mountCommands } from './commands';
import { mountUsedBy } from './used-by';
import { platformApi } from './platform-scope';
import { mountAcrossApps } from './across-apps';
import { mountAcrossAppsUsage } from './across-apps-usage';


/** The item delete's query of a resource that may be deleted by force (`ResourceDecl.forceDelete`). */
const forceQuery = (param: string) => ({
  type: 'object',
  additionalProperties: false,
  properties: { [param]: { type: 'boolean', default: false, description: 'delete what refers to it with restrict too, instead of refusing' } },
});

/** Mounts a declared resource's API in its service's convention (ADR 0001, ADR 0008). */
export function mountResource(served: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel, players: PlayerRegistry = new Map()): void {
  const { res } = m;
  // A platform-scoped resource's routes are documented with the platform's callers (`platform-scope.ts`).
  const api = platformApi(served, m);
  mountPlayerReads(api, ctx, players.get(m.service.name), m);
  mountLookups(api, ctx, m);
  mountRecordViews(api, ctx, m);
  // The back office's list of the resource across every app (`ResourceDecl.acrossApps`).
  mountAcrossApps(served, ctx, hooks, m);
  mountAcrossAppsUsage(served, ctx, m);
  if (res.singleton?.createOnce) return mountCreatedOnce(api, ctx, hooks, m);
  if (res.singleton) return mountSingleton(api, ctx, m);
  if (res.enumerated) return mountEnumerated(api, ctx, hooks, m);
  // The service mounts its own calls for the declared operations (ResourceDecl.implementedBy).
  if (res.implementedBy === 'service') return;
  const tag = `${m.service.name}`;
  const one = res.singular.en;
  const item = `${m.base}/:${m.idParam}`;
  const recordResponse = { description: one, schema: m.recordSchema };
  const has = (op: string) => res.operations.includes(op as never);
  const changed = async (scopeId: string, ids: string[]) => {
    if (ids.length) await hooks.get(`${m.service.name}/${res.name}`)?.changed?.({ ctx, model: m, scopeId, ids });
  };

  if (has('list')) mountList(api, ctx, m);

  if (has('create')) {
    api.route({
      method: 'POST',
      url: m.base,
      summary: `Create a ${one}`,
      tag,
      auth: 'service',
      access: m.res.access.write,
      params: collectionParams(m),
      body: m.createSchema,
      responses: { 201: recordResponse, ...errors(400, 401, 403, 409) },
      handler: async (req, reply) => {
        const access = await authorize(ctx, req, m, 'write');
        // A sub-resource's checks see the parent it is written under (its `parent.field`).
        const data = { ...writableBy(access, m, { ...serverManagedDefaults(m), ...storedFields(m, req.body as Data) }), ...parentFields(m, access.parentId) };
        await checkWrite(ctx, hooks, m, access.scopeId, data);
        const derived = await derivedFields(ctx, hooks, m, access.scopeId, data);
        const created = await guardUnique(m, () => ctx.store.insert(m, access.scopeId, randomUUID(), { ...data, ...derived }, res.status?.initial ?? null, access.parentId));
        await audit(ctx, access, m, 'create', String(created[res.idField]), undefined, created);
        const id = String(created[res.idField]);
        await changed(access.scopeId, [id]);
        reply.code(201);
        // Told of it, the service may have moved the record on at once (a room given to the relay): answered as it is now.
        const now = hooks.get(`${m.service.name}/${res.name}`)?.changed ? await ctx.store.get(m, access.scopeId, id).catch(() => created) : created;
        return answerFor(access, m, now);
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
      params: itemParams(m),
      responses: { 200: recordResponse, ...errors(400, 401, 403, 404) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'read');
        return answerFor(access, m, await ctx.store.get(m, access.scopeId, await ctx.store.resolveId(m, access.scopeId, idOf(req, m))));
      },
    });
  }

  // PUT, and the methods the declaration names beside it (`updateAlso`).
  if (has('update')) for (const method of ['PUT', ...(m.res.updateAlso ?? [])] as const) {
    api.route({
      method,
      url: item,
      summary: method === 'PUT' ? `Update a ${one} (carries the version read)` : `Update a ${one}, as PUT does (carries the version read)`,
      tag,
      auth: 'service',
      access: m.res.access.write,
      params: itemParams(m),
      body: m.updateSchema,
      responses: { 200: recordResponse, ...errors(400, 401, 403, 404, 409) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write');
        const body = req.body as Data;
        const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
        const existing = await ctx.store.get(m, access.scopeId, id);
        const data = writableBy(access, m, { ...serverManagedFields(m, existing), ...storedFields(m, body) }, existing);
        await checkWrite(ctx, hooks, m, access.scopeId, data, existing);
        const derived = await derivedFields(ctx, hooks, m, access.scopeId, data, existing);
        const updated = await guardUnique(m, () => ctx.store.update(m, access.scopeId, id, { data: { ...data, ...derived }, version: body.version as number }));
        await audit(ctx, access, m, 'update', id, existing, updated);
        await changed(access.scopeId, [id]);
        return answerFor(access, m, updated);
      },
    });
  }

  // A delete something refers to with `restrict` may be refused: 409 IN_USE (every model is built by now).
  const inUse = has('delete') || has('bulkDelete') ? mayRefuseDelete(ctx.models.values(), m) : false;
  const refusals: Record<number, ResponseDef> = inUse ? { 409: { description: 'IN_USE: something refers to it', schema: errorSchema, errors: [{ code: 'IN_USE', message: 'still used by {0}: {1}' }] } } : {};

  if (has('delete')) {
    api.route({
      method: 'DELETE',
      url: item,
      summary: `Delete a ${one}`,
      tag,
      auth: 'service',
      access: m.res.access.write,
      params: itemParams(m),
      ...(res.forceDelete ? { querystring: forceQuery(res.forceDelete.param) } : {}),
      responses: { 204: { description: 'deleted' }, ...errors(400, 401, 403, 404), ...refusals },
      handler: async (req, reply) => {
        const access = await authorize(ctx, req, m, 'write');
        const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
        const force = res.forceDelete ? (req.query as Record<string, boolean | undefined>)[res.forceDelete.param] === true : false;
        await deleteRecord(ctx, access, m, id, { force });
        await changed(access.scopeId, [id]);
        reply.code(204);
        return null;
      },
    });
  }

  mountUsedBy(api, ctx, m);

  if (has('bulkDelete') && res.bulkDeleteParam) {
    const param = res.bulkDeleteParam;
    api.route({
      method: 'DELETE',
      url: m.base,
      summary: `Delete several ${res.label.en.toLowerCase()} (repeat ${param})`,
      tag,
      auth: 'service',
      access: m.res.access.write,
      params: collectionParams(m),
      querystring: {
        type: 'object',
        additionalProperties: false,
        required: [param],
        properties: { [param]: { type: 'array', minItems: 1, maxItems: 500, uniqueItems: true, items: idParam } },
      },
      responses: { 200: { description: 'how many were deleted', schema: { type: 'object', properties: { deleted: { type: 'integer' } } } }, ...errors(400, 401, 403), ...refusals },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write');
        const ids = (req.query as Record<string, string[]>)[param];
        const removed = await deleteRecords(ctx, access, m, ids);
        await changed(access.scopeId, removed.map((r) => String(r[res.idField])));
        return { deleted: removed.length };
      },
    });
  }

  mountActions(api, ctx, m, recordResponse, errors(400, 401, 403, 404, 409));
  mountParts(api, ctx, hooks, m, recordResponse, errors(400, 401, 403, 404, 409));
  mountCommands(api, ctx, hooks, m);
}
