import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { errorResponses, type ResponseDef } from '../../../engine/api';
import { forbidden } from '../../../engine/errors';
import { authorizeService, type Access } from '../../../engine/guard';

export const SERVICE = 'passport';
export { BASE } from '../base';

/** `{ count, start }` paging of a hand-written list (spec 002 §7), as a query. */
export const pageQuery = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    count: { type: 'integer', minimum: 1, maximum: 1000, default: 50 },
    start: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
    ...extra,
  },
});

export interface Page {
  count: number;
  start: number;
}

/** A passport list answer: `{ total, <key>: [...] }`. */
export const listAnswer = (key: string, item: JsonSchema = { type: 'object' }): ResponseDef => ({
  description: 'one page',
  schema: { type: 'object', required: ['total', key], properties: { total: { type: 'integer' }, [key]: { type: 'array', items: item } } },
});

export const ok = (description: string, schema: JsonSchema = { type: 'object' }): ResponseDef => ({ description, schema });
export const errors = errorResponses;

/** The app credential or an administrator naming the app: who calls an app-scoped passport call. */
export const appCaller = (ctx: Ctx, req: FastifyRequest): Promise<Access> => authorizeService(ctx, req, SERVICE);

/** The same, for calls only the platform's administrators may make (403 for the app credential). */
export async function adminCaller(ctx: Ctx, req: FastifyRequest): Promise<Access> {
  const access = await appCaller(ctx, req);
  if (access.principal.kind !== 'admin') throw forbidden();
  return access;
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A bounded text field of a hand-written body. */
export const text = (max: number, min = 0): JsonSchema => ({ type: 'string', minLength: min, maxLength: max });

/** A record id in a body (the same shape as path ids). */
export const idString: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
