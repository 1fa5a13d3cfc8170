import type { FastifyRequest } from 'fastify';
import { actionAllowed, actionCall, refusedMessage } from '../../resources/action-call';
import { BACK_OFFICE, type PlatformEntityDecl } from '../../resources/platform-entities';
import type { ActionDecl, JsonSchema } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { errorResponses, errorSchema, paramsSchema, type Api } from './api';
import { conflict, notFound } from './errors';

/**
 * What a platform entity's store supplies so that its declared state actions can be mounted: the entity lives in
 * its own table, so reading, locking and writing it are the store's; the route, the state check (409 with the
 * action's `refused`), the database transaction and the operation history are the engine's.
 */
export interface EntityMoves<C, R extends object> {
  /** Who asks, checked before anything is read (401 without a session; 403 for a caller the action is never for). */
  caller(req: FastifyRequest, action: ActionDecl): Promise<C>;
  /** The record, locked for the rest of the database transaction; undefined when there is none (404). */
  lock(q: Queryable, id: string): Promise<R | undefined>;
  /** Refuses a caller who may not move this record (403, or 404 where it is not theirs to see). */
  permit?(q: Queryable, caller: C, record: R, action: ActionDecl): Promise<void>;
  /** Writes the move to `action.to` and whatever comes with it; answers the record after it. */
  apply(q: Queryable, record: R, action: ActionDecl, caller: C): Promise<R>;
  /** The history entry's actor and app; its before and after when they say more than the records do. */
  history(q: Queryable, caller: C, before: R, after: R, action: ActionDecl): Promise<{ actor: string; appId?: string; before?: unknown; after?: unknown }>;
  /** The answer, when it is not the record after the move. */
  answer?(q: Queryable, after: R): Promise<unknown>;
}

/** A declaration the engine cannot mount is a start-up error, not a route that misbehaves. */
export function checkEntity(entity: PlatformEntityDecl): void {
  const states = entity.status.values;
  for (const a of entity.actions) {
    const where = `${entity.name}/${a.name}`;
    for (const s of [...a.from, a.to]) if (!states.includes(s)) throw new Error(`${where}: '${s}' is not a state of ${entity.name}`);
    if (!a.refused) throw new Error(`${where}: a platform entity's action names its refusal`);
    if (!a.access?.length) throw new Error(`${where}: a platform entity's action names who may call it`);
    if (a.fields || a.implementedBy) throw new Error(`${where}: fields and implementedBy are not mounted for platform entities`);
  }
}

/**
 * Mounts a platform entity's declared state actions, each at its `actionCall` address: the caller, then in one
 * database transaction the record locked (404), the caller's right to it, its state (409 with `refused`), the move,
 * and the operation history's `<history>.<action>` entry.
 */
export function mountEntityActions<C, R extends object>(
  api: Api,
  ctx: Ctx,
  entity: PlatformEntityDecl,
  doc: { tag: string; schema: JsonSchema },
  moves: EntityMoves<C, R>,
): void {
  checkEntity(entity);
  for (const action of entity.actions) {
    const call = actionCall(entity, action);
    const access = action.access!;
    api.route({
      method: call.method,
      url: `${entity.path}/:id${call.path}`,
      summary: `${action.label.en} a ${entity.singular.en}: from ${action.from.join(' or ')} to ${action.to} (${access.join(', ')})`,
      tag: doc.tag,
      auth: access.every((p) => BACK_OFFICE.includes(p)) ? 'admin' : 'session',
      access,
      params: paramsSchema('id'),
      responses: {
        200: { description: `the ${entity.singular.en} after the move`, schema: doc.schema },
        ...errorResponses(400, 401, 403, 404),
        409: { description: `from another state: '${refusedMessage(action)}'`, schema: errorSchema },
      },
      handler: async (req) => {
        const caller = await moves.caller(req, action);
        const id = (req.params as { id: string }).id;
        return ctx.db.transaction(async (q) => {
          const before = await moves.lock(q, id);
          if (!before) throw notFound();
          await moves.permit?.(q, caller, before, action);
          const status = (before as Record<string, unknown>)[entity.status.field];
          if (!actionAllowed(action, status)) throw conflict('INVALID_TRANSITION', refusedMessage(action));
          const after = await moves.apply(q, before, action, caller);
          const entry = await moves.history(q, caller, before, after, action);
          await recordOperation(q, {
            actor: entry.actor,
            appId: entry.appId,
            action: `${entity.history}.${action.name}`,
            target: id,
            before: entry.before ?? before,
            after: entry.after ?? after,
          });
          return moves.answer ? moves.answer(q, after) : after;
        });
      },
    });
  }
}
