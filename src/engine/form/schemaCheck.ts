/**
 * JSON Schema (draft 2020-12) checked by walking the schema, without generating code: the console runs under a
 * Content-Security-Policy that forbids `eval`, which rules out compiling validators in the browser. It covers the
 * keywords the declarations use (and a few neighbours), and reports failures the way ajv does — same instance
 * paths, keywords, parameters and messages — so the form shows them like the server's. The server validates with
 * ajv itself; a unit test holds the two to the same verdicts over every declared schema.
 */

export type Schema = boolean | { [keyword: string]: unknown };

/** One failure, shaped like ajv's `ErrorObject` (what RJSF turns into field errors). */
export interface SchemaIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
  parentSchema?: Schema;
  propertyName?: string;
}

export type FormatCheck = (value: string) => boolean;

/** Keywords that constrain a value; the others (titles, `x-ui`, defaults…) are annotations and ignored. */
export const CHECKED_KEYWORDS = [
  '$ref', 'type', 'const', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'format', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems',
  'required', 'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'minProperties',
  'maxProperties', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
] as const;

const patterns = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (!re) {
    re = new RegExp(pattern, 'u');
    patterns.set(pattern, re);
  }
  return re;
}

/** Equality of JSON values (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => jsonEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Length in code points, as JSON Schema counts it (ajv's `ucs2length`). */
const length = (s: string) => [...s].length;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeMatches(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return false;
  }
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface Walk {
  root: Schema;
  formats: Record<string, FormatCheck>;
  issues: SchemaIssue[];
}

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#')) throw new Error(`Only local references are supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`Cannot resolve ${ref}`);
  return node as Schema;
}

/** Checks `data` at `path` against `schema` (at `at` in the schema), adding its failures; answers whether it passed. */
function check(w: Walk, schema: Schema, data: unknown, path: string, at: string): boolean {
  if (schema === true) return true;
  const before = w.issues.length;
  const fail = (keyword: string, params: Record<string, unknown>, message: string, where = path) =>
    w.issues.push({ instancePath: where, schemaPath: `${at}/${keyword}`, keyword, params, message, parentSchema: schema });
  if (schema === false) {
    w.issues.push({ instancePath: path, schemaPath: at, keyword: 'false schema', params: {}, message: 'boolean schema is false' });
    return false;
  }
  const s = schema as Record<string, unknown>;

  if (typeof s.$ref === 'string') check(w, resolveRef(w.root, s.$ref), data, path, `${at}/$ref`);

  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => typeMatches(t, data))) fail('type', { type: types.join(',') }, `must be ${types.join(',')}`);
  }
  if ('const' in s && !jsonEqual(data, s.const)) fail('const', { allowedValue: s.const }, 'must be equal to constant');
  if (Array.isArray(s.enum) && !s.enum.some((v) => jsonEqual(data, v))) {
    fail('enum', { allowedValues: s.enum }, 'must be equal to one of the allowed values');
  }

  if (typeof data === 'number') checkNumber(s, data, fail);
  if (typeof data === 'string') checkString(w, s, data, fail);
  if (Array.isArray(data)) checkArray(w, s, data, path, at, fail);
  if (isObject(data)) checkObject(w, s, data, path, at, fail);
  checkCombinations(w, s, data, path, at, fail);
  return w.issues.length === before;
}

type Fail = (keyword: string, params: Record<string, unknown>, message: string, where?: string) => void;

function checkNumber(s: Record<string, unknown>, n: number, fail: Fail) {
  const limits: [string, string, (limit: number) => boolean][] = [
    ['maximum', '<=', (l) => n <= l],
    ['minimum', '>=', (l) => n >= l],
    ['exclusiveMaximum', '<', (l) => n < l],
    ['exclusiveMinimum', '>', (l) => n > l],
  ];
  for (const [keyword, comparison, ok] of limits) {
    const limit = s[keyword];
    if (typeof limit === 'number' && !ok(limit)) fail(keyword, { comparison, limit }, `must be ${comparison} ${limit}`);
  }
  if (typeof s.multipleOf === 'number') {
    const q = n / s.multipleOf;
    if (Math.abs(Math.round(q) - q) > 1e-8) fail('multipleOf', { multipleOf: s.multipleOf }, `must be multiple of ${s.multipleOf}`);
  }
}

