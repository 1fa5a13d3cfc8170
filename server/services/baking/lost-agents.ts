import type { Ctx } from '../../context';
import type { Job } from '../../engine/jobs';
import { recordOperation } from '../../audit';
import type { Data } from '../../engine/store';
import { agentsOf, sessionsOf, SERVICE, stopNode } from './sessions';

/** An agent silent this long at least is lost; one that beats every `heartbeatSeconds` after three missed beats. */
export const LOST_AFTER_MS = 60_000;

/** How long an agent may stay silent before it is lost. */
const silenceAllowedMs = (agent: Data) => Math.max(LOST_AFTER_MS, 3 * Number(agent.heartbeatSeconds ?? 20) * 1000);
/** A session whose agents were lost this many times is failed rather than queued again. */
export const MAX_ATTEMPTS = 3;

const ACTOR = 'system:baking';

/**
 * Agents silent for three of their beats (`LOST_AFTER_MS` at least) are marked Lost; the session each held stops its node (Lost, its time metered)
 * and goes back to the queue (Initial), or to Failed once `MAX_ATTEMPTS` nodes worked on it — never left Running.
 * Each agent is taken in a transaction of its own, skipping those another instance is handling.
 */
export async function sweepLostAgents(ctx: Ctx, now = new Date()): Promise<string[]> {
  const silent = await agentsOf(ctx).findEverywhere({ where: { status: 'Online', lastHeartbeatAt: { $lt: new Date(now.getTime() - LOST_AFTER_MS).toISOString() } }, orderBy: 'lastHeartbeatAt', limit: 500 });
  const lost = silent.filter(({ record }) => now.getTime() - Date.parse(String(record.lastHeartbeatAt)) > silenceAllowedMs(record));
  const done: string[] = [];
  for (const { scopeId, record } of lost) {
    const silentSince = new Date(now.getTime() - silenceAllowedMs(record)).toISOString();
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
