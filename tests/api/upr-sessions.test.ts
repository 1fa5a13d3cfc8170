import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upr } from '../../resources/upr';
import { UPR_LIMITS } from '../../resources/upr/limits';
import { startHarness, type Harness } from './harness';
import { asPlayer, createRealm, signedIn } from './passport-players-fixtures';

const U = upr.base;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** `n` samples 10 ms apart, the i-th frame taking `frame(i)` ms. */
const samples = (n: number, frame: (i: number) => number = () => 16, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ t: (from + i) * 10, frameMs: frame(i), memoryMb: 500 + i, gcMs: i % 10 === 9 ? 4 : 0 }));

const report = (body: unknown) => h.svc('POST', `${U}/sessions/report`, body);

describe('UPR sessions', () => {
  it('keeps a reported session with its summary: frame time percentiles, FPS, memory peak and GC', async () => {
    // Frames of 1..100 ms in a shuffled order: p50 50.5, p95 95.05, p99 99.01 (interpolated between ranks).
    const frames = Array.from({ length: 100 }, (_, i) => ((i * 37) % 100) + 1);
    const res = await report({ name: 'summary-run', device: 'Pixel 7', platform: 'Android', samples: samples(100, (i) => frames[i]) });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({ name: 'summary-run', sampleCount: 100, durationMs: 990, frameP50: 50.5, frameP95: 95.05, frameP99: 99.01, memoryPeakMb: 599, gcCount: 10, gcTotalMs: 40 });
    // 100 frames over 5050 ms of frame time.
    expect(s.averageFps).toBe(19.8);
    expect(s.series).toBeUndefined();
    const shown = (await h.svc('GET', `${U}/sessions/${s.id}`)).json();
    expect(shown.series.frameMs).toHaveLength(100);
    expect(shown.series.t.slice(0, 3)).toEqual([0, 10, 20]);
  });

  it('adds a later report to the session it names, in time order, and sums it up again', async () => {
    const first = (await report({ name: 'two-parts', samples: samples(10, () => 10, 10) })).json();
    const more = await report({ sessionId: first.id, samples: samples(10, () => 30, 0) });
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json()).toMatchObject({ id: first.id, sampleCount: 20, durationMs: 190, frameP50: 20, gcCount: 2 });
    const { series } = (await h.svc('GET', `${U}/sessions/${first.id}`)).json();
    expect(series.frameMs.slice(0, 10)).toEqual(Array(10).fill(30));
  });

  it('lists the app\'s sessions at the spec\'s address, newest first, filtered, without their samples', async () => {
    await report({ name: 'list-a', platform: 'iOS', samples: samples(3) });
    await report({ name: 'list-b', platform: 'Android', samples: samples(3) });
    const all = await h.svc('GET', `${U}/${h.appId}/sessions?q=list-&count=10`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    expect(all.json().sessions.map((s: { name: string }) => s.name)).toEqual(['list-b', 'list-a']);
    expect(all.json().sessions[0].series).toBeUndefined();
    const ios = (await h.svc('GET', `${U}/${h.appId}/sessions?q=list-&platform=iOS`)).json();
    expect(ios.sessions.map((s: { name: string }) => s.name)).toEqual(['list-a']);
    // Another app's id in the address is not the caller's.
    expect((await h.svc('GET', `${U}/${h.otherAppId}/sessions`)).statusCode).toBe(404);
  });

  it("answers the app's overview with its totals and the bounds of a report", async () => {
    const before = (await h.svc('GET', `${U}/${h.appId}`)).json();
    await report({ name: 'overview-run', samples: samples(7) });
    const res = await h.svc('GET', `${U}/${h.appId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ appId: h.appId, sessionCount: before.sessionCount + 1, sampleCount: before.sampleCount + 7, limits: { samplesPerReport: UPR_LIMITS.samplesPerReport } });
    expect(res.json().lastReportedAt).toEqual(expect.any(String));
    expect((await h.svc('GET', `${U}/${h.otherAppId}`)).statusCode).toBe(404);
  });

  it('refuses an oversized batch, a session past its bound, a new session without a name and an unknown session', async () => {
    const big = await report({ name: 'too-big', samples: samples(UPR_LIMITS.samplesPerReport + 1) });
    expect(big.statusCode).toBe(400);
    expect(big.json().details[0]).toMatchObject({ field: '/samples', message: `must NOT have more than ${UPR_LIMITS.samplesPerReport} items` });
    const full = (await report({ name: 'full', samples: samples(UPR_LIMITS.samplesPerReport) })).json();
    for (let i = 1; i < UPR_LIMITS.samplesPerSession / UPR_LIMITS.samplesPerReport; i++) {
      expect((await report({ sessionId: full.id, samples: samples(UPR_LIMITS.samplesPerReport) })).statusCode).toBe(201);
    }
    const past = await report({ sessionId: full.id, samples: samples(1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0]).toEqual({ field: '/samples', message: `a session holds at most ${UPR_LIMITS.samplesPerSession} samples` });
    const nameless = await report({ samples: samples(1) });
    expect(nameless.json().details[0]).toEqual({ field: '/name', message: 'a new session needs a name' });
    const unknown = await report({ sessionId: 'no-such-session', samples: samples(1) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('no such session');
    expect((await report({ name: 'negative', samples: [{ t: 0, frameMs: -1 }] })).statusCode).toBe(400);
  });

  it('takes a report from the game client with a passport player token, naming the player', async () => {
    const player = await signedIn(h, await createRealm(h));
    const res = await asPlayer(h, player.token, 'POST', `${U}/sdk/sessions`, { name: 'player-run', samples: samples(5) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'player-run', sampleCount: 5, playerId: player.userId });
    expect((await h.req({ method: 'POST', url: `${U}/sdk/sessions`, payload: { name: 'x', samples: samples(1) } })).statusCode).toBe(401);
  });
});
