import type { FastifyRequest } from 'fastify';
import type { ActionDecl, JsonSchema } from '../../resources/types';
import { actionCall, refusedMessage } from '../../resources/action-call';
import type { Ctx } from '../context';
import type { Api, ResponseDef } from './api';
import { itemParams } from './children';
import { authorize } from './guard';
import type { HookRegistry } from './hooks';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { audit, checkWrite, idOf, storedFields } from './write';
import { actionAccess, fieldsDenied } from '../../resources/field-access';
import { badRequest, forbidden } from './errors';
import { compileSchema, toFieldErrors } from './ajv';
import { guardFieldWrites, readableBy } from './fields';

/** The optional body of a call that changes one record: the version read. */
export const versionBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
};

/** The body an action takes: the version read, and the action's declared fields. */
export function actionBody(fields: JsonSchema | undefined): JsonSchema {
  if (!fields) return versionBody;
  const props = (fields.properties ?? {}) as Record<string, JsonSchema>;
  return { ...fields, type: 'object', additionalProperties: false, properties: { ...props, ...(versionBody.properties as object) } };
}

/**
 * What an action writes into the record from the fields it carries: each under its own name or the property its
 * `x-writes` names, a field left out taking its `default` when it declares one.
 */
export function actionWrites(fields: JsonSchema | undefined, given: Data): Data {
  const out: Data = {};
  for (const [k, s] of Object.entries((fields?.properties ?? {}) as Record<string, JsonSchema>)) {
    const value = k in given ? given[k] : structuredClone(s.default);
    if (value !== undefined) out[typeof s['x-writes'] === 'string' ? s['x-writes'] : k] = value;
  }
  return out;
}

/** The record fields an action writes (cleared when the call leaves them out and they have no default). */
const writtenBy = (fields: JsonSchema | undefined) =>
  Object.entries((fields?.properties ?? {}) as Record<string, JsonSchema>).map(([k, s]) => (typeof s['x-writes'] === 'string' ? s['x-writes'] : k));

/** The body an action sharing its endpoint takes: its own, with the value that names it. */
function sentBody(action: ActionDecl): JsonSchema {
  const own = actionBody(action.fields);
  const sends = action.sends!;
  const props = { ...(own.properties as object), [sends.field]: { const: sends.value } };
  return { ...own, properties: props, required: [...((own.required as string[]) ?? []), sends.field] };
}

/**
 * State actions: each moves a record from an allowed state to its target, writing the action's declared fields
 * with it; from any other state, 409 with the action's `refused` message. An action declaring `access` is refused
 * (403) to anyone else. Actions sharing a method and path (each with its `sends` value) are one route, which moves
 * the record by the action the body's value names.
 */
export function mountActions(api: Api, ctx: Ctx, m: ResourceModel, ok: ResponseDef, errors: Record<number, ResponseDef>): void {
  const endpoints = new Map<string, ActionDecl[]>();
  for (const action of m.res.actions ?? []) {
    if (action.implementedBy === 'service') continue;
    const call = actionCall(m.service, action);
    const key = `${call.method} ${call.path}`;
    endpoints.set(key, [...(endpoints.get(key) ?? []), action]);
  }
  for (const group of endpoints.values()) {
    if (group.length === 1) mountAction(api, ctx, m, group[0], ok, errors);
    else mountSharedActions(api, ctx, m, group, ok, errors);
  }
}

function mountAction(api: Api, ctx: Ctx, m: ResourceModel, action: ActionDecl, ok: ResponseDef, errors: Record<number, ResponseDef>): void {
  const schema = action.sends ? sentBody(action) : actionBody(action.fields);
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  const call = actionCall(m.service, action);
  const allowed = actionAccess(m.res, action);
  api.route({
    method: call.method,
    url: `${m.base}/:${m.idParam}${call.path}`,
    summary: `${action.label.en} a ${m.res.singular.en} (from ${action.from.join(' or ')} to ${action.to})${action.access ? `; only ${allowed.join(', ')} may` : ''}`,
    tag: m.service.name,
    auth: 'service',
    access: allowed,
    params: itemParams(m),
    ...(required ? { body: schema } : { optionalBody: schema }),
    responses: { 200: ok, ...errors },
    handler: (req) => runAction(ctx, m, action, req),
  });
}

