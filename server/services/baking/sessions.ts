import { baking } from '../../../resources/baking';
import { WORKING } from '../../../resources/baking/resources';
import { refusedMessage } from '../../../resources/action-call';
import type { ActionDecl } from '../../../resources/types';
import { modelOf, type Ctx } from '../../context';
import type { Queryable } from '../../db';
import { recordOperation } from '../../audit';
import type { Data } from '../../engine/store';
import { records } from '../../engine/query';
import { conflict } from '../../engine/errors';
import { recordUsage } from '../../usage';

export const SERVICE = baking.name;
export const METER = 'node-seconds';

export const sessionsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'sessions'));
export const nodesOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'nodes'));
export const agentsOf = (ctx: Ctx, db: Queryable = ctx.db) => records(db, modelOf(ctx, SERVICE, 'agents'));

/** A declared action of sessions, by name. */
export const sessionAction = (name: string): ActionDecl => baking.resources.find((r) => r.name === 'sessions')!.actions!.find((a) => a.name === name)!;

/** Whole seconds between two instants (never below zero). */
export const secondsBetween = (from: string, to: Date) => Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 1000));

/**
 * Stops the session's running node, if any: the node takes `state` with the seconds it worked, which go to the
 * `node-seconds` meter; the agent that held the session is free again. Inside the caller's transaction.
 */
export async function stopNode(ctx: Ctx, tx: Queryable, appId: string, session: Data, state: string, now = new Date()): Promise<void> {
  const running = await nodesOf(ctx, tx).find(appId, { where: { sessionId: String(session.id), status: 'Running' }, lock: 'update' });
  for (const node of running) {
    const seconds = secondsBetween(String(node.startedAt), now);
    await nodesOf(ctx, tx).updateOne(appId, String(node.id), { status: state, set: { stoppedAt: now.toISOString(), seconds } });
    if (seconds > 0) await recordUsage(tx, appId, SERVICE, METER, seconds, now);
  }
  if (session.agentId) await agentsOf(ctx, tx).update(appId, { id: String(session.agentId), sessionId: String(session.id) }, { unset: ['sessionId'] });
}

/**
 * Moves a session by a declared action (or the agent's own finish or fail, which mirror done and fail): the state
 * checked under a lock (409 with the action's message otherwise), its node stopped, the move in the history.
 */
export async function endSession(
  ctx: Ctx,
  appId: string,
  id: string,
  move: { action: ActionDecl; nodeState: string; actor: string; history: string; set?: Data; agentId?: string },
): Promise<Data> {
  return ctx.db.transaction(async (tx) => {
    const before = await sessionsOf(ctx, tx).get(appId, id, { lock: 'update', message: 'no such session' });
    if (move.agentId !== undefined) holdsSession(before, move.agentId);
    if (!move.action.from.includes(String(before.state))) await sessionsOf(ctx, tx).updateOne(appId, id, {}, { from: move.action.from, refused: refusedMessage(move.action) });
    const now = new Date();
    await stopNode(ctx, tx, appId, before, move.nodeState, now);
    const after = await sessionsOf(ctx, tx).updateOne(appId, id, { status: move.action.to, set: { finishedAt: now.toISOString(), ...move.set }, unset: ['agentId'] }, { from: move.action.from, refused: refusedMessage(move.action) });
    await recordOperation(tx, { actor: move.actor, appId, action: `${SERVICE}.${move.history}`, target: id, before, after });
    return after;
  });
}

/** 409 unless the agent holds the session (it claimed it and it is still being worked on). */
export function holdsSession(session: Data, agentId: string): void {
  if (session.agentId !== agentId || !WORKING.includes(String(session.state))) {
    throw conflict('INVALID_TRANSITION', 'the agent does not hold this session');
  }
}
