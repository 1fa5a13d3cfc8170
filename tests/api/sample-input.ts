import type { JsonSchema } from '../../resources/types';

/**
 * A small valid instance of a JSON Schema, for driving every route with input that passes validation. `pick`
 * may supply a value for a property by name (ids of a chosen tenant, say); otherwise examples, defaults, consts,
 * enums and the type's bounds decide.
 */
export type Pick = (name: string, schema: JsonSchema) => unknown;

const FORMATS: Record<string, string> = {
  email: 'someone@example.com',
  'date-time': '2026-01-15T08:00:00.000Z',
  date: '2026-01-15',
  uri: 'https://example.com/hook',
  url: 'https://example.com/hook',
};

function stringOf(s: JsonSchema): string {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format];
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 64;
  const length = Math.min(Math.max(min, 8), max);
  if (typeof s.pattern === 'string') {
    // Patterns in our schemas are id-like or decimal-like; try a few candidates that fit the length bounds.
    const re = new RegExp(s.pattern);
    for (const c of ['sample1', 'a', '1', '10.00', '1.5', 'abc-123', 'SAMPLE', 'application/zip', 'x'.repeat(length), 'a'.repeat(length)]) {
      if (re.test(c) && c.length >= min && c.length <= max) return c;
    }
  }
  return 'sample-text'.padEnd(length, 'x').slice(0, length);
}

export function sampleOf(schema: JsonSchema | undefined, pick?: Pick, name = ''): unknown {
  if (!schema) return undefined;
  const s = schema;
  const picked = pick?.(name, s);
  if (picked !== undefined) return picked;
  if ('const' in s) return s.const;
  const example = Array.isArray(s.examples) && s.examples.length ? s.examples[0] : undefined;
  if (example !== undefined && (typeof example !== 'object' || example === null || Array.isArray(example))) return example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = s[key];
    if (!Array.isArray(options) || !options.length) continue;
    const first = sampleOf(options[0] as JsonSchema, pick, name);
    // An object schema with alternatives: its own properties plus those of the first alternative.
    if (type !== 'object' || typeof first !== 'object' || first === null) return first;
    return { ...(sampleOf({ ...s, [key]: undefined }, pick, name) as object), ...first };
  }
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof s.minItems === 'number' ? Math.max(s.minItems, 1) : 1;
      return Array.from({ length: count }, () => sampleOf(s.items as JsonSchema, pick, name));
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required ?? []) as string[];
      // An example record is a good start; required fields it lacks (a version, say) are added below.
      const out: Record<string, unknown> = { ...((example as Record<string, unknown> | undefined) ?? {}) };
      const atLeast = typeof s.minProperties === 'number' ? s.minProperties : 0;
      for (const key of Object.keys(props)) {
        const value = pick?.(key, props[key]);
        if (value !== undefined) out[key] = value;
        else if (required.includes(key) && !(key in out)) out[key] = sampleOf(props[key], pick, key);
      }
      // Optional properties, in order, until the object is as large as it must be.
      for (const key of Object.keys(props)) {
        if (Object.keys(out).length >= atLeast) break;
        if (!(key in out) && !props[key].readOnly) out[key] = sampleOf(props[key], pick, key);
      }
      return out;
    }
    default:
      return null;
  }
}
