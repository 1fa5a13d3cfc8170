import fc from 'fast-check';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SCHEMA_FORMATS } from '../../resources/formats';
import type { JsonSchema } from '../../resources/types';
import { sampleOf, type Pick } from './sample-input';

/**
 * A valid instance of a schema, where `sampleOf` alone falls short: its first guess is checked and mended field by
 * field from the checker's complaints — a required field a condition adds, a text its pattern describes, a field
 * the schema does not know — until the schema accepts it.
 */

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function checker(coerce: boolean) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true, coerceTypes: coerce ? 'array' : false, verbose: true });
  addFormats(ajv);
  for (const [name, check] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, { type: 'string', validate: check });
  ajv.addKeyword({ keyword: 'x-ui' });
  return ajv;
}
const bodyChecker = checker(false);
const textChecker = checker(true);

const segments = (pointer: string) => (pointer ? pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) : []);

/** The schema of the value at a JSON pointer, following properties and items from the root. */
function schemaAt(root: JsonSchema, pointer: string): JsonSchema | undefined {
  let s: JsonSchema | undefined = root;
  for (const seg of segments(pointer)) {
    if (!s) return undefined;
    const props = s.properties as Record<string, JsonSchema> | undefined;
    if (props?.[seg]) s = props[seg];
    else if (/^\d+$/.test(seg) && s.items) s = s.items as JsonSchema;
    else if (typeof s.additionalProperties === 'object') s = s.additionalProperties as JsonSchema;
    else return undefined;
  }
  return s;
}

function setAt(target: unknown, pointer: string, value: unknown): unknown {
  const segs = segments(pointer);
  if (!segs.length) return value;
  let node = target as Record<string, unknown>;
  for (const seg of segs.slice(0, -1)) node = node[seg] as Record<string, unknown>;
  const last = segs[segs.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return target;
}

/** A text its pattern (and length bounds and format) accept. */
function textMatching(s: JsonSchema, pattern: string): string | undefined {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const candidates = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: 7, numRuns: 200 });
  return candidates.find((c) => [...c].length >= min && [...c].length <= max && !/\s$|^\s/.test(c));
}

function mend(root: JsonSchema, value: unknown, e: ErrorObject, pick?: Pick): unknown {
  const at = e.instancePath;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const name = params.missingProperty as string;
      const local = ((e.parentSchema as JsonSchema | undefined)?.properties as Record<string, JsonSchema> | undefined)?.[name];
      const s = local ?? schemaAt(root, `${at}/${name}`) ?? { type: 'string' };
      return setAt(value, `${at}/${name}`, sampleOf(s, pick, name));
    }
    case 'additionalProperties':
      return setAt(value, `${at}/${params.additionalProperty as string}`, undefined);
    case 'pattern': {
      const s = schemaAt(root, at) ?? (e.parentSchema as JsonSchema);
      const text = textMatching(s, params.pattern as string);
      return text === undefined ? value : setAt(value, at, text);
    }
    case 'enum':
      return setAt(value, at, (e.parentSchema as JsonSchema).enum && ((e.parentSchema as JsonSchema).enum as unknown[])[0]);
    case 'const':
      return setAt(value, at, params.allowedValue);
    default: {
      const s = schemaAt(root, at) ?? (e.parentSchema as JsonSchema | undefined);
      if (!s || !at) return value;
      const name = segments(at).pop() ?? '';
      return setAt(value, at, sampleOf(s, pick, name));
    }
  }
}

/** A valid instance of the schema (a body, or with `text` a query as text), or undefined when none was found. */
export function validSample(schema: JsonSchema, pick?: Pick, text = false): unknown {
  const check = (text ? textChecker : bodyChecker).compile(schema);
  let value = sampleOf(schema, pick);
  // Alternatives that only add required fields say nothing of the object's own fields: start from those.
  if (schema.type === 'object' && (typeof value !== 'object' || value === null)) value = sampleOf({ ...schema, anyOf: undefined, oneOf: undefined }, pick);
  for (let round = 0; round < 12; round++) {
    const copy = structuredClone(value);
    if (check(text ? asText(copy) : copy)) return value;
    const errors = (check.errors ?? []).filter((e) => e.keyword !== 'if');
    const before = JSON.stringify(value);
    for (const e of errors) value = mend(schema, value, e, pick);
    if (JSON.stringify(value) === before) return undefined;
  }
  return undefined;
}

/** A query as the server receives it: every value text, or a list of texts. */
export function asText(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]));
}
