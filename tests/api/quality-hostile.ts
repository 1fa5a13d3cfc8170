import type { InjectOptions } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import { compileSchema } from '../../server/engine/ajv';
import { asText } from './quality-samples';
import { pathOf, queryText, type Probe } from './quality-requests';
import {
  BAD_NUMBER_TEXTS,
  charName,
  CONTROL_CHARACTERS,
  deepArray,
  deepObject,
  INJECTIONS,
  LONE_SURROGATE,
  MALFORMED_JSON,
  ONE_MB,
  RAW_TRAVERSALS,
  TRAVERSALS,
  UNICODE,
  UNSAFE_NUMBER_LITERALS,
  WRONG_CONTENT_TYPES,
} from './quality-hostile-values';

/**
 * Invalid inputs for one operation, made from a valid call of it by breaking one thing at a time: its path
 * parameters, its query, its body's text, its content type, or one field of its body. Cases the route's own schema
 * would accept are left out, except those no API may accept whatever its schema says (malformed JSON, a foreign
 * content type, NUL or half a surrogate pair in text, numbers JavaScript cannot hold, nesting past any declared
 * shape, a megabyte of text).
 */
export interface HostileCase {
  why: string;
  request: InjectOptions;
}

type Props = Record<string, JsonSchema>;
/** The schema's own branches: what conditions and alternatives add to it. */
const branchesOf = (s: JsonSchema): JsonSchema[] =>
  [s.then, s.else, ...((s.allOf ?? []) as JsonSchema[]), ...((s.anyOf ?? []) as JsonSchema[]), ...((s.oneOf ?? []) as JsonSchema[])].filter(
    (b): b is JsonSchema => typeof b === 'object' && b !== null,
  );
/** Every property the schema or one of its branches declares. */
const propsOf = (s: JsonSchema | undefined): Props => (s ? Object.assign({}, ...branchesOf(s).map(propsOf), s.properties ?? {}) : {});
const requiredOf = (s: JsonSchema): string[] => [...((s.required ?? []) as string[]), ...branchesOf(s).flatMap(requiredOf)];
const closed = (s: JsonSchema): boolean => s.additionalProperties === false || branchesOf(s).some(closed);
const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined));
const constrained = (s: JsonSchema) => typeof s.pattern === 'string' || typeof s.format === 'string' || Array.isArray(s.enum) || 'const' in s;

const RAW = '@@raw-literal@@';
/** A JSON text of `value` with the field `name` written as the raw `literal` (a number JSON.stringify cannot write). */
const withLiteral = (value: Record<string, unknown>, name: string, literal: string) => JSON.stringify({ ...value, [name]: RAW }).replace(`"${RAW}"`, literal);

/** Values of the wrong type for a field of type `type`. */
function wrongTypes(type: string | undefined): unknown[] {
  switch (type) {
    case 'string':
      return [0, 1.5, true, [], {}, ['x']];
    case 'integer':
      return ['1', 1.5, true, [], {}, [1]];
    case 'number':
      return ['1', true, [], {}, [1]];
    case 'boolean':
      return ['true', 1, 0, [], {}];
    case 'array':
      return ['x', 1, {}, true];
    case 'object':
      return ['x', 1, [], true];
    default:
      return [];
  }
}

/** Texts a string field may refuse: empty, too long, control characters, awkward Unicode, traversal, injection. */
function badStrings(s: JsonSchema): unknown[] {
  const out: unknown[] = [''];
  if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1), '😀'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 1) out.push('x'.repeat(s.minLength - 1));
  if (constrained(s)) out.push(...CONTROL_CHARACTERS.map((c) => `a${c}b`), ...UNICODE, ...TRAVERSALS, ...INJECTIONS, '__none_of_these__');
  return out;
}

function badNumbers(s: JsonSchema, type: string): unknown[] {
  const out: unknown[] = [];
  if (typeof s.maximum === 'number') out.push(s.maximum + 1);
  if (typeof s.minimum === 'number') out.push(s.minimum - 1);
  if (typeof s.exclusiveMaximum === 'number') out.push(s.exclusiveMaximum);
  if (typeof s.exclusiveMinimum === 'number') out.push(s.exclusiveMinimum);
  if (type === 'integer') out.push(0.5, -1.5);
  return out;
}

class Cases {
  readonly list: HostileCase[] = [];
  constructor(
    private readonly probe: Probe,
    private readonly headers: Record<string, string>,
    /** The valid call itself is refused for want of a credential (a signature, a password): so is every variant. */
    readonly strict: boolean,
  ) {}

  add(why: string, parts: { path?: string; query?: string; body?: string; contentType?: string | null }): void {
    const p = this.probe;
    const baseBody = p.body === undefined ? undefined : JSON.stringify(p.body);
    const body = 'body' in parts ? parts.body : baseBody;
    const type = parts.contentType === undefined ? (body === undefined ? undefined : 'application/json') : parts.contentType;
    const headers = { ...this.headers, ...(type ? { 'content-type': type } : {}) };
    this.list.push({
      why,
      request: { method: p.method, url: (parts.path ?? p.path) + (parts.query ?? queryText(p.query)), headers, ...(body === undefined ? {} : { payload: body }) },
    });
  }
}