/** One route for several actions: the body is one of theirs, and its `sends` value says whose. */
function mountSharedActions(api: Api, ctx: Ctx, m: ResourceModel, group: ActionDecl[], ok: ResponseDef, errors: Record<number, ResponseDef>): void {
  const field = group[0].sends?.field;
  if (!field || group.some((a) => a.sends?.field !== field) || new Set(group.map((a) => a.sends!.value)).size < group.length) {
    throw new Error(`${m.service.name}/${m.res.name}: actions ${group.map((a) => a.name).join(', ')} share an endpoint but do not each send a different value of one field`);
  }
  const call = actionCall(m.service, group[0]);
  const checks = new Map(group.map((a) => [a.sends!.value, compileSchema(sentBody(a), 'body')]));
  const allowed = [...new Set(group.flatMap((a) => actionAccess(m.res, a)))];
  const which = group.map((a) => `${field} ${a.sends!.value}: ${a.label.en.toLowerCase()}, from ${a.from.join(' or ')} to ${a.to}`).join('; ');
  api.route({
    method: call.method,
    url: `${m.base}/:${m.idParam}${call.path}`,
    summary: `${group.map((a) => a.label.en).join(' or ')} a ${m.res.singular.en} (${which})`,
    tag: m.service.name,
    auth: 'service',
    access: allowed,
    params: itemParams(m),
    // The value names the action; the handler then checks the body against that action's own (its fields named).
    body: {
      type: 'object',
      required: [field],
      properties: { ...Object.assign({}, ...group.map((a) => sentBody(a).properties as object)), [field]: { enum: group.map((a) => a.sends!.value) } },
    },
    responses: { 200: ok, ...errors },
    handler: (req) => {
      const body = req.body as Data;
      const action = group.find((a) => a.sends!.value === body[field])!;
      const check = checks.get(action.sends!.value)!;
      if (!check(body)) throw badRequest(toFieldErrors(check.errors));
      return runAction(ctx, m, action, req);
    },
  });
}

/** Moves the record the path names by one action, writing the fields it carries; answers the record after it. */
async function runAction(ctx: Ctx, m: ResourceModel, action: ActionDecl, req: FastifyRequest): Promise<Data> {
  const allowed = actionAccess(m.res, action);
  const access = await authorize(ctx, req, m, 'write', allowed);
  const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
  const before = await ctx.store.get(m, access.scopeId, id);
  const { version, ...given } = (req.body ?? {}) as Data & { version?: number };
  const fields = action.sends ? Object.fromEntries(Object.entries(given).filter(([k]) => k !== action.sends!.field)) : given;
  // The action writes every field it declares: one left out is cleared, not kept from an earlier action.
  const declared = writtenBy(action.fields);
  const stored = storedFields(m, before);
  const kept = Object.fromEntries(Object.entries(stored).filter(([k]) => !declared.includes(k)));
  const data = action.fields ? guardFieldWrites(m.res.schema, access.principal.kind, { ...kept, ...actionWrites(action.fields, fields) }, stored) : undefined;
  const after = await ctx.store.update(m, access.scopeId, id, { status: action.to, fromStatus: action.from, refused: refusedMessage(action), version, data });
  await audit(ctx, access, m, action.name, id, before, after);
  return readableBy(m.res.schema, access.principal.kind, after);
}

/** Parts: one field of a record read and replaced through its own path, validated by that field's schema. */
export function mountParts(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel, ok: ResponseDef, errors: Record<number, ResponseDef>): void {
  const props = (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const part of m.res.parts ?? []) {
    const fieldSchema = props[part.field];
    if (!fieldSchema) throw new Error(`${m.service.name}/${m.res.name}: part field '${part.field}' is not in the schema`);
    const url = `${m.base}/:${m.idParam}${part.path}`;
    api.route({
      method: 'GET',
      url,
      summary: `Get the ${part.label.en.toLowerCase()} of a ${m.res.singular.en}`,
      tag: m.service.name,
      auth: 'service',
      access: m.res.access.read,
      params: itemParams(m),
      responses: {
        200: { description: part.label.en, schema: { type: 'object', properties: { [part.field]: fieldSchema, version: { type: 'integer' } } } },
        ...errors,
      },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'read');
        if (fieldsDenied(m.res.schema, 'read', [access.principal.kind]).includes(part.field)) throw forbidden();
        const record = await ctx.store.get(m, access.scopeId, await ctx.store.resolveId(m, access.scopeId, idOf(req, m)));
        return { [part.field]: record[part.field] ?? fieldSchema.default ?? null, version: record.version };
      },
    });
    api.route({
      method: 'PUT',
      url,
      summary: `Replace the ${part.label.en.toLowerCase()} of a ${m.res.singular.en}`,
      tag: m.service.name,
      auth: 'service',
      access: m.res.access.write,
      params: itemParams(m),
      body: {
        type: 'object',
        additionalProperties: false,
        required: [part.field],
        properties: { [part.field]: fieldSchema, version: { type: 'integer', minimum: 1, maximum: 2147483647 } },
      },
      responses: { 200: ok, ...errors },
      handler: async (req) => {
        const access = await authorize(ctx, req, m, 'write');
        const body = req.body as Data;
        const id = await ctx.store.resolveId(m, access.scopeId, idOf(req, m));
        const existing = await ctx.store.get(m, access.scopeId, id);
        const stored = storedFields(m, existing);
        const data = guardFieldWrites(m.res.schema, access.principal.kind, { ...stored, [part.field]: body[part.field] }, stored);
        await checkWrite(ctx, hooks, m, access.scopeId, data, existing);
        const version = (body.version as number | undefined) ?? (existing.version as number);
        const after = await ctx.store.update(m, access.scopeId, id, { data, version });
        await audit(ctx, access, m, `${part.field}.replace`, id, existing, after);
        return readableBy(m.res.schema, access.principal.kind, after);
      },
    });
  }
}
