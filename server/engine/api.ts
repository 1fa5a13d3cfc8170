import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema, Principal } from '../../resources/types';
import { compileSchema, toFieldErrors } from './ajv';
import { badRequest } from './errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call authenticates, for the OpenAPI document. */
export type AuthKind = 'none' | 'session' | 'admin' | 'service' | 'player';

export interface ResponseDef {
  description: string;
  schema?: JsonSchema;
}

/** One API operation: registered with Fastify and described in the OpenAPI document from the same data. */
export interface RouteDef {
  method: Method;
  url: string;
  summary: string;
  tag: string;
  auth: AuthKind;
  /**
   * Who may call it, where `auth` alone says too little (organisation roles, the back office). Roles are held in
   * the organisation the call names; `user` is any signed-in console user. Without it: `none` everyone, `session`
   * any user, `admin` administrators, `service` the app credential and administrators.
   */
  access?: Principal[];
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  /** The body may be left out (an optional JSON object). Checked by the handler. */
  optionalBody?: JsonSchema;
  responses: Record<number, ResponseDef>;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** Collects route definitions while registering them, so the OpenAPI document sees exactly what is served. */
export class Api {
  readonly routes: RouteDef[] = [];

  constructor(readonly app: FastifyInstance) {}

  route(def: RouteDef): void {
    this.routes.push(def);
    const schema: Record<string, unknown> = {};
    if (def.params) schema.params = def.params;
    if (def.querystring) schema.querystring = def.querystring;
    if (def.body) schema.body = def.body;
    let handler = def.handler;
    if (def.optionalBody) {
      const check = compileSchema(def.optionalBody, 'body');
      handler = (req, reply) => {
        if (req.body !== undefined && req.body !== null && !check(req.body)) throw badRequest(toFieldErrors(check.errors));
        return def.handler(req, reply);
      };
    }
    this.app.route({ method: def.method, url: def.url, schema, handler });
  }
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

/** A page asked for with `{ count, start }`. */
export interface Page {
  count: number;
  start: number;
}

/** A passport list answer: `{ total, <key>: [...] }`. */
export const listAnswer = (key: string, item: JsonSchema = { type: 'object' }): ResponseDef => ({
  description: 'one page',
  schema: { type: 'object', required: ['total', key], properties: { total: { type: 'integer' }, [key]: { type: 'array', items: item } } },
});

/** A success answer's description and schema. */
export const ok = (description: string, schema: JsonSchema = { type: 'object' }): ResponseDef => ({ description, schema });

/** A bounded text field of a hand-written body. */
export const textField = (max: number, min = 0): JsonSchema => ({ type: 'string', minLength: min, maxLength: max });
