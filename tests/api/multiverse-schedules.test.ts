import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasedGame, startMultiverse, until, type MultiverseHarness } from './multiverse-fixtures';

/** Placeholder schedules moving a fleet's Ready servers, and a game's regions read and replaced on their own. */
let h: MultiverseHarness;
let gameId: string;
const P = () => `${h.base}/placeholder-schedules`;

/** A window open now: from an hour ago to an hour ahead, UTC, every day. */
function openNow(): { start: string; end: string } {
  const hhmm = (d: Date) => d.toISOString().slice(11, 16);
  const now = Date.now();
  return { start: hhmm(new Date(now - 3_600_000)), end: hhmm(new Date(now + 3_600_000)) };
}

const warm = async () =>
  (await h.mv('GET', `${h.base}/servers?${new URLSearchParams({ gameId, kind: 'fleet', status: 'created', pageSize: '100' })}`)).json().items as { id: string }[];

beforeAll(async () => {
  h = await startMultiverse('mv-schedules', { MULTIVERSE_PORT_RANGE: '17420-17439' });
  ({ gameId } = await releasedGame(h, 'schedule-game', 'OnFleetGame', { minReady: 1, bufferPercent: 20, maxServers: 6 }));
});
afterAll(() => h.close());

describe("a game's regions", () => {
  it('are read and replaced at /regions; a bad region is 400, another app’s game 404', async () => {
    const url = `${h.base}/game/games/${gameId}/regions`;
    expect((await h.mv('GET', url)).json().regions).toEqual(['local']);
    expect((await h.mv('PUT', url, { regions: ['local', 'far away'] })).statusCode).toBe(200);
    expect((await h.mv('GET', `${h.base}/game/games/${gameId}`)).json().regions).toEqual(['local', 'far away']);
    expect((await h.mv('PUT', url, { regions: ['-bad'] })).statusCode).toBe(400);
    expect((await h.req({ method: 'GET', url, headers: { authorization: h.otherBasic } })).statusCode).toBe(404);
    expect((await h.mv('PUT', url, { regions: ['local'] })).statusCode).toBe(200);
  });
});

describe('placeholder schedules', () => {
  it('refuse a bad window, a region not the game’s and a game of another app', async () => {
    const base = { gameId, name: 'peak', readyServers: 3, timeZone: 'UTC', ...openNow() };
    expect((await h.mv('POST', P(), { ...base, start: '25:00' })).statusCode).toBe(400);
    expect((await h.mv('POST', P(), { ...base, end: base.start })).statusCode).toBe(400);
    expect((await h.mv('POST', P(), { ...base, days: ['Someday'] })).statusCode).toBe(400);
    const elsewhere = await h.mv('POST', P(), { ...base, region: 'elsewhere' });
    expect([elsewhere.statusCode, elsewhere.body]).toEqual([400, expect.stringContaining('not a region of the game')]);
    const foreign = await h.req({ method: 'POST', url: P(), headers: { authorization: h.otherBasic, 'content-type': 'application/json' }, payload: JSON.stringify(base) });
    expect([400, 404]).toContain(foreign.statusCode);
  });

  it('an open window keeps its Ready servers in the fleet; closed, the fleet shrinks back to its buffer', async () => {
    await h.refill();
    await until(warm, (w) => w.length === 1);
    const made = await h.mv('POST', P(), { gameId, name: 'evening peak', readyServers: 3, timeZone: 'UTC', region: 'local', ...openNow() });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().enabled).toBe(true);
    await h.refill();
    expect((await warm()).length).toBe(3);
    // Another app can neither read nor change it.
    expect((await h.req({ method: 'GET', url: `${P()}/${made.json().id}`, headers: { authorization: h.otherBasic } })).statusCode).toBe(404);
    const off = await h.mv('PUT', `${P()}/${made.json().id}`, { gameId, name: 'evening peak', readyServers: 3, timeZone: 'UTC', region: 'local', ...openNow(), enabled: false, version: made.json().version });
    expect(off.statusCode, off.body).toBe(200);
    await h.refill();
    const left = await warm();
    expect(left.length).toBe(1);
    const shrunk = (await h.mv('GET', `${h.base}/servers?${new URLSearchParams({ gameId, status: 'canceled', pageSize: '100' })}`)).json().items as { reason: string }[];
    expect(shrunk.map((s) => s.reason)).toEqual(['the fleet shrank to its buffer', 'the fleet shrank to its buffer']);
  });

  it('a window with no servers takes the fleet to none while open; deleted, the minimum is back', async () => {
    const night = (await h.mv('POST', P(), { gameId, name: 'quiet', readyServers: 0, timeZone: 'UTC', ...openNow() })).json();
    await h.refill();
    expect(await warm()).toEqual([]);
    expect((await h.mv('DELETE', `${P()}/${night.id}`)).statusCode).toBeLessThan(300);
    await h.refill();
    expect((await warm()).length).toBe(1);
  });
});
