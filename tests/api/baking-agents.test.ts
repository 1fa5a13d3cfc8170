import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOf } from '../../server/context';
import { records } from '../../server/engine/query';
import { MAX_ATTEMPTS, sweepLostAgents } from '../../server/services/baking/lost-agents';
import { A, BASE, newAgent, newSession, S, startBaking, type BakingHarness } from './baking-fixtures';

let h: BakingHarness;
beforeAll(async () => {
  h = await startBaking('agents');
});
afterAll(() => h.close());

const claim = (agentId: string, sessionId?: string) => h.bake('POST', `${A}/${agentId}/claim`, sessionId ? { sessionId } : undefined);
const onSession = (agentId: string, sessionId: string, what: string, body?: unknown) => h.bake('POST', `${A}/${agentId}/sessions/${sessionId}/${what}`, body);
const nodes = async (sessionId: string) => ((await h.bake('GET', `${S}/${sessionId}/nodes`)).json() as { items: Record<string, unknown>[] }).items;
const model = (name: string) => modelOf(h.ctx, 'baking', name);

/** Moves a record's time back, as if it happened this many seconds ago (what an hour of work leaves behind). */
async function pastTime(resource: string, id: string, field: string, secondsAgo: number) {
  await records(h.db, model(resource)).update(h.bakingAppId, { id }, { set: { [field]: new Date(Date.now() - secondsAgo * 1000).toISOString() } });
}

/** Node-seconds recorded for the app today and before, as the usage tables hold them. */
async function meteredSeconds(): Promise<number> {
  const res = await h.db.query<{ total: string | null }>("SELECT sum(quantity) AS total FROM usage_events WHERE app_id = $1 AND service = 'baking' AND meter = 'node-seconds'", [h.bakingAppId]);
  return Number(res.rows[0].total ?? 0);
}

