/**
 * Sync's perf sessions: a session of a few real clients on the server's own relay goes Init → Running → Finished
 * with its measurements, its traffic counted as the app's; bad input refused; one app's sessions out of another's
 * reach; a profile whose transport is not served fails the session with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERF_PATH } from '../../resources/usync/perf';
import { roomsOf } from '../../server/services/usync/models';
import { failOrphanSessions, RUNNER_GONE, SERVER_STOPPED, sessionsOf, STOPPED } from '../../server/services/usync/perf';
import { newProfile, S, startSync, until, type SyncApp, type SyncHarness } from './usync-fixtures';

let h: SyncHarness;
let app: SyncApp;
let other: SyncApp;
beforeAll(async () => {
  h = await startSync();
  app = await h.newApp('perf');
  other = await h.newApp('perf-other');
});
afterAll(() => h.close());

const PATH = `${S}${PERF_PATH}`;
const show = async (a: SyncApp, id: string) => (await a.call('GET', `${PATH}/${id}`)).json();

/** Polls the session (as the console does) and notes every state it was seen in, until it has ended. */
async function watch(a: SyncApp, id: string, seen: string[], seconds: number): Promise<Record<string, unknown>> {
  let last: Record<string, unknown> = {};
  for (let i = 0; i < seconds * 10; i++) {
    last = await show(a, id);
    if (seen.at(-1) !== last.status) seen.push(String(last.status));
    if (last.status === 'Finished' || last.status === 'Failed') return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the session did not end: ${JSON.stringify(last)}`);
}

describe('Sync perf sessions', () => {
  it('runs real clients through the relay and keeps their round trips', async () => {
    const profile = await newProfile(app);
    const created = await app.call('POST', PATH, { profileId: profile.id, clients: 3, durationSeconds: 5, messageBytes: 64, messagesPerSecond: 10 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().status).toBe('Init');
    const id = created.json().id;
    const seen = ['Init'];
    const done = await watch(app, id, seen, 20);
    expect(done.statusReason).toBe('');
    expect(seen).toEqual(['Init', 'Running', 'Finished']);
    const sent = Number(done.sent);
    expect(sent).toBeGreaterThan(0);
    // Each message reaches its sender and the next client.
    expect(Number(done.received)).toBeGreaterThan(sent);
    expect(Number(done.bytesSent)).toBeGreaterThan(sent * 64);
    expect(Number(done.throughput)).toBeGreaterThan(0);
    const [p50, p90, p99, max] = [done.latencyP50, done.latencyP90, done.latencyP99, done.latencyMax].map(Number);
    expect(p50).toBeGreaterThan(0);
    expect(p50).toBeLessThanOrEqual(p90);
    expect(p90).toBeLessThanOrEqual(p99);
    expect(p99).toBeLessThanOrEqual(max);
    const series = done.series as { second: number; sent: number }[];
    expect(series.map((s) => s.second)).toEqual([1, 2, 3, 4, 5]);
    expect(series.reduce((n, s) => n + s.sent, 0)).toBe(sent);
    // The room it opened is closed, and its traffic is the app's Sync traffic.
    const room = (await app.call('GET', `${S}/api/rooms/${done.roomId}`)).json();
    expect(room).toMatchObject({ status: 'CLOSED', profileId: profile.id });
    expect(Number(room.messages)).toBe(sent);
    const usage = (await app.call('GET', `${S}/api/usage`)).json();
    expect(usage.netBytes).toBeGreaterThanOrEqual(Number(room.bytes));
    // The app's list at the spec's address names it; another app's list and record do not reach it.
    const list = await app.call('GET', `${PATH}/appid/${app.appId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((s: { id: string }) => s.id)).toContain(id);
    expect((await other.call('GET', `${PATH}/${id}`)).statusCode).toBe(404);
    expect((await other.call('GET', `${PATH}/appid/${app.appId}`)).statusCode).toBe(404);
    expect((await other.call('GET', `${PATH}/appid/${other.appId}`)).json().items).toEqual([]);
  }, 25_000);

  it('refuses bad input with the field and why', async () => {
    const profile = await newProfile(app, {}, { maxMessageBytes: 256 });
    const refused = async (body: Record<string, unknown>, field: string, says: RegExp) => {
      const r = await app.call('POST', PATH, { profileId: profile.id, ...body });
      expect(r.statusCode, r.body).toBe(400);
      const errors = JSON.stringify(r.json());
      expect(errors).toContain(field);
      expect(errors).toMatch(says);
    };
    await refused({ clients: 0 }, '/clients', />= 1|at least|minimum/i);
    await refused({ clients: 201 }, '/clients', /200/);
    await refused({ durationSeconds: 4 }, '/durationSeconds', /5/);
    await refused({ durationSeconds: 301 }, '/durationSeconds', /300/);
    await refused({ clients: 5 }, '/clients', /holds at most 4 players/);
    await refused({ messageBytes: 512 }, '/messageBytes', /at most 256 bytes/);
    await refused({ profileId: 'no-such-profile' }, '/profileId', /no such room profile/);
    expect((await other.call('POST', PATH, { profileId: profile.id })).statusCode).toBe(400);
  });

  it('fails a session whose profile names a transport not served here, with the reason', async () => {
    const profile = await newProfile(app, { transport: 'kcp2k' });
    const created = await app.call('POST', PATH, { profileId: profile.id, clients: 2, durationSeconds: 5 });
    expect(created.statusCode, created.body).toBe(201);
    let done: Record<string, unknown> = {};
    await until(async () => ((done = await show(app, created.json().id)).status === 'Failed'), 'the session failed');
    expect(String(done.statusReason)).toContain('transport is unavailable');
    expect(done.sent).toBe(0);
  });

  it('fails a running session when its server stops, and closes its room', async () => {
    const own = await startSync();
    try {
      const a = await own.newApp('perf-stop');
      const profile = await newProfile(a);
      const created = await a.call('POST', PATH, { profileId: profile.id, clients: 2, durationSeconds: 60 });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      await until(async () => (await show(a, id)).status === 'Running', 'the session ran');
      await own.app.close();
      const stopped = await sessionsOf(own.ctx).get(a.appId, id);
      expect(stopped).toMatchObject({ status: 'Failed', statusReason: SERVER_STOPPED });
      expect(stopped.finishedAt).toEqual(expect.any(String));
      expect(await roomsOf(own.ctx).get(a.appId, String(stopped.roomId))).toMatchObject({ status: 'CLOSED' });
    } finally {
      await own.close();
    }
  });

  it('stops a running session on the app\'s call: it ends Failed at once, its clients gone and its room closed', async () => {
    const profile = await newProfile(app);
    const created = await app.call('POST', PATH, { profileId: profile.id, clients: 2, durationSeconds: 60 });
    const id = created.json().id;
    await until(async () => (await show(app, id)).status === 'Running', 'the session runs');
    // Another app does not reach it.
    expect((await other.call('POST', `${PATH}/${id}/stop`, {})).statusCode).toBe(404);
    const res = await app.call('POST', `${PATH}/${id}/stop`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Failed', statusReason: STOPPED });
    const room = (await app.call('GET', `${S}/api/rooms/${res.json().roomId}`)).json();
    expect(room.status).toBe('CLOSED');
    // The run, aborted, does not move it on: it stays stopped, without results.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await show(app, id)).toMatchObject({ status: 'Failed', statusReason: STOPPED, throughput: 0 });
    const again = await app.call('POST', `${PATH}/${id}/stop`, {});
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('the perf session has already ended');
  }, 20_000);

  it('fails at start-up the sessions an instance that is gone left running', async () => {
    const profile = await newProfile(app);
    const left = await sessionsOf(h.ctx).insert(app.appId, { profileId: profile.id, clients: 2, durationSeconds: 5, messageBytes: 64, messagesPerSecond: 5 });
    await sessionsOf(h.ctx).update(app.appId, { id: String(left.id) }, { status: 'Running', set: { pod: 'an-instance-that-is-gone' } });
    await failOrphanSessions(h.ctx);
    expect(await show(app, String(left.id))).toMatchObject({ status: 'Failed', statusReason: RUNNER_GONE });
  });
});
