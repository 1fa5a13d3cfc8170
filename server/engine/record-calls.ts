import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema, Principal } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, type Api, type Method, type ResponseDef } from './api';
import { itemParams } from './children';
import { ApiError, notFound } from './errors';
import { authorize, type Access } from './guard';
import type { ResourceModel } from './model';
import type { Data } from './store';
import { idOf } from './write';

/**
 * A service's own call on one record of a declared resource (a board's ranking, its reset): `<method> <item
 * path><path>`, with the resource's `read` or `write` access. The engine checks who calls, finds the record the
 * path names in their scope (by id or `addressBy`; 404 otherwise) and documents the call; the service answers it.
 */
export interface RecordCallDef {
  method: Method;
  /** Appended to the item path, e.g. `/reset`; its own `:name`s are declared in `params`. */
  path: string;
  summary: string;
  access: 'read' | 'write';
  /** Who may call, when not those the resource's `access` names for it (a declared action's own access). */
  principals?: Principal[];
  /** The path's parameters after the record's own, each with its schema. */
  params?: Record<string, JsonSchema>;
  query?: JsonSchema;
  body?: JsonSchema;
  /** A body that may be left out. */
  optionalBody?: JsonSchema;
  answer: ResponseDef;
  /** The error statuses the call may answer (described generically), or the error answers themselves. */
  errors: number[] | Record<number, ResponseDef>;
  /** The 404's message when the path names no record in the caller's scope (default `not found`). */
  missing?: string;
}

/** What the service's answer is given: who calls, in which scope, and the record the path names. */
export interface RecordCall {
  access: Access;
  record: Data;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** The path parameters of a record call: the item's, then the call's own. */
function callParams(m: ResourceModel, own: Record<string, JsonSchema> = {}): JsonSchema {
  const item = itemParams(m);
  return {
    ...item,
    required: [...(item.required as string[]), ...Object.keys(own)],
    properties: { ...(item.properties as object), ...own },
  };
}

/** The record an item path names in the scope, or 404 with `missing`. */
export async function recordOf(ctx: Ctx, m: ResourceModel, scopeId: string, key: string, missing?: string): Promise<Data> {
  try {
    return await ctx.store.get(m, scopeId, await ctx.store.resolveId(m, scopeId, key));
  } catch (err) {
    if (missing && err instanceof ApiError && err.status === 404) throw notFound(missing);
    throw err;
  }
}

/** Mounts one of a service's calls on a record of `m` (see `RecordCallDef`). */
export function mountRecordCall(
  api: Api,
  ctx: Ctx,
  m: ResourceModel,
  def: RecordCallDef,
  answer: (call: RecordCall) => Promise<unknown>,
): void {
  api.route({
    method: def.method,
    url: `${m.base}/:${m.idParam}${def.path}`,
    summary: def.summary,
    tag: m.service.name,
    auth: 'service',
    access: def.principals ?? m.res.access[def.access],
    params: callParams(m, def.params),
    querystring: def.query,
    body: def.body,
    optionalBody: def.optionalBody,
    responses: { 200: def.answer, ...(Array.isArray(def.errors) ? errorResponses(...def.errors) : def.errors) },
    handler: async (req, reply) => {
      const access = await authorize(ctx, req, m, def.access, def.principals);
      return answer({ access, record: await recordOf(ctx, m, access.scopeId, idOf(req, m), def.missing), req, reply });
    },
  });
}