describe('the agent protocol', () => {
  it('claims a queued session of its instance type once: a second claim of it is refused, and nothing else waits', async () => {
    const s = await newSession(h, 'Harbour');
    await newSession(h, 'GPU scene', { instanceType: 'gpu-t4' });
    const a = await newAgent(h, 'box-1');
    const b = await newAgent(h, 'box-2');
    const first = await claim(a.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().session).toMatchObject({ id: s.id, state: 'Preparing', agentId: a.id, nodeCount: 1 });
    expect(first.json().node).toMatchObject({ agentId: a.id, agentName: 'box-1', state: 'Running' });
    const twice = await claim(b.id, s.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('the session is already claimed');
    // The GPU session is not for a CPU agent.
    expect((await claim(b.id)).json()).toEqual({ session: null });
    expect((await claim(a.id)).json().message).toBe('the agent already holds a session');
    expect((await h.bake('POST', `${S}/${s.id}:cancel`)).json().state).toBe('Canceled');
  });

  it('gives one session to one of two agents claiming it at once', async () => {
    const s = await newSession(h, 'Race');
    const agents = await Promise.all(['race-1', 'race-2', 'race-3'].map((n) => newAgent(h, n)));
    const answers = await Promise.all(agents.map((a) => claim(a.id)));
    const got = answers.filter((r) => r.statusCode === 200 && r.json().session?.id === s.id);
    expect(got.length).toBe(1);
    expect(await nodes(s.id)).toHaveLength(1);
    expect((await h.bake('POST', `${S}/${s.id}:cancel`)).statusCode).toBe(200);
  });

  it('takes progress only from the agent holding the session, then its results, and finishes it with its node time metered', async () => {
    const s = await newSession(h, 'Lighthouse', { parameters: { quality: 'high' } });
    const a = await newAgent(h, 'worker');
    const other = await newAgent(h, 'bystander');
    expect((await claim(a.id, s.id)).statusCode).toBe(200);
    const stranger = await onSession(other.id, s.id, 'progress', { progress: 10 });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe('the agent does not hold this session');
    const running = await onSession(a.id, s.id, 'progress', { progress: 40, message: 'direct light' });
    expect(running.json()).toMatchObject({ state: 'Running', progress: 40, message: 'direct light' });

    const bytes = Buffer.from('lightmap bytes');
    const grant = await onSession(a.id, s.id, 'results', { fileName: 'lightmap.exr', contentType: 'image/x-exr', size: bytes.length });
    expect(grant.statusCode).toBe(200);
    const url = new URL(grant.json().url);
    expect((await h.req({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: bytes, headers: grant.json().headers })).statusCode).toBe(200);

    // An hour's work: the node started an hour ago.
    const [node] = await nodes(s.id);
    await pastTime('nodes', String(node.id), 'startedAt', 3600);
    const before = await meteredSeconds();
    const finished = await onSession(a.id, s.id, 'finish', { message: 'baked' });
    expect(finished.json()).toMatchObject({ state: 'Finished', progress: 100, message: 'baked' });
    const [stopped] = await nodes(s.id);
    expect(stopped.state).toBe('Finished');
    expect(stopped.seconds).toBeGreaterThanOrEqual(3600);
    expect(await meteredSeconds()).toBe(before + Number(stopped.seconds));
    // The agent is free again, and the finished session takes nothing more from it.
    expect((await h.bake('GET', `${A}/${a.id}`)).json().sessionId).toBeUndefined();
    expect((await onSession(a.id, s.id, 'progress', { progress: 50 })).statusCode).toBe(409);

    const results = (await h.bake('GET', `${S}/${s.id}/results`)).json() as { items: { fileName: string; size: number; url: string }[] };
    expect(results.items.map((r) => [r.fileName, r.size])).toEqual([['lightmap.exr', bytes.length]]);
    const link = new URL(results.items[0].url);
    const download = await h.req({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.body).toBe('lightmap bytes');

    const usage = (await h.bake('GET', `${BASE}/stats/app-usage`)).json() as { nodeSeconds: number; items: { nodeSeconds: number }[] };
    expect(usage.nodeSeconds).toBe(await meteredSeconds());
    expect(usage.items.reduce((n, d) => n + d.nodeSeconds, 0)).toBe(usage.nodeSeconds);
    const top = (await h.bake('GET', `${BASE}/stats/top`)).json() as { items: { appId: string; nodeSeconds: number }[] };
    expect(top.items).toEqual([expect.objectContaining({ appId: h.bakingAppId, nodeSeconds: usage.nodeSeconds })]);
    expect((await h.bake('GET', `${BASE}/stats/sum`)).json()).toMatchObject({ nodeSeconds: usage.nodeSeconds, apps: 1 });
  });

  it('stops the running node when the console cancels, and frees the agent', async () => {
    const s = await newSession(h, 'Cancelled bake');
    const a = await newAgent(h, 'cancelled-worker');
    await claim(a.id, s.id);
    expect((await h.bake('POST', `${S}/${s.id}:cancel`)).json().state).toBe('Canceled');
    expect((await nodes(s.id)).map((n) => n.state)).toEqual(['Canceled']);
    expect((await onSession(a.id, s.id, 'finish')).json().message).toBe('the agent does not hold this session');
    expect((await h.bake('GET', `${A}/${a.id}`)).json().sessionId).toBeUndefined();
  });
});

describe('a lost agent', () => {
  it("is marked Lost and its session queued again, until it has been lost too often and is failed — never left Running", async () => {
    const s = await newSession(h, 'Unlucky', { instanceType: 'cpu-16' });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const a = await newAgent(h, `unlucky-${attempt}`, 'cpu-16');
      expect((await claim(a.id)).json().session.id).toBe(s.id);
      await onSession(a.id, s.id, 'progress', { progress: 5 });
      await pastTime('agents', a.id, 'lastHeartbeatAt', 120);
      expect(await sweepLostAgents(h.ctx)).toEqual([a.id]);
      expect((await h.bake('GET', `${A}/${a.id}`)).json().state).toBe('Lost');
      const after = (await h.bake('GET', `${S}/${s.id}`)).json();
      expect(after.state).toBe(attempt < MAX_ATTEMPTS ? 'Initial' : 'Failed');
      expect(after.agentId).toBeUndefined();
    }
    expect((await nodes(s.id)).map((n) => n.state)).toEqual(Array(MAX_ATTEMPTS).fill('Lost'));
  });

  it('that beats seldom is given three of its beats before it is lost', async () => {
    const res = await h.bake('POST', A, { name: 'slow-beater', instanceType: 'gpu-a10', heartbeatSeconds: 600 });
    const a = res.json() as { id: string };
    await pastTime('agents', a.id, 'lastHeartbeatAt', 120);
    expect(await sweepLostAgents(h.ctx)).toEqual([]);
    await pastTime('agents', a.id, 'lastHeartbeatAt', 1801);
    expect(await sweepLostAgents(h.ctx)).toEqual([a.id]);
  });

  it('is not lost while it beats', async () => {
    const a = await newAgent(h, 'beating', 'gpu-a10');
    await pastTime('agents', a.id, 'lastHeartbeatAt', 120);
    expect((await h.bake('POST', `${A}/${a.id}/heartbeat`)).json().state).toBe('Online');
    expect(await sweepLostAgents(h.ctx)).toEqual([]);
  });
});