/**
 * Entries for an object whose keys are free (`additionalProperties` a schema): hostile names and hostile values,
 * values past their bounds, and more entries than it may hold.
 */
function openMap(schema: JsonSchema, base: Record<string, unknown>, emit: (why: string, value: Record<string, unknown>) => void): void {
  const values = schema.additionalProperties;
  if (typeof values !== 'object' || values === null) return;
  const v = values as JsonSchema;
  const hostile = [...CONTROL_CHARACTERS.map((ch) => `a${ch}b`), ...UNICODE, ...TRAVERSALS, ...INJECTIONS];
  hostile.forEach((h, i) => emit(`entry ${i} holding ${JSON.stringify(h).slice(0, 30)}`, { ...base, [`entry${i}`]: h }));
  hostile.forEach((h, i) => emit(`entry named ${JSON.stringify(h).slice(0, 30)} (${i})`, { ...base, [h]: 'x' }));
  for (const w of wrongTypes(typeOf(v))) emit(`entry of the wrong type ${JSON.stringify(w)}`, { ...base, entry: w });
  if (typeof v.maxLength === 'number') emit('entry too long', { ...base, entry: 'x'.repeat(v.maxLength + 1) });
  if (typeof schema.maxProperties === 'number') emit('too many entries', Object.fromEntries(Array.from({ length: schema.maxProperties + 1 }, (_, i) => [`k${i}`, 'x'])));
}

function pathCases(c: Cases, probe: Probe): void {
  for (const name of Object.keys(probe.params)) {
    const values: [string, string][] = [
      ...TRAVERSALS.map((v) => [`traversal ${v}`, v] as [string, string]),
      ...CONTROL_CHARACTERS.map((ch) => [`control character ${charName(ch)}`, `id${ch}x`] as [string, string]),
      ...UNICODE.map((v) => [`unicode ${v}`, v] as [string, string]),
      ...INJECTIONS.map((v) => [`injection ${v}`, v] as [string, string]),
      ['65 characters', 'x'.repeat(65)],
      ['10,000 characters', 'x'.repeat(10_000)],
      ['a space', 'a b'],
    ];
    // A lone `.` or `..` segment is resolved before the request is sent: it never names this operation.
    for (const [why, v] of values) if (v !== '.' && v !== '..') c.add(`path ${name}: ${why}`, { path: pathOf(probe.route.url, { ...probe.params, [name]: v }) });
    for (const v of [...RAW_TRAVERSALS, '%zz', '%E0%A4%A', '%ED%A0%80']) c.add(`path ${name}: raw ${v}`, { path: pathOf(probe.route.url, { ...probe.params, [name]: v }, true) });
  }
}

function queryCases(c: Cases, probe: Probe): void {
  const schema = probe.route.querystring;
  if (!schema) return;
  const check = compileSchema(schema, 'querystring');
  const refused = (q: Record<string, unknown>) => c.strict || !check(structuredClone(asText(q)));
  const base = probe.query;
  const props = propsOf(schema);
  let bigDone = false;
  for (const [name, s] of Object.entries(props)) {
    const type = typeOf(s);
    const item = type === 'array' ? ((s.items ?? {}) as JsonSchema) : s;
    const itemType = typeOf(item);
    const texts: unknown[] = itemType === 'integer' || itemType === 'number' ? BAD_NUMBER_TEXTS : itemType === 'boolean' ? ['yes', '2', 'truee', ''] : badStrings(item);
    for (const t of texts) {
      const q = { ...base, [name]: t };
      if (refused(q)) c.add(`query ${name}: ${JSON.stringify(t).slice(0, 40)}`, { query: queryText(q) });
    }
    if (type !== 'array') {
      const twice = { ...base, [name]: ['1', '2'] };
      if (refused(twice)) c.add(`query ${name} given twice`, { query: queryText(twice) });
    } else if (typeof s.maxItems === 'number') {
      c.add(`query ${name} with too many values`, { query: queryText({ ...base, [name]: Array.from({ length: s.maxItems + 1 }, (_, i) => `v${i}`) }) });
    }
    if (!bigDone && (itemType === 'string' || itemType === undefined)) {
      bigDone = true;
      c.add(`query ${name}: 1 MB`, { query: queryText({ ...base, [name]: ONE_MB }) });
    }
  }
  for (const name of requiredOf(schema)) {
    const { [name]: _gone, ...rest } = base;
    if (refused(rest)) c.add(`query without ${name}`, { query: queryText(rest) });
  }
  openMap(schema, base, (why, q) => {
    if (refused(q)) c.add(`query ${why}`, { query: queryText(q) });
  });
  if (closed(schema)) {
    for (const name of ['notAField', '__proto__', 'constructor', '$where', 'a[b]', ...UNICODE, ...CONTROL_CHARACTERS.slice(1).map((ch) => `k${ch}`)]) {
      const q = { ...base, [name]: '1' };
      if (refused(q)) c.add(`unknown query parameter ${JSON.stringify(name)}`, { query: queryText(q) });
    }
  }
}

