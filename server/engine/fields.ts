import type { JsonSchema, Principal, ResourceDecl, ServiceDecl } from '../../resources/types';
import { fieldAccessOf, fieldsDenied, isSet, setFieldOf, writeOnlyFields } from '../../resources/field-access';
import { ApiError } from './errors';
import type { Data } from './store';

/**
 * Write-only fields and per-field access (`writeOnly`, `x-access` on schema properties): checked at start-up,
 * applied to the derived schemas, to stored records as answered, and to what a caller may write.
 */

type Props = Record<string, JsonSchema>;
const propsOf = (schema: JsonSchema) => (schema.properties ?? {}) as Props;

/** Refuses, at start-up, write-only and access rules the engine could not honour. */
export function checkFieldRules(service: ServiceDecl, res: ResourceDecl): void {
  const where = `${service.name}/${res.name}`;
  const p = propsOf(res.schema);
  const listed = new Set([
    ...res.list.columns,
    ...(res.list.filters ?? []),
    ...(res.list.sorters ?? []),
    ...(res.list.search ?? []),
    ...(res.unique ?? []),
    ...(res.parts ?? []).map((x) => x.field),
    res.titleField,
    res.addressBy,
    res.status?.field,
  ]);
  if (res.singleton && writeOnlyFields(res.schema).length) throw new Error(`${where}: a settings resource cannot have write-only fields`);
  for (const f of writeOnlyFields(res.schema)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(f)) throw new Error(`${where}: write-only '${f}' must be a plain name`);
    if (p[f].readOnly === true) throw new Error(`${where}: '${f}' cannot be both readOnly and writeOnly`);
    if (listed.has(f)) throw new Error(`${where}: write-only '${f}' cannot be listed, searched, unique, a part or a title`);
    if (setFieldOf(f) in p) throw new Error(`${where}: '${setFieldOf(f)}' is the answer field of write-only '${f}'`);
  }
  for (const f of Object.keys(p)) {
    const access = fieldAccessOf(res.schema, f);
    if (!access) continue;
    if (res.singleton) throw new Error(`${where}: a settings resource cannot limit access per field ('${f}')`);
    for (const mode of ['read', 'write'] as const) {
      const outside = (access[mode] ?? []).filter((x) => !res.access[mode].includes(x));
      if (outside.length) throw new Error(`${where}: x-access.${mode} of '${f}' names ${outside.join(', ')}, who may not ${mode} the resource`);
    }
  }
  for (const a of res.actions ?? []) {
    const outside = (a.access ?? []).filter((x) => !res.access.write.includes(x));
    if (a.access && (!a.access.length || outside.length)) throw new Error(`${where}: action '${a.name}' access must name some of the resource's writers`);
    for (const [k, s] of Object.entries(propsOf(a.fields ?? {}))) {
      const into = s['x-writes'];
      if (into !== undefined && (typeof into !== 'string' || !(into in p))) throw new Error(`${where}: action '${a.name}' field '${k}' writes into no schema property`);
    }
  }
}

/** The answered record's schema: each write-only field replaced by its `<field>Set` flag. */
export function answeredSchema(recordSchema: JsonSchema, writeOnly: string[]): void {
  const p = propsOf(recordSchema);
  for (const f of writeOnly) {
    delete p[f];
    p[setFieldOf(f)] = { type: 'boolean', readOnly: true, description: `Whether ${f} is set (it is write-only: never answered).` };
  }
  if (Array.isArray(recordSchema.required)) recordSchema.required = (recordSchema.required as string[]).filter((k) => !writeOnly.includes(k));
}

/** An update need not carry a write-only field again: left out, the stored value is kept. */
export function optionalOnUpdate(updateSchema: JsonSchema, writeOnly: string[]): void {
  if (Array.isArray(updateSchema.required)) updateSchema.required = (updateSchema.required as string[]).filter((k) => !writeOnly.includes(k));
}

/** A stored record's data as answered: write-only values replaced by whether they are set. */
export function hideWriteOnly(data: Data, writeOnly: string[]): Data {
  if (!writeOnly.length) return data;
  const out = { ...data };
  for (const f of writeOnly) {
    out[setFieldOf(f)] = isSet(out[f]);
    delete out[f];
  }
  return out;
}

/** An answer as this caller may read it: fields whose `x-access.read` leaves the caller out are removed. */
export function readableBy(schema: JsonSchema, principal: Principal, record: Data): Data {
  const hidden = fieldsDenied(schema, 'read', [principal]);
  if (!hidden.length) return record;
  const out = { ...record };
  for (const f of hidden) delete out[f];
  return out;
}

/**
 * What a caller's write may hold of the fields `x-access.write` keeps from them: 403 naming each field a create
 * carries or an update changes; on update, the stored value is kept where the body left the field out.
 */
export function guardFieldWrites(schema: JsonSchema, principal: Principal, data: Data, existing?: Data): Data {
  const denied = fieldsDenied(schema, 'write', [principal]);
  if (!denied.length) return data;
  const changed = denied.filter((f) => f in data && (!existing || JSON.stringify(data[f]) !== JSON.stringify(existing[f])));
  if (changed.length) throw new ApiError(403, 'PERMISSION_DENIED', 'permission denied', changed.map((f) => ({ field: `/${f}`, message: 'permission denied' })));
  const out = { ...data };
  if (existing) for (const f of denied) if (!(f in out) && existing[f] !== undefined) out[f] = existing[f];
  return out;
}
