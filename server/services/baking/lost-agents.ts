import type { Ctx } from '../../context';
import type { Job } from '../../engine/jobs';
import { recordOperation } from '../../audit';
import { agentsOf, sessionsOf, SERVICE, stopNode } from './sessions';

/** An agent silent this long is lost; it is told to beat at least every 20 seconds. */
export const LOST_AFTER_MS = 60_000;
/** A session whose agents were lost this many times is failed rather than queued again. */
export const MAX_ATTEMPTS = 3;

const ACTOR = 'system:baking';

/**
 * Agents silent for `LOST_AFTER_MS` are marked Lost; the session each held stops its node (Lost, its time metered)
 * and goes back to the queue (Initial), or to Failed once `MAX_ATTEMPTS` nodes worked on it — never left Running.
 * Each agent is taken in a transaction of its own, skipping those another instance is handling.
 */
export async function sweepLostAgents(ctx: Ctx, now = new Date()): Promise<string[]> {
  const silentSince = new Date(now.getTime() - LOST_AFTER_MS).toISOString();
  const lost = await agentsOf(ctx).findEverywhere({ where: { status: 'Online', lastHeartbeatAt: { $lt: silentSince } }, limit: 500 });
  const done: string[] = [];
  for (const { scopeId, record } of lost) {
    await ctx.db.transaction(async (tx) => {
      const [hit] = await agentsOf(ctx, tx).update(scopeId, { id: String(record.id), status: 'Online', lastHeartbeatAt: { $lt: silentSince } }, { status: 'Lost', unset: ['sessionId'] }, { skipLocked: true });
      if (!hit) return;
      done.push(String(record.id));
      await recordOperation(tx, { actor: ACTOR, appId: scopeId, action: `${SERVICE}.agents.lost`, target: String(record.id), before: record, after: hit.record });
      if (!record.sessionId) return;
      const session = await sessionsOf(ctx, tx).maybe(scopeId, String(record.sessionId), 'update');
      if (!session || session.agentId !== record.id || !['Preparing', 'Running'].includes(String(session.state))) return;
      await stopNode(ctx, tx, scopeId, session, 'Lost', now);
      const retry = Number(session.nodeCount ?? 0) < MAX_ATTEMPTS;
      const after = await sessionsOf(ctx, tx).updateOne(scopeId, String(session.id), retry
        ? { status: 'Initial', set: { progress: 0, message: 'the agent was lost; queued again' }, unset: ['agentId'] }
        : { status: 'Failed', set: { finishedAt: now.toISOString(), message: 'the agent was lost too many times' }, unset: ['agentId'] });
      await recordOperation(tx, { actor: ACTOR, appId: scopeId, action: `${SERVICE}.sessions.${retry ? 'requeue' : 'fail'}`, target: String(session.id), before: session, after });
    });
  }
  return done;
}

export const lostAgentsJob = (ctx: Ctx): Job => ({ name: 'baking.lost-agents', everyMs: 10_000, run: () => sweepLostAgents(ctx) });