function bodyCases(c: Cases, probe: Probe): void {
  const schema = probe.route.body ?? probe.route.optionalBody;
  if (!schema) return;
  const optional = !probe.route.body;
  const check = compileSchema(schema, 'body');
  const refused = (v: unknown) => c.strict || !((optional && (v === null || v === undefined)) || check(structuredClone(v)));
  const base = (probe.body ?? {}) as Record<string, unknown>;
  const text = JSON.stringify(base);
  const tryValue = (why: string, v: unknown) => {
    if (refused(v)) c.add(why, { body: JSON.stringify(v) });
  };

  for (const [why, v] of [['null', null], ['an array', []], ['the body in an array', [base]], ['a string', 'text'], ['a number', 123], ['true', true], ['an empty object', {}]] as const) tryValue(`body ${why}`, v);
  c.add('body nested 10,000 objects deep', { body: deepObject() });
  c.add('body nested 10,000 arrays deep', { body: deepArray() });
  c.add('body over the size limit', { body: JSON.stringify({ ...base, padding: 'x'.repeat(1_100_000) }) });
  for (const t of MALFORMED_JSON) c.add(`malformed JSON ${JSON.stringify(t)}`, { body: t });
  const cuts = Math.min(text.length - 1, 24);
  for (let i = 1; i <= cuts; i++) {
    const at = Math.floor((text.length * i) / (cuts + 1));
    c.add(`JSON cut at ${at} of ${text.length}`, { body: text.slice(0, at) });
  }
  for (const type of WRONG_CONTENT_TYPES) c.add(`content type ${type}`, { contentType: type });
  c.add('no content type', { contentType: null });

  openMap(schema, base, tryValue);
  if (closed(schema)) {
    for (const name of ['notAField', 'constructor', 'prototype', '$where', ...UNICODE, ...CONTROL_CHARACTERS.slice(1).map((ch) => `k${ch}`)]) tryValue(`unknown field ${JSON.stringify(name)}`, { ...base, [name]: 1 });
    c.add('unknown field __proto__', { body: `{"__proto__":{"isAdmin":true},${text.slice(1)}` });
  }
  let bigDone = false;
  let deepDone = false;
  for (const [name, s] of Object.entries(propsOf(schema))) {
    const type = typeOf(s);
    if (requiredOf(schema).includes(name)) {
      const { [name]: _gone, ...rest } = base;
      tryValue(`without ${name}`, rest);
    }
    tryValue(`${name} null`, { ...base, [name]: null });
    for (const v of wrongTypes(type)) tryValue(`${name} ${JSON.stringify(v)}`, { ...base, [name]: v });
    if (type === 'string') {
      for (const v of badStrings(s)) tryValue(`${name} ${JSON.stringify(v).slice(0, 40)}`, { ...base, [name]: v });
      c.add(`${name} holding NUL`, { body: JSON.stringify({ ...base, [name]: 'a\u0000b' }) });
      c.add(`${name} holding half a surrogate pair`, { body: withLiteral(base, name, `"a${LONE_SURROGATE}b"`) });
      // A field that declares it takes that much (a crash log) is given one over its limit among the bad strings.
      if (!bigDone && !(Number(s.maxLength) >= ONE_MB.length)) {
        bigDone = true;
        c.add(`${name} of 1 MB`, { body: JSON.stringify({ ...base, [name]: ONE_MB }) });
      }
    }
    if (type === 'integer' || type === 'number') {
      for (const v of badNumbers(s, type)) tryValue(`${name} ${v}`, { ...base, [name]: v });
      for (const literal of UNSAFE_NUMBER_LITERALS) c.add(`${name} ${literal}`, { body: withLiteral(base, name, literal) });
    }
    if (Array.isArray(s.enum)) tryValue(`${name} outside its values`, { ...base, [name]: '__none_of_these__' });
    if (type === 'array') {
      if (typeof s.maxItems === 'number') tryValue(`${name} with too many items`, { ...base, [name]: Array.from({ length: s.maxItems + 1 }, (_, i) => `item${i}`) });
      tryValue(`${name} holding null`, { ...base, [name]: [null] });
    }
    if (type === 'object' || type === undefined) {
      tryValue(`${name} with an unknown field`, { ...base, [name]: { ...((base[name] as object) ?? {}), notAField: 1 } });
      if (!deepDone) {
        deepDone = true;
        c.add(`${name} nested 10,000 deep`, { body: withLiteral(base, name, deepObject()) });
      }
    }
  }
}

export function hostileCases(probe: Probe, headers: Record<string, string>, strict = false): HostileCase[] {
  const c = new Cases(probe, headers, strict);
  pathCases(c, probe);
  queryCases(c, probe);
  bodyCases(c, probe);
  return c.list;
}
