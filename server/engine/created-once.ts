import type { FastifyRequest } from 'fastify';
import type { ChangeDecl, JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { changeAllowed, changeCalls, changeRefusal, chosenChange } from '../../resources/change-call';
import type { Ctx } from '../context';
import { errorResponses as errors, idParam, paramsSchema, type Api, type ResponseDef } from './api';
import { conflict, notFound } from './errors';
import { authorize, type Access } from './guard';
import type { HookRegistry } from './hooks';
import type { ResourceModel } from './model';
import { records } from './query';
import type { Data } from './store';
import { answerFor, audit, checkWrite, serverManagedDefaults, serverManagedFields, storedFields, writableBy } from './write';

/**
 * A create-once singleton (`SingletonDecl.createOnce`): `POST <path>` creates the scope's record (its id the scope's),
 * `GET|<write> <path>/:id` read and replace it, and its declared changes (`ChangeDecl`) are mounted at their calls.
 */
export function mountCreatedOnce(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel): void {
  const { res } = m;
  const once = res.singleton!.createOnce!;
  const tag = m.service.name;
  const ok: ResponseDef = { description: res.singular.en, schema: m.recordSchema };
  const item = `${m.base}/:id`;
  const missing = () => notFound(once.notFound);
  /** The scope's record, when the id named (the path's, or the body's for an RPC-style call) is the scope's own. */
  const named = (access: Access, id: unknown) => {
    if (id !== undefined && id !== access.scopeId) throw missing();
  };
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const own = async (access: Access) => {
    const record = await records(ctx.db, m).maybe(access.scopeId, access.scopeId);
    if (!record) throw missing();
    return record;
  };

  api.route({
    method: 'POST',
    url: m.base,
    summary: `Create the ${res.singular.en} (one per app; its id is the app id)`,
    tag,
    auth: 'service',
    access: res.access.write,
    body: m.createSchema,
    responses: { 201: ok, ...errors(400, 401, 403, 409) },
    handler: async (req, reply) => {
      const access = await authorize(ctx, req, m, 'write');
      const alias = once.idAlias ? { [once.idAlias]: access.scopeId } : {};
      const data = writableBy(access, m, { ...serverManagedDefaults(m), ...storedFields(m, req.body as Data), ...alias });
      await checkWrite(ctx, hooks, m, access.scopeId, data);
      const [created] = await records(ctx.db, m).insertMany(access.scopeId, [{ id: access.scopeId, data }], { skipConflicts: true });
      if (!created) throw conflict('DUPLICATE', once.duplicate);
      await audit(ctx, access, m, 'create', access.scopeId, undefined, created);
      reply.code(201);
      return answerFor(access, m, created);
    },
  });

  api.route({
    method: 'GET',
    url: item,
    summary: `Get the ${res.singular.en} (id: the app id; 404 until created)`,
    tag,
    auth: 'service',
    access: res.access.read,
    params: paramsSchema('id'),
    responses: { 200: ok, ...errors(401, 403, 404) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'read');
      named(access, idOf(req));
      return answerFor(access, m, await own(access));
    },
  });

  api.route({
    method: res.singleton!.write,
    url: item,
    summary: `Replace the ${res.singular.en} (carries the version read)`,
    tag,
    auth: 'service',
    access: res.access.write,
    params: paramsSchema('id'),
    body: m.updateSchema,
    responses: { 200: ok, ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'write');
      named(access, idOf(req));
      const body = req.body as Data;
      const existing = await own(access);
      const data = writableBy(access, m, { ...serverManagedFields(m, existing), ...storedFields(m, body) }, existing);
      await checkWrite(ctx, hooks, m, access.scopeId, data, existing);
      const updated = await ctx.store.update(m, access.scopeId, access.scopeId, { data, version: body.version as number });
      await audit(ctx, access, m, 'update', access.scopeId, existing, updated);
      return answerFor(access, m, updated);
    },
  });

  for (const call of changeCalls(res)) {
    const [first] = call.changes;
    const refusable = call.changes.some((c) => c.when || c.versioned);
    api.route({
      method: call.method,
      url: `${m.service.base}${call.path}`,
      summary: `${call.changes.map((c) => c.label.en).join(' or ')} (the ${res.singular.en})${first.access ? `; only ${first.access.join(', ')} may` : ''}`,
      tag,
      auth: 'service',
      access: first.access ?? res.access.write,
      ...(first.bodyId ? {} : { params: paramsSchema('id') }),
      body: changeBody(call.changes),
      responses: { 200: ok, ...errors(400, 401, 403, 404, ...(refusable ? [409] : [])) },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write', first.access);
        const body = req.body as Data;
        named(access, first.bodyId ? body[first.bodyId] : idOf(req));
        const change = chosenChange(call.changes, body)!;
        const version = body.version as number | undefined;
        const { before, after } = await ctx.db.transaction(async (tx) => {
          const before = await records(tx, m).maybe(access.scopeId, access.scopeId, 'update');
          if (!before) throw missing();
          // A stale version is answered as such (by the update) before whether the change applies.
          const stale = version !== undefined && before.version !== version;
          if (!stale && !changeAllowed(change, before)) throw conflict('INVALID_TRANSITION', changeRefusal(change, before));
          return { before, after: await records(tx, m).updateOne(access.scopeId, access.scopeId, { set: change.set }, { version }) };
        });
        await audit(ctx, access, m, change.audit ?? change.name, access.scopeId, before, after);
        return answerFor(access, m, after);
      },
    });
  }
}

/** The body of a call shared by changes: what they send (required), the version read and the record's id (optional). */
function changeBody(changes: ChangeDecl[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of Object.keys(changes[0].sends)) {
    const values = [...new Set(changes.map((c) => c.sends[field]))];
    const type = typeof values[0];
    properties[field] = type === 'boolean' && values.length === 2 ? { type } : { type, enum: values };
  }
  if (changes[0].versioned) properties.version = { type: 'integer', minimum: 1, maximum: 2147483647, description: 'The version read; a stale one is refused.' };
  if (changes[0].bodyId) properties[changes[0].bodyId] = { ...idParam, description: 'The app id (default: the caller’s)' };
  return { type: 'object', additionalProperties: false, required: Object.keys(changes[0].sends), properties };
}

/**
 * Start-up checks of a resource's changes: only on a create-once singleton; the changes of one call agree on what
 * they send, who may call, the version and where the id is; what they set and test are schema fields.
 */
export function checkChanges(service: ServiceDecl, res: ResourceDecl): void {
  const where = `${service.name}/${res.name}`;
  if (!res.changes?.length) return;
  if (!res.singleton?.createOnce) throw new Error(`${where}: changes are declared on a create-once singleton only`);
  const props = (res.schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const call of changeCalls(res)) {
    const [first] = call.changes;
    for (const c of call.changes) {
      const same = (k: keyof ChangeDecl) => JSON.stringify(c[k] ?? null) === JSON.stringify(first[k] ?? null);
      const sent = JSON.stringify(Object.keys(c.sends)) === JSON.stringify(Object.keys(first.sends));
      if (!sent || !same('access') || !same('versioned') || !same('bodyId')) throw new Error(`${where}: the changes of ${call.method} ${call.path} must agree on sends, access, versioned and bodyId`);
      const conditions = [c.when ?? [], ...(Array.isArray(c.refused) ? c.refused.map((r) => r.when ?? {}) : [])].flat();
      for (const f of [...Object.keys(c.set), ...conditions.flatMap((w) => Object.keys(w))]) {
        if (!(f in props)) throw new Error(`${where}: change '${c.name}' names '${f}', not a schema property`);
      }
    }
  }
}
