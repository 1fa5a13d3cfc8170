/**
 * Shapes shared by the API's calls, as data: the declarations of services' own calls build their request and answer
 * schemas from these, and the server's hand-mounted routes use the same ones.
 */
import type { JsonSchema } from './types';

/** An error a call may answer: its `code` and its `message` (an English key of the message dictionary). */
export interface ErrorAnswer {
  code: string;
  message: string;
}

/** A success or error answer of a call, for the API document. */
export interface ResponseDef {
  description: string;
  schema?: JsonSchema;
  /** For an error status: the errors it may be (the API document gives the engine's for the status without it). */
  errors?: ErrorAnswer[];
}

export const idParam = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

export function paramsSchema(...names: string[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, idParam])),
  };
}

export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: {
    message: { type: 'string' },
    code: { type: 'string' },
    details: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
};

/** The error responses an operation may give, for its OpenAPI description. */
export const errorResponses = (...codes: number[]): Record<number, ResponseDef> =>
  Object.fromEntries(codes.map((c) => [c, { description: 'error', schema: errorSchema }]));

/** `{ count, start }` paging of the passport convention (spec 002 §7): `count` records (at most `max`) from `start`. */
export const pageProperties = (max = 1000, count = 50, lastStart = 10_000_000) => ({
  count: { type: 'integer', minimum: 1, maximum: max, default: count },
  start: { type: 'integer', minimum: 0, maximum: lastStart, default: 0 },
});

/** A list call's query: its paging and its own filters, nothing else. */
export const pageQuery = (extra: Record<string, JsonSchema> = {}, paging: Record<string, JsonSchema> = pageProperties()): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: { ...paging, ...extra },
});

/** A passport list answer: `{ total, <key>: [...] }`. */
export const listAnswer = (key: string, item: JsonSchema = { type: 'object' }): ResponseDef => ({
  description: 'one page',
  schema: { type: 'object', required: ['total', key], properties: { total: { type: 'integer' }, [key]: { type: 'array', items: item } } },
});

/** A success answer's description and schema. */
export const ok = (description: string, schema: JsonSchema = { type: 'object' }): ResponseDef => ({ description, schema });

/** A bounded text field of a hand-written body. */
export const textField = (max: number, min = 0): JsonSchema => ({ type: 'string', minLength: min, maxLength: max });

/**
 * A record of one of the service's resources, as its calls answer it (the record's fields, id, version and times):
 * the engine puts in the resource's record schema where a declared call's answer names it.
 */
export const recordOf = (resource: string): JsonSchema => ({ 'x-record': resource });

/**
 * What a create of a resource takes: its schema without the server-managed (`readOnly`) fields and without the
 * schema's identity keywords (so derived copies compile side by side).
 */
export function writableSchema(schema: JsonSchema): JsonSchema {
  const { $id: _id, $schema: _s, ...out } = structuredClone(schema);
  const p = (out.properties ?? {}) as Record<string, JsonSchema>;
  const readOnly = Object.keys(p).filter((k) => p[k].readOnly === true);
  for (const k of readOnly) delete p[k];
  if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((k) => !readOnly.includes(k));
  return out;
}

/** A body of exactly these fields, each required. */
export const fieldsBody = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

const DAY: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
/** A range of calendar days (of the usage zone), both ends included; the last 30 days by default. */
export const dayRangeQuery = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: { from: { ...DAY, description: 'the first day (default: 29 days before `to`)' }, to: { ...DAY, description: 'the last day (default: today)' }, ...extra },
});

/** A top-k list's size. */
export const topK: Record<string, JsonSchema> = { k: { type: 'integer', minimum: 1, maximum: 100, default: 10 } };

/** The query of a package upload (the body is the file): the name shown for it. */
export const uploadFileNameQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { fileName: { ...textField(255, 1), description: 'the file name shown for the package (default: package.<kind>)' } },
};