function checkString(w: Walk, s: Record<string, unknown>, text: string, fail: Fail) {
  if (typeof s.maxLength === 'number' && length(text) > s.maxLength) fail('maxLength', { limit: s.maxLength }, `must NOT have more than ${s.maxLength} characters`);
  if (typeof s.minLength === 'number' && length(text) < s.minLength) fail('minLength', { limit: s.minLength }, `must NOT have fewer than ${s.minLength} characters`);
  if (typeof s.pattern === 'string' && !regex(s.pattern).test(text)) fail('pattern', { pattern: s.pattern }, `must match pattern "${s.pattern}"`);
  const format = typeof s.format === 'string' ? w.formats[s.format] : undefined;
  if (format && !format(text)) fail('format', { format: s.format }, `must match format "${String(s.format)}"`);
}

function checkArray(w: Walk, s: Record<string, unknown>, list: unknown[], path: string, at: string, fail: Fail) {
  if (typeof s.maxItems === 'number' && list.length > s.maxItems) fail('maxItems', { limit: s.maxItems }, `must NOT have more than ${s.maxItems} items`);
  if (typeof s.minItems === 'number' && list.length < s.minItems) fail('minItems', { limit: s.minItems }, `must NOT have fewer than ${s.minItems} items`);
  const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as Schema[]) : [];
  prefix.forEach((item, i) => i < list.length && check(w, item, list[i], `${path}/${i}`, `${at}/prefixItems/${i}`));
  if (s.items !== undefined) {
    for (let i = prefix.length; i < list.length; i++) check(w, s.items as Schema, list[i], `${path}/${i}`, `${at}/items`);
  }
  if (s.uniqueItems === true && list.length > 1) {
    const duplicate = duplicateOf(list, s.items);
    if (duplicate) fail('uniqueItems', duplicate, `must NOT have duplicate items (items ## ${duplicate.j} and ${duplicate.i} are identical)`);
  }
}

/**
 * The first repeated item, found the way ajv looks: with scalar item types, from the end, only items of those
 * types, by their text; otherwise every pair, from the end, by deep equality.
 */
function duplicateOf(list: unknown[], items: unknown): { i: number; j: number } | undefined {
  const declared = isObject(items) ? items.type : undefined;
  const types = declared === undefined ? [] : Array.isArray(declared) ? (declared as string[]) : [declared as string];
  if (types.length > 0 && !types.some((t) => t === 'object' || t === 'array')) {
    const seen = new Map<string, number>();
    for (let i = list.length - 1; i >= 0; i--) {
      const item = list[i];
      if (!types.some((t) => typeMatches(t, item))) continue;
      const key = types.length > 1 && typeof item === 'string' ? `${item}_` : String(item);
      const j = seen.get(key);
      if (j !== undefined) return { i, j };
      seen.set(key, i);
    }
    return undefined;
  }
  for (let i = list.length - 1; i > 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (jsonEqual(list[i], list[j])) return { i, j };
  }
  return undefined;
}

