import type { FieldNote, FieldRow } from '../../resources/docs-api';

/** A part of the OpenAPI document (a schema, an operation). */
export type Json = Record<string, unknown>;

/** How deep the field tables go into nested objects and lists (deeper parts show as `object`). */
const MAX_DEPTH = 4;

/** A schema with its `$ref`s to the document's components followed (a missing one is an empty schema). */
export function deref(doc: Json, schema: unknown, seen = 0): Json {
  const s = (schema && typeof schema === 'object' ? schema : {}) as Json;
  if (typeof s.$ref !== 'string' || seen > 20) return s;
  let at: unknown = doc;
  for (const part of s.$ref.replace(/^#\//, '').split('/')) at = (at as Json | undefined)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  const { $ref: _ref, ...rest } = s;
  return { ...deref(doc, at, seen + 1), ...rest };
}

/** The properties of an object schema, `allOf` parts merged, with what it requires. */
function objectParts(doc: Json, schema: Json): { properties: Record<string, unknown>; required: string[] } {
  const parts = [schema, ...((schema.allOf ?? []) as unknown[]).map((p) => deref(doc, p))];
  return {
    properties: Object.assign({}, ...parts.map((p) => (p.properties ?? {}) as Record<string, unknown>)) as Record<string, unknown>,
    required: parts.flatMap((p) => (Array.isArray(p.required) ? (p.required as string[]) : [])),
  };
}

const hasProperties = (doc: Json, s: Json) => Object.keys(objectParts(doc, s).properties).length > 0;

/** A schema's type as the tables show it: `string`, `integer[]`, `"a" | "b"`, `string | null`, `object`. */
export function typeOf(doc: Json, schema: unknown): string {
  const s = deref(doc, schema);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) {
    const values = s.enum.map((v) => JSON.stringify(v));
    return values.length > 8 ? `${values.slice(0, 8).join(' | ')} | …` : values.join(' | ');
  }
  const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return [...new Set(alternatives.map((a) => typeOf(doc, a)))].join(' | ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return hasProperties(doc, s) ? 'object' : s.items ? `${typeOf(doc, s.items)}[]` : 'any';
  return types.map((t) => (t === 'array' ? `${s.items ? typeOf(doc, s.items) : 'any'}[]` : t)).join(' | ');
}

/** A field's limits and marks. */
export function notesOf(doc: Json, schema: unknown): FieldNote[] {
  const s = deref(doc, schema);
  const notes: FieldNote[] = [];
  const between = (min: unknown, max: unknown) =>
    min !== undefined && max !== undefined ? `${String(min)}–${String(max)}` : min !== undefined ? `≥ ${String(min)}` : max !== undefined ? `≤ ${String(max)}` : undefined;
  const length = between(s.minLength, s.maxLength);
  if (length) notes.push({ kind: 'length', value: length });
  const low = s.exclusiveMinimum !== undefined ? `> ${String(s.exclusiveMinimum)}` : undefined;
  const high = s.exclusiveMaximum !== undefined ? `< ${String(s.exclusiveMaximum)}` : undefined;
  const range = low || high ? [low, high].filter(Boolean).join(', ') : between(s.minimum, s.maximum);
  if (range) notes.push({ kind: 'range', value: range });
  const items = between(s.minItems, s.maxItems);
  if (items) notes.push({ kind: 'items', value: items });
  if (s.uniqueItems === true) notes.push({ kind: 'unique' });
  if (s.default !== undefined) notes.push({ kind: 'default', value: JSON.stringify(s.default) });
  if (typeof s.format === 'string') notes.push({ kind: 'format', value: s.format });
  if (typeof s.pattern === 'string') notes.push({ kind: 'pattern', value: s.pattern });
  if (s.readOnly === true) notes.push({ kind: 'readOnly' });
  if (s.writeOnly === true) notes.push({ kind: 'writeOnly' });
  return notes;
}

const describe = (s: Json): string | undefined => (typeof s.description === 'string' ? s.description : typeof s.title === 'string' ? s.title : undefined);

/**
 * A schema as the rows of a field table: each property (`name`), a nested object's properties under it
 * (`settings.max`), a list's items' properties under `[]` (`items[].id`), down to a few levels. A list at the top
 * gives its items' rows under `[]`; a schema without properties gives none.
 */
export function fieldRows(doc: Json, schema: unknown, prefix = '', depth = 0): FieldRow[] {
  const s = deref(doc, schema);
  if (depth > MAX_DEPTH) return [];
  const items = deref(doc, s.items);
  if (!hasProperties(doc, s) && s.items && hasProperties(doc, items)) return fieldRows(doc, items, `${prefix}[].`, depth + 1);
  const { properties, required } = objectParts(doc, s);
  return Object.entries(properties).flatMap(([key, raw]) => {
    const field = deref(doc, raw);
    const name = `${prefix}${key}`;
    const row: FieldRow = { name, type: typeOf(doc, field), required: required.includes(key), notes: notesOf(doc, field) };
    const description = describe(field);
    if (description) row.description = description;
    const fieldItems = deref(doc, field.items);
    const below = hasProperties(doc, field) ? fieldRows(doc, field, `${name}.`, depth + 1) : field.items && hasProperties(doc, fieldItems) ? fieldRows(doc, fieldItems, `${name}[].`, depth + 1) : [];
    return [row, ...below];
  });
}

/** The schema's own example (the first of `examples`, or `example`), if it has one. */
export function exampleOf(doc: Json, schema: unknown): unknown {
  const s = deref(doc, schema);
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  return s.example;
}

/**
 * A value the schema accepts, for a call's `curl` line when the schema has no example: its example, default, const
 * or first enum value, else a placeholder of its type; an object with its required properties only.
 */
export function sampleOf(doc: Json, schema: unknown, depth = 0): unknown {
  const s = deref(doc, schema);
  const own = exampleOf(doc, s) ?? s.default ?? s.const ?? (Array.isArray(s.enum) ? s.enum[0] : undefined);
  if (own !== undefined) return own;
  const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length) return sampleOf(doc, alternatives[0], depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  if (type === 'object' || hasProperties(doc, s)) {
    if (depth > MAX_DEPTH) return {};
    const { properties, required } = objectParts(doc, s);
    return Object.fromEntries(required.filter((k) => k in properties).map((k) => [k, sampleOf(doc, properties[k], depth + 1)]));
  }
  if (type === 'array') return (typeof s.minItems === 'number' && s.minItems > 0) || depth === 0 ? [sampleOf(doc, s.items, depth + 1)] : [];
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 0;
  if (type === 'boolean') return false;
  if (type === 'string') return s.format === 'date-time' ? '2026-01-01T00:00:00Z' : s.format === 'date' ? '2026-01-01' : s.format === 'email' ? 'player@example.com' : 'string';
  return null;
}
