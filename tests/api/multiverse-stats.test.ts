import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from './harness';
import { releasedGame, startMultiverse, until, type MultiverseHarness } from './multiverse-fixtures';

/** Usage statistics and the operator's factors, read against what the servers' records and billing recorded. */
let h: MultiverseHarness;
let admin: Record<string, string>;
let gameId: string;
const S = () => `${h.base}/stats`;

const send = (headers: Record<string, string>, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  h.req({ method, url, headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });

/** Runs a server of the game for a moment, then ends it: its record, with the CPU it was billed for. */
async function runOnce(): Promise<Record<string, number | string>> {
  const made = await h.mv('POST', `${h.base}/allocation/games/${gameId}/allocations`, { region: 'local' });
  expect(made.statusCode, made.body).toBe(201);
  await new Promise((r) => setTimeout(r, 300));
  await h.mv('DELETE', `${h.base}/allocation/games/${gameId}/allocations/${made.json().id}`);
  return until(() => h.mv('GET', `${h.base}/servers/${made.json().id}`).then((r) => r.json()), (s) => Number(s.cpuSeconds) > 0);
}

beforeAll(async () => {
  h = await startMultiverse('mv-stats', { MULTIVERSE_PORT_RANGE: '17400-17419' });
  admin = { cookie: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login'), 'x-app-id': h.mvAppId, 'x-lodestar-app-id': h.mvAppId };
  ({ gameId } = await releasedGame(h, 'stats-game', 'OnDemandGame'));
});
afterAll(() => h.close());

describe('usage statistics', () => {
  it('are empty before any server ran, every day of the range present', async () => {
    const sum = (await h.mv('GET', `${S()}/sum-v2?start=2026-01-01&end=2026-01-07`)).json();
    expect([sum.cpuCoreSeconds, sum.netBytes, sum.items.length, sum.amount]).toEqual([0, 0, 7, '0.00']);
    const byGame = (await h.mv('GET', `${S()}/sum-by-game-v2?start=2026-01-01&end=2026-01-07`)).json();
    expect([byGame.games, byGame.daily, byGame.days.length]).toEqual([[], [], 7]);
  });

  it("sum by game, sum and top games all add up to what the game's servers were billed", async () => {
    const a = await runOnce();
    const b = await runOnce();
    const billed = Number(a.cpuSeconds) + Number(b.cpuSeconds);
    // The server's record is billed first, then its usage recorded: read once both are.
    const byGame = await until(() => h.mv('GET', `${S()}/sum-by-game-v2`).then((r) => r.json()), (u) => u.cpuCoreSeconds >= billed - 1e-5);
    expect(byGame.games).toHaveLength(1);
    expect(byGame.games[0]).toMatchObject({ gameId, gameName: 'stats-game' });
    expect(byGame.games[0].cpuCoreSeconds).toBeCloseTo(billed, 5);
    expect(byGame.daily.map((d: { gameId: string }) => d.gameId)).toEqual([gameId]);
    expect(byGame.days).toHaveLength(30);
    const sum = (await h.mv('GET', `${S()}/sum-v2`)).json();
    expect(sum.cpuCoreSeconds).toBeCloseTo(billed, 5);
    expect(Number(sum.cpuCoreHours)).toBeCloseTo(billed / 3600, 4);
    expect(sum.items.reduce((s: number, d: { cpuCoreSeconds: number }) => s + d.cpuCoreSeconds, 0)).toBeCloseTo(billed, 5);
    const top = (await h.mv('GET', `${S()}/top-games-v2?k=5`)).json();
    expect(top.items.map((g: { gameId: string; appId: string }) => [g.gameId, g.appId])).toEqual([[gameId, h.mvAppId]]);
  });

  it('refuses a bad range (400) and every app’s figures to anyone but an administrator (403)', async () => {
    expect((await h.mv('GET', `${S()}/sum-v2?start=2026-02-01&end=2026-01-01`)).statusCode).toBe(400);
    expect((await h.mv('GET', `${S()}/sum-by-game-v2?start=yesterday`)).statusCode).toBe(400);
    expect((await h.mv('GET', `${S()}/top-games-v2?k=0`)).statusCode).toBe(400);
    expect((await h.mv('GET', `${S()}/sum-v2?all=true`)).statusCode).toBe(403);
    expect((await h.mv('GET', `${S()}/top-games-v2?all=true`)).statusCode).toBe(403);
    expect((await send(admin, 'GET', `${S()}/top-games-v2?all=true`)).statusCode).toBe(200);
  });

  it("another app sees none of this app's usage", async () => {
    const other = (await h.req({ method: 'GET', url: `${S()}/sum-by-game-v2`, headers: { authorization: h.otherBasic } })).json();
    expect(other.games).toEqual([]);
    expect((await h.req({ method: 'GET', url: `${S()}/top-games-v2`, headers: { authorization: h.otherBasic } })).json().items).toEqual([]);
  });
});

describe("the operator's factors", () => {
  it('are 1 until set, readable by the app; written by an administrator only', async () => {
    for (const path of ['/resource-factor', '/usage-adjust-factor']) {
      const read = (await h.mv('GET', `${h.base}${path}`)).json();
      expect([read.factor, read.version]).toEqual([1, 0]);
      expect((await h.mv('PUT', `${h.base}${path}`, { factor: 2, version: 0 })).statusCode).toBe(403);
      expect((await send(admin, 'PUT', `${h.base}${path}`, { factor: -1, version: 0 })).statusCode).toBe(400);
      expect((await send(admin, 'PUT', `${h.base}${path}`, { factor: 'much', version: 0 })).statusCode).toBe(400);
    }
  });

  it('the resource factor scales what a server is given; the usage-adjust factor what is recorded for it', async () => {
    expect((await send(admin, 'PUT', `${h.base}/resource-factor`, { factor: 2, version: 0 })).statusCode).toBe(200);
    expect((await send(admin, 'PUT', `${h.base}/usage-adjust-factor`, { factor: 0.5, note: 'launch discount', version: 0 })).statusCode).toBe(200);
    // Another app's factors are its own.
    expect((await h.req({ method: 'GET', url: `${h.base}/resource-factor`, headers: { authorization: h.otherBasic } })).json().factor).toBe(1);
    const before = (await h.mv('GET', `${S()}/sum-by-game-v2`)).json().cpuCoreSeconds;
    const beforeBilled = (await h.mv('GET', `${S()}/sum-v2`)).json().cpuCoreSeconds;
    const s = await runOnce();
    // 0.2 cores → 200 millicores by the revision; twice that given.
    expect([s.millicores, s.memoryMiB]).toEqual([400, 2 * Math.ceil(200 * 1.536)]);
    const after = (await until(() => h.mv('GET', `${S()}/sum-by-game-v2`).then((r) => r.json()), (u) => u.cpuCoreSeconds > before)).cpuCoreSeconds;
    expect(after - before).toBeCloseTo(Number(s.cpuSeconds) / 2, 5);
    expect((await h.mv('GET', `${S()}/sum-v2`)).json().cpuCoreSeconds - beforeBilled).toBeCloseTo(Number(s.cpuSeconds) / 2, 5);
  });
});
