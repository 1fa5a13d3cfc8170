import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_DEMO_IDS } from '../../resources/match/demo';
import { startMultiverse, udpExchange, type MultiverseHarness } from './multiverse-fixtures';
import { asPlayer, B, createConfig, newMatchPlayer, onApp, submit, ticketOf, ticketUntil } from './match-fixtures';

let h: MultiverseHarness;

beforeAll(async () => {
  h = await startMultiverse('match', { MATCH_TICK_MS: '100', MULTIVERSE_PORT_RANGE: '17450-17479' });
});
afterAll(() => h.close());

describe('two players ask for a duel', () => {
  it('one match is formed, a server allocated through Multiverse, and both tickets get its address', async () => {
    const [a, b] = [await newMatchPlayer(h), await newMatchPlayer(h)];
    const first = await asPlayer(h, a, 'POST', `${B}/sdk/tickets`, { configId: MATCH_DEMO_IDS.duel, attributes: { skill: 1500 } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().status).toBe('searching');
    const second = await asPlayer(h, b, 'POST', `${B}/sdk/tickets`, { configId: MATCH_DEMO_IDS.duel, attributes: { skill: 1560 }, regions: ['local'] });
    expect(second.statusCode, second.body).toBe(201);
    // The player polls their own ticket until the server is found.
    const found = await ticketUntil(h, first.json().id, ['found', 'failed', 'timeout'], 15_000);
    expect(found.status, JSON.stringify(found)).toBe('found');
    const polled = (await asPlayer(h, a, 'GET', `${B}/sdk/tickets/${first.json().id}`)).json();
    const other = await ticketOf(h, second.json().id);
    expect([polled.matchId, polled.host, polled.port]).toEqual([other.matchId, other.host, other.port]);
    expect(new Set([polled.team, other.team])).toEqual(new Set(['red', 'blue']));
    expect(await udpExchange(polled.host, polled.port, 'gg')).toBe('ECHO gg');
    const matchRecord = (await h.svc('GET', onApp(h, `/matches/${polled.matchId}`))).json();
    expect([matchRecord.status, matchRecord.players, matchRecord.serverId]).toEqual(['ready', 2, polled.serverId]);
    // The server is Multiverse's allocation, labelled with the match.
    const server = (await h.svc('GET', `${h.base}/servers/${polled.serverId}`)).json();
    expect([server.status, server.labels['match-id']]).toEqual(['allocated', polled.matchId]);
    // Another player cannot read the ticket.
    expect((await asPlayer(h, b, 'GET', `${B}/sdk/tickets/${first.json().id}`)).statusCode).toBe(404);
  });

  it('counts the tickets by state and bills each one', async () => {
    const counts = (await h.svc('GET', onApp(h, `/query-ticket-count?configId=${MATCH_DEMO_IDS.duel}`))).json();
    expect(counts.states.found).toBe(2);
    const metrics = (await h.svc('GET', onApp(h, `/configs/${MATCH_DEMO_IDS.duel}/tickets-count-metrics`))).json();
    expect([metrics.submitted, metrics.matched, metrics.waiting]).toEqual([2, 2, 0]);
    const sum = (await h.svc('GET', `${B}/apps/ticket-sum`)).json();
    expect(sum.tickets).toBeGreaterThanOrEqual(2);
    const usage = await h.db.query<{ n: string }>("SELECT coalesce(sum(quantity), 0) AS n FROM usage_daily WHERE service = 'match' AND meter = 'ticket' AND app_id = $1", [h.appId]);
    expect(Number(usage.rows[0].n)).toBeGreaterThanOrEqual(2);
  });
});

describe('relaxation', () => {
  it('two tickets too far apart wait, then match once the allowed difference widens', async () => {
    const configId = await createConfig(h, { name: 'relaxing', teams: [{ name: 'a', size: 1 }, { name: 'b', size: 1 }], rules: [{ name: 'skill', attribute: 'skill', kind: 'difference', maxDifference: 10, relaxations: [{ afterSeconds: 2, maxDifference: 1000 }] }] });
    const low = await submit(h, configId, 'p-low', { skill: 100 });
    const high = await submit(h, configId, 'p-high', { skill: 600 });
    await new Promise((r) => setTimeout(r, 600));
    expect((await ticketOf(h, low.id)).status).toBe('searching');
    const found = await ticketUntil(h, low.id, ['found'], 8000);
    expect(found.waitSeconds).toBeGreaterThanOrEqual(2);
    expect((await ticketOf(h, high.id)).matchId).toBe(found.matchId);
    // Without a game, the match is formed without a server.
    expect((await h.svc('GET', onApp(h, `/matches/${found.matchId}`))).json().status).toBe('formed');
  });

  it('an equal rule keeps different values apart', async () => {
    const configId = await createConfig(h, { name: 'modes', teams: [{ name: 'a', size: 1 }, { name: 'b', size: 1 }], rules: [{ name: 'mode', attribute: 'mode', kind: 'equal' }] });
    const x = await submit(h, configId, 'm-1', { mode: 'ctf' });
    await submit(h, configId, 'm-2', { mode: 'dm' });
    const y = await submit(h, configId, 'm-3', { mode: 'ctf' });
    const found = await ticketUntil(h, x.id, ['found']);
    expect((await ticketOf(h, y.id)).matchId).toBe(found.matchId);
  });
});

describe('release', () => {
  it('a player releases their waiting ticket once; the app releases a config\'s tickets', async () => {
    const configId = await createConfig(h, { name: 'big', teams: [{ name: 'a', size: 5 }, { name: 'b', size: 5 }] });
    const p = await newMatchPlayer(h);
    const t = (await asPlayer(h, p, 'POST', `${B}/sdk/tickets`, { configId })).json();
    // A second ticket of the same player for the same config while one waits is refused.
    expect((await asPlayer(h, p, 'POST', `${B}/sdk/tickets`, { configId })).statusCode).toBe(409);
    const gone = await asPlayer(h, p, 'DELETE', `${B}/sdk/tickets/${t.id}`);
    expect([gone.statusCode, gone.json().status]).toEqual([200, 'released']);
    expect((await asPlayer(h, p, 'DELETE', `${B}/sdk/tickets/${t.id}`)).statusCode).toBe(409);
    const a = await submit(h, configId, 'r-1');
    const b = await submit(h, configId, 'r-2');
    const res = await h.svc('POST', onApp(h, '/release-tickets'), { configId });
    expect([res.statusCode, res.json().released, new Set(res.json().ids)]).toEqual([200, 2, new Set([a.id, b.id])]);
    expect((await ticketOf(h, a.id)).status).toBe('released');
  });
});

describe('backfill', () => {
  it("a waiting ticket fills a running match's open place and gets its address", async () => {
    const configId = await createConfig(h, { name: 'squad-fill', backfill: true, teams: [{ name: 'a', size: 2 }, { name: 'b', size: 2 }], rules: [{ name: 'level', attribute: 'level', kind: 'difference', maxDifference: 5 }] });
    const bf = await h.svc('POST', onApp(h, '/backfills'), { configId, host: '10.0.0.7', port: 7777, openSlots: [{ team: 'b', count: 1 }], attributes: { level: 20 } });
    expect(bf.statusCode, bf.body).toBe(201);
    const far = await submit(h, configId, 'b-far', { level: 40 });
    const near = await submit(h, configId, 'b-near', { level: 22 });
    const found = await ticketUntil(h, near.id, ['found']);
    expect([found.host, found.port, found.team, found.backfillId]).toEqual(['10.0.0.7', 7777, 'b', bf.json().id]);
    expect((await h.svc('GET', onApp(h, `/backfills/${bf.json().id}`))).json().status).toBe('filled');
    expect((await ticketOf(h, far.id)).status).toBe('searching');
    const open = (await h.svc('POST', onApp(h, '/backfills'), { configId, host: '10.0.0.8', port: 7778, openSlots: [{ team: 'a', count: 2 }] })).json();
    const rel = (await h.svc('POST', onApp(h, '/release-backfills'), { backfillIds: [open.id] })).json();
    expect(rel.released).toBe(1);
  });
});