function checkObject(w: Walk, s: Record<string, unknown>, data: Record<string, unknown>, path: string, at: string, fail: Fail) {
  const props = (isObject(s.properties) ? s.properties : {}) as Record<string, Schema>;
  const patternProps = (isObject(s.patternProperties) ? s.patternProperties : {}) as Record<string, Schema>;
  const keys = Object.keys(data);
  if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) fail('maxProperties', { limit: s.maxProperties }, `must NOT have more than ${s.maxProperties} properties`);
  if (typeof s.minProperties === 'number' && keys.length < s.minProperties) fail('minProperties', { limit: s.minProperties }, `must NOT have fewer than ${s.minProperties} properties`);
  for (const name of Array.isArray(s.required) ? (s.required as string[]) : []) {
    if (data[name] === undefined) fail('required', { missingProperty: name }, `must have required property '${name}'`);
  }
  if (isObject(s.dependentRequired)) {
    for (const [property, deps] of Object.entries(s.dependentRequired as Record<string, string[]>)) {
      if (data[property] === undefined) continue;
      for (const missing of deps.filter((d) => data[d] === undefined)) {
        fail('dependentRequired', { property, missingProperty: missing, depsCount: deps.length, deps: deps.join(', ') }, `must have property ${missing} when property ${property} is present`);
      }
    }
  }
  if (s.propertyNames !== undefined) {
    for (const key of keys) {
      const start = w.issues.length;
      if (!check(w, s.propertyNames as Schema, key, path, `${at}/propertyNames`)) {
        for (const issue of w.issues.slice(start)) issue.propertyName = key;
        fail('propertyNames', { propertyName: key }, 'property name must be valid');
      }
    }
  }
  for (const key of keys) {
    const value = data[key];
    const where = `${path}/${escapePointer(key)}`;
    const declared = Object.prototype.hasOwnProperty.call(props, key);
    if (declared && value !== undefined) check(w, props[key], value, where, `${at}/properties/${escapePointer(key)}`);
    const matching = Object.keys(patternProps).filter((p) => regex(p).test(key));
    for (const p of matching) check(w, patternProps[p], value, where, `${at}/patternProperties/${escapePointer(p)}`);
    if (declared || matching.length > 0 || s.additionalProperties === undefined) continue;
    if (s.additionalProperties === false) fail('additionalProperties', { additionalProperty: key }, 'must NOT have additional properties');
    else check(w, s.additionalProperties as Schema, value, where, `${at}/additionalProperties`);
  }
}

function checkCombinations(w: Walk, s: Record<string, unknown>, data: unknown, path: string, at: string, fail: Fail) {
  /** Checks a branch on its own: its failures are kept only if asked. */
  const branch = (schema: Schema, where: string) => {
    const sub: Walk = { ...w, issues: [] };
    return { ok: check(sub, schema, data, path, where), issues: sub.issues };
  };
  if (Array.isArray(s.allOf)) (s.allOf as Schema[]).forEach((sub, i) => check(w, sub, data, path, `${at}/allOf/${i}`));
  if (Array.isArray(s.anyOf)) {
    const tries = (s.anyOf as Schema[]).map((sub, i) => branch(sub, `${at}/anyOf/${i}`));
    if (!tries.some((t) => t.ok)) {
      for (const t of tries) w.issues.push(...t.issues);
      fail('anyOf', {}, 'must match a schema in anyOf');
    }
  }
  if (Array.isArray(s.oneOf)) {
    const tries = (s.oneOf as Schema[]).map((sub, i) => branch(sub, `${at}/oneOf/${i}`));
    const passing = tries.flatMap((t, i) => (t.ok ? [i] : []));
    if (passing.length === 0) for (const t of tries) w.issues.push(...t.issues);
    if (passing.length !== 1) fail('oneOf', { passingSchemas: passing.length > 1 ? passing.slice(0, 2) : null }, 'must match exactly one schema in oneOf');
  }
  if (s.not !== undefined && branch(s.not as Schema, `${at}/not`).ok) fail('not', {}, 'must NOT be valid');
  if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
    const chosen = branch(s.if as Schema, `${at}/if`).ok ? 'then' : 'else';
    const next = s[chosen];
    if (next !== undefined && !check(w, next as Schema, data, path, `${at}/${chosen}`)) {
      fail('if', { failingKeyword: chosen }, `must match "${chosen}" schema`);
    }
  }
}

/** The failures of `data` against `schema`; `$ref`s resolve in `root` (the schema itself by default). */
export function schemaIssues(schema: Schema, data: unknown, formats: Record<string, FormatCheck> = {}, root: Schema = schema): SchemaIssue[] {
  const w: Walk = { root, formats, issues: [] };
  check(w, schema, data, '', '#');
  return w.issues;
}
