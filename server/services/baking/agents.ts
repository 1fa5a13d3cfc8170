import type { FastifyRequest } from 'fastify';
import { refusedMessage } from '../../../resources/action-call';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { conflict } from '../../engine/errors';
import type { Data } from '../../engine/store';
import { agentsOf, endSession, holdsSession, nodesOf, sessionAction, sessionsOf, SERVICE } from './sessions';
import { grantResultUpload, resultLocation } from './results';

const agentOf = (call: CallInput) => call.record as Data & { id: string; name: string; instanceType: string };

/** The agent is alive: its heartbeat time now, Online again if it had been counted lost. */
async function heartbeat(ctx: Ctx, call: CallInput) {
  const agent = agentOf(call);
  return agentsOf(ctx).updateOne(call.scopeId, agent.id, { status: 'Online', set: { lastHeartbeatAt: new Date().toISOString() } });
}

/**
 * Claims a queued session for the agent, atomically: the session is locked (another agent's claim of it waits, then
 * finds it taken; a claim without a name skips sessions being claimed), moves to Preparing held by the agent, and a
 * node starts for it. An agent holds one session at a time.
 */
async function claim(ctx: Ctx, call: CallInput) {
  const agent = agentOf(call);
  const named = (call.input as { sessionId?: string }).sessionId;
  return ctx.db.transaction(async (tx) => {
    const me = await agentsOf(ctx, tx).get(call.scopeId, agent.id, { lock: 'update' });
    if (me.sessionId) throw conflict('INVALID_TRANSITION', 'the agent already holds a session');
    const sessions = sessionsOf(ctx, tx);
    const session = named
      ? await sessions.get(call.scopeId, named, { lock: 'update', message: 'no such session' })
      : await sessions.first(call.scopeId, { where: { status: 'Initial', instanceType: agent.instanceType }, orderBy: 'createdAt', lock: 'skip' });
    if (!session) return { session: null };
    if (session.state !== 'Initial') throw conflict('INVALID_TRANSITION', 'the session is already claimed');
    if (session.instanceType !== agent.instanceType) throw conflict('INVALID_TRANSITION', "the session asks for another instance type than the agent's");
    const now = new Date().toISOString();
    const node = await nodesOf(ctx, tx).insert(call.scopeId, { sessionId: String(session.id), agentId: agent.id, agentName: agent.name, instanceType: agent.instanceType, startedAt: now, seconds: 0 }, { parentId: String(session.id) });
    const after = await sessions.updateOne(
      call.scopeId,
      String(session.id),
      { status: 'Preparing', set: { agentId: agent.id, startedAt: session.startedAt ?? now, progress: 0, resultLocation: resultLocation(call.scopeId, String(session.id)) }, add: { nodeCount: 1 } },
      { from: ['Initial'], refused: 'the session is already claimed' },
    );
    await agentsOf(ctx, tx).updateOne(call.scopeId, agent.id, { status: 'Online', set: { sessionId: String(session.id), lastHeartbeatAt: now } });
    await recordOperation(tx, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.agents.claim`, target: String(session.id), before: session, after });
    return { session: after, node };
  });
}

/** The session the path names, locked, held by the calling agent (409 otherwise). */
async function heldSession(ctx: Ctx, tx: Queryable, call: CallInput): Promise<Data> {
  const session = await sessionsOf(ctx, tx).get(call.scopeId, call.params.sessionId, { lock: 'update', message: 'no such session' });
  holdsSession(session, agentOf(call).id);
  return session;
}

async function progress(ctx: Ctx, call: CallInput) {
  const { progress: pct, message } = call.input as { progress: number; message?: string };
  return ctx.db.transaction(async (tx) => {
    const before = await heldSession(ctx, tx, call);
    const after = await sessionsOf(ctx, tx).updateOne(call.scopeId, String(before.id), { status: 'Running', set: { progress: pct, ...(message ? { message } : {}) } });
    await agentsOf(ctx, tx).updateOne(call.scopeId, agentOf(call).id, { status: 'Online', set: { lastHeartbeatAt: new Date().toISOString() } });
    if (before.state !== 'Running') await recordOperation(tx, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.agents.progress`, target: String(before.id), before, after });
    return after;
  });
}

async function resultUpload(ctx: Ctx, req: FastifyRequest, call: CallInput) {
  const input = call.input as { fileName: string; contentType: string; size: number };
  holdsSession(await sessionsOf(ctx).get(call.scopeId, call.params.sessionId, { message: 'no such session' }), agentOf(call).id);
  return grantResultUpload(ctx, req, { appId: call.scopeId, sessionId: call.params.sessionId, actor: call.actor, ...input });
}

/** The agent's finish or fail: the session's done or fail move, made by the agent that holds it. */
const agentEnd = (ctx: Ctx, call: CallInput, kind: 'finish' | 'fail') => {
  const input = call.input as { message?: string; reason?: string };
  const action = sessionAction(kind === 'finish' ? 'done' : 'fail');
  const message = kind === 'finish' ? input.message : input.reason;
  return endSession(ctx, call.scopeId, call.params.sessionId, {
    action: { ...action, from: ['Preparing', 'Running'], refused: refusedMessage(action) },
    nodeState: kind === 'finish' ? 'Finished' : 'Failed',
    actor: call.actor,
    history: `agents.${kind}`,
    set: { ...(kind === 'finish' ? { progress: 100 } : {}), ...(message ? { message } : {}) },
    agentId: agentOf(call).id,
  });
};

export function agentCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'agents.heartbeat': (call) => heartbeat(ctx, call),
    'agents.claim': (call) => claim(ctx, call),
    'agents.progress': (call) => progress(ctx, call),
    'agents.resultUpload': (call) => resultUpload(ctx, call.req, call),
    'agents.finish': (call) => agentEnd(ctx, call, 'finish'),
    'agents.fail': (call) => agentEnd(ctx, call, 'fail'),
  };
}
