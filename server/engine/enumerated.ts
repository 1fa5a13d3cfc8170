import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, listAnswer, paramsSchema, type Api } from './api';
import { conflict, notFound } from './errors';
import { authorize } from './guard';
import { hideWriteOnly } from './fields';
import type { HookRegistry } from './hooks';
import type { ResourceModel } from './model';
import { records } from './query';
import { singletonDefaults } from './singleton';
import type { Data } from './store';
import { answerFor, audit, checkWrite, derivedFields, guardUnique, serverManagedDefaults, storedFields } from './write';

/**
 * A resource with one record per value of its `addressBy` field's `enum` (`ResourceDecl.enumerated`: an app's login
 * providers). Every value is a record whether saved or not: one never saved is answered with the schema's defaults at
 * version 0 and no times. Records are named by their value, in paths and in answers (`id`), and in the operation
 * history; `PUT <path>/<value>` creates one on its first save and updates it after.
 */

const valuesOf = (res: ResourceDecl): string[] => ((res.schema.properties as Record<string, JsonSchema>)[res.addressBy!].enum ?? []) as string[];

/** Refuses, at start-up, an enumerated resource without an `addressBy` field that lists its values. */
export function checkEnumerated(service: ServiceDecl, res: ResourceDecl): void {
  if (!res.enumerated) return;
  const where = `${service.name}/${res.name}`;
  const field = res.addressBy && (res.schema.properties as Record<string, JsonSchema> | undefined)?.[res.addressBy];
  if (!field || !Array.isArray(field.enum) || field.readOnly !== true) throw new Error(`${where}: an enumerated resource is addressed by a read-only field with an enum`);
  if (res.parent || res.singleton || res.status) throw new Error(`${where}: an enumerated resource has no parent, singleton or states`);
  if (res.operations.join() !== 'list,show,update') throw new Error(`${where}: an enumerated resource's operations are list, show and update`);
}

/** A value's record as answered: the saved one, or the schema's defaults; named by its value. */
function answerOf(m: ResourceModel, value: string, saved?: Data): Data {
  const blank = hideWriteOnly({ ...blankFields(m), [m.res.addressBy!]: value, version: 0, updatedAt: null }, m.writeOnly);
  return { ...(saved ?? blank), [m.res.idField]: value };
}

/** The value a path names, or 404 for one that is not among the declared values. */
function valueOf(m: ResourceModel, key: string): string {
  if (!valuesOf(m.res).includes(key)) throw notFound();
  return key;
}

/** A saved record's declared fields (write-only ones are never read back: the store keeps them when left out). */
const savedFields = (m: ResourceModel, saved: Data): Data => Object.fromEntries(Object.keys(m.res.schema.properties ?? {}).flatMap((k) => (saved[k] === undefined ? [] : [[k, saved[k]]])));

/** The declared fields a record starts with: the schema's defaults. */
const blankFields = (m: ResourceModel): Data => savedFields(m, { ...singletonDefaults(m, ''), ...serverManagedDefaults(m) });

/**
 * Saves a value's record, created on its first save, after the checks of any write (the declared field checks, the
 * service's `validate`, its `derive`); fields left out keep their saved values. `version` is the one read (0 before
 * the first save), checked when given. A first save racing another stores one record: the later one updates it.
 * Answers the record before and after.
 */
export async function saveEnumerated(ctx: Ctx, hooks: HookRegistry, m: ResourceModel, scopeId: string, value: string, body: Data): Promise<{ before: Data; after: Data }> {
  const key = m.res.addressBy!;
  const version = body.version as number | undefined;
  const fields = { ...storedFields(m, body), [key]: value };
  return ctx.db.transaction(async (tx) => {
    const q = records(tx, m);
    let saved = await q.first(scopeId, { where: { [key]: value }, lock: 'update' });
    const write = async (existing?: Data) => {
      const data = { ...(existing ? savedFields(m, existing) : blankFields(m)), ...fields };
      await checkWrite(ctx, hooks, m, scopeId, data, existing);
      return { ...data, ...(await derivedFields(ctx, hooks, m, scopeId, data, existing)) };
    };
    if (!saved) {
      if (version) throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/version', message: 'current version is 0' }]);
      const [created] = await q.insertMany(scopeId, [{ data: await write() }], { skipConflicts: true });
      if (created) return { before: answerOf(m, value), after: answerOf(m, value, created) };
      saved = await q.first(scopeId, { where: { [key]: value }, lock: 'update' });
      if (!saved) throw notFound();
    }
    const updated = await guardUnique(m, async () => q.updateOne(scopeId, String(saved.id), { data: await write(saved) }, { version }));
    return { before: answerOf(m, value, saved), after: answerOf(m, value, updated) };
  });
}

/** Mounts an enumerated resource's list (every value, in the enum's order), a value's record, and its save. */
export function mountEnumerated(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel): void {
  const { res } = m;
  const key = res.addressBy!;
  const tag = m.service.name;
  const one = res.singular.en;
  const item = `${m.base}/:${m.idParam}`;
  const params = paramsSchema(m.idParam);
  const answer = structuredClone(m.recordSchema);
  Object.assign(answer.properties as object, { version: { type: 'integer', description: '0 until first saved' }, updatedAt: { type: ['string', 'null'], format: 'date-time' } });
  answer.required = (answer.required as string[]).filter((f) => f !== 'createdAt');
  const body = structuredClone(m.updateSchema);
  Object.assign(body.properties as object, { version: { type: 'integer', minimum: 0, maximum: 2147483647, description: 'The version read (0 before the first save); a stale one is refused' } });
  body.required = (body.required as string[]).filter((f) => f !== 'version');
  // Fields left out keep their saved values, so the body is not filled with defaults.
  for (const p of Object.values(body.properties as Record<string, JsonSchema>)) delete p.default;
  const listKey = res.listKey ?? res.name;
  const savedOf = async (scopeId: string) => new Map((await records(ctx.db, m).find(scopeId)).map((r) => [String(r[key]), r]));

  api.route({
    method: 'GET',
    url: m.base,
    summary: `The ${res.label.en.toLowerCase()}, every one whether saved or not (version 0)`,
    tag,
    auth: 'service',
    access: res.access.read,
    responses: { 200: listAnswer(listKey, answer), ...errorResponses(401, 403) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'read');
      const saved = await savedOf(access.scopeId);
      const all = valuesOf(res).map((v) => answerFor(access, m, answerOf(m, v, saved.get(v))));
      return { total: all.length, [listKey]: all };
    },
  });
  api.route({
    method: 'GET',
    url: item,
    summary: `Get a ${one}, saved or not`,
    tag,
    auth: 'service',
    access: res.access.read,
    params,
    responses: { 200: { description: one, schema: answer }, ...errorResponses(401, 403, 404) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'read');
      const value = valueOf(m, (req.params as Record<string, string>)[m.idParam]);
      return answerFor(access, m, answerOf(m, value, (await savedOf(access.scopeId)).get(value)));
    },
  });
  api.route({
    method: 'PUT',
    url: item,
    summary: `Set a ${one}: created on its first save (carries the version read, 0 before it)`,
    tag,
    auth: 'service',
    access: res.access.write,
    params,
    body,
    responses: { 200: { description: one, schema: answer }, ...errorResponses(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'write');
      const value = valueOf(m, (req.params as Record<string, string>)[m.idParam]);
      const { before, after } = await saveEnumerated(ctx, hooks, m, access.scopeId, value, req.body as Data);
      await audit(ctx, access, m, 'update', value, before, after);
      return answerFor(access, m, after);
    },
  });
}
