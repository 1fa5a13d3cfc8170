import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import routes from '../inventory/routes.json';
import { match } from '../../resources/match';
import { routePattern } from '../../src/engine/routes';
import { MATCH_DEMO_IDS } from '../../resources/match/demo';
import { records } from '../../server/engine/query';
import { matchModels } from '../../server/services/match/models';
import { allocationsSettled, RETRY_MAX_MS, runTick, STUCK_MS } from '../../server/services/match/tick';
import { serviceRequest, startHarness, type Harness } from './harness';
import { B, createConfig, onApp, submit } from './match-fixtures';

let h: Harness;
const duel = { name: 'bad', teams: [{ name: 'a', size: 1 }, { name: 'b', size: 1 }], regions: ['local'] };
const configCount = async () => (await h.svc('GET', onApp(h, '/configs'))).json().total as number;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** The field errors of a refused call, by field. */
const fieldsOf = (body: { details?: { field: string }[] }) => (body.details ?? []).map((d) => d.field);

describe('the inventory', () => {
  const shape = (p: string) => p.replace(/:\w+\??/g, ':');
  it("serves every match call of the specification's inventory", () => {
    const wanted = (calls as { service: string; method: string; path: string }[]).filter((c) => c.service === 'match');
    expect(wanted.length).toBe(17);
    const mounted = new Set(h.api.routes.map((r) => `${r.method} ${shape(r.url)}`));
    expect(wanted.filter((c) => !mounted.has(`${c.method} ${shape(c.path)}`)).map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it("has a console screen for each of the specification's match routes", () => {
    const declared = new Set(match.resources.flatMap((r) => [r.routes?.list, r.routes?.show]).filter((r): r is string => !!r).map((r) => shape(routePattern(r))));
    const wanted = (routes as { path: string }[]).filter((r) => /^\/services\/:appId\/match(\/|$)/.test(r.path)).map((r) => r.path);
    expect(wanted.length).toBe(2);
    expect(wanted.filter((p) => !declared.has(shape(p)))).toEqual([]);
  });
});

describe('the match app', () => {
  it("is the app's own (its id the app id), made once", async () => {
    const again = await h.svc('POST', `${B}/apps`, { name: 'again' });
    expect([again.statusCode, again.json().id, again.json().name]).toEqual([200, h.appId, 'Skyforge arena']);
    expect((await h.svc('GET', onApp(h))).json().id).toBe(h.appId);
    expect((await h.svc('GET', `${B}/apps/${h.otherAppId}`)).statusCode).toBe(404);
  });

  it('deleted, takes its configs with it', async () => {
    const other = serviceRequest(h.req, h.otherBasic);
    expect((await other('POST', `${B}/apps`, {})).statusCode).toBe(200);
    const made = await other('POST', `${B}/apps/${h.otherAppId}/configs`, { ...duel, name: 'solo' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await other('DELETE', `${B}/apps/${h.otherAppId}`)).statusCode).toBe(204);
    expect((await other('GET', `${B}/apps/${h.otherAppId}/configs/${made.json().id}`)).statusCode).toBe(404);
  });
});

describe('a config refused', () => {
  const refused = async (body: Record<string, unknown>, field: string) => {
    const before = await configCount();
    const res = await h.svc('POST', onApp(h, '/configs'), body);
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res.json()), res.body).toContain(field);
    expect(await configCount()).toBe(before);
  };

  it('with wrong team sizes or names', async () => {
    await refused({ ...duel, teams: [{ name: 'a', size: 0 }] }, '/teams/0/size');
    await refused({ ...duel, teams: [{ name: 'a', size: 101 }] }, '/teams/0/size');
    await refused({ ...duel, teams: [] }, '/teams');
    await refused({ ...duel, teams: [{ name: 'a', size: 2 }, { name: 'a', size: 2 }] }, '/teams/1/name');
  });

  it('with an invalid rule', async () => {
    await refused({ ...duel, rules: [{ name: 'skill', attribute: 'skill', kind: 'difference' }] }, '/rules/0/maxDifference');
    await refused({ ...duel, rules: [{ name: 'mode', attribute: 'mode', kind: 'equal', maxDifference: 3 }] }, '/rules/0/maxDifference');
    await refused({ ...duel, rules: [{ name: 'skill', attribute: 'skill', kind: 'difference', maxDifference: 100, relaxations: [{ afterSeconds: 10, maxDifference: 300 }, { afterSeconds: 20, maxDifference: 50 }] }] }, '/rules/0/relaxations/1/maxDifference');
    await refused({ ...duel, rules: [{ name: 'skill', attribute: 'skill', kind: 'difference', maxDifference: 100, relaxations: [{ afterSeconds: 20 }, { afterSeconds: 10 }] }] }, '/rules/0/relaxations/1/afterSeconds');
    await refused({ ...duel, rules: [{ name: 'x', attribute: '1-bad', kind: 'equal' }] }, '/rules/0/attribute');
    await refused({ ...duel, rules: [{ name: 'x', attribute: 'x', kind: 'median' }] }, '/rules/0/kind');
  });

  it('on a game that does not exist, or in a region its game does not serve', async () => {
    await refused({ ...duel, gameId: 'no-such-game' }, '/gameId');
    await refused({ ...duel, gameId: 'demo-game', regions: ['mars'] }, '/regions/0');
  });
});

describe('a ticket refused', () => {
  it('for an unknown config (404) or a disabled one (409)', async () => {
    expect((await h.svc('POST', onApp(h, '/tickets'), { configId: 'no-such-config', playerId: 'p' })).statusCode).toBe(404);
    const id = await createConfig(h, { ...duel, name: 'off', enabled: false });
    expect((await h.svc('POST', onApp(h, '/tickets'), { configId: id, playerId: 'p' })).statusCode).toBe(409);
  });

  it("without an attribute its rules need, with text where a number is needed, or in a region the config lacks", async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await h.svc('POST', onApp(h, '/tickets'), { configId: MATCH_DEMO_IDS.duel, playerId: 'p-bad', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res.json())).toContain(field);
    };
    await bad({ attributes: {} }, '/attributes/skill');
    await bad({ attributes: { skill: 'high' } }, '/attributes/skill');
    await bad({ attributes: { skill: 1 }, regions: ['mars'] }, '/regions/0');
    expect((await h.svc('GET', onApp(h, '/tickets?playerId=p-bad'))).json().total).toBe(0);
  });

  it('for another app', async () => {
    expect((await h.svc('POST', `${B}/apps/${h.otherAppId}/tickets`, { configId: MATCH_DEMO_IDS.duel, playerId: 'p' })).statusCode).toBe(404);
  });
});

describe('the rule test', () => {
  const test = (configId: string, body: Record<string, unknown>) => h.svc('POST', onApp(h, `/configs/${configId}/test`), body);

  it('reports the match rate, waiting times and team balance of generated tickets, the same for the same seed', async () => {
    const body = { tickets: 300, arrivalSeconds: 60, tickSeconds: 1, attributes: [{ name: 'skill', distribution: 'normal', mean: 1500, sd: 300 }], seed: 11 };
    const res = await test(MATCH_DEMO_IDS.duel, body);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.matched + r.timedOut + r.waiting).toBe(300);
    expect(r.matched).toBe(r.matches * 2);
    expect(r.matchRate).toBeCloseTo(r.matched / 300, 4);
    expect(r.matchRate).toBeGreaterThan(0.5);
    expect(r.wait.p50).toBeLessThanOrEqual(r.wait.p90);
    expect(r.wait.p90).toBeLessThanOrEqual(r.wait.max);
    expect(r.waitHistogram.reduce((s: number, b: { tickets: number }) => s + b.tickets, 0)).toBe(r.matched);
    expect(r.balance.attribute).toBe('skill');
    // The demo's duel allows 100 at first, 300 after 10 s, then drops the rule after 30 s: no pair is further apart than the largest difference seen.
    expect(r.balance.max).toBeGreaterThan(0);
    expect((await test(MATCH_DEMO_IDS.duel, body)).json()).toEqual(r);
    // Nothing is stored.
    expect((await h.svc('GET', onApp(h, `/tickets?configId=${MATCH_DEMO_IDS.duel}`))).json().total).toBe(0);
  });

  it('a rule no generated pair can meet matches nothing, and every ticket times out', async () => {
    const id = await createConfig(h, { ...duel, name: 'strict', timeoutSeconds: 10, rules: [{ name: 'skill', attribute: 'skill', kind: 'difference', maxDifference: 1 }] });
    const r = (await test(id, { tickets: 50, arrivalSeconds: 10, attributes: [{ name: 'skill', distribution: 'uniform', min: 0, max: 1_000_000 }] })).json();
    expect([r.matched, r.timedOut, r.matchRate]).toEqual([0, 50, 0]);
  });

  it('refuses a test of an unknown config or with too few tickets', async () => {
    expect((await test('no-such-config', { tickets: 10 })).statusCode).toBe(404);
    expect((await test(MATCH_DEMO_IDS.duel, { tickets: 1 })).statusCode).toBe(400);
  });
});

describe('ticket sums and counts', () => {
  it('the configs with the most tickets come first', async () => {
    const id = await createConfig(h, { ...duel, name: 'busy', teams: [{ name: 'a', size: 50 }] });
    // Earlier tests and the demo leave tickets waiting elsewhere: this config gets one more than the busiest of them.
    const before = (await h.svc('GET', `${B}/apps/ticket-topk?k=1`)).json().items[0]?.tickets ?? 0;
    const n = before + 1;
    for (let i = 0; i < n; i++) await submit(h, id, `t${i}`);
    const top = (await h.svc('GET', `${B}/apps/ticket-topk?k=1`)).json();
    expect(top.items).toEqual([{ configId: id, name: 'busy', tickets: n }]);
    const counts = (await h.svc('GET', onApp(h, '/query-ticket-count'))).json();
    expect(counts.configs).toContainEqual({ configId: id, state: 'searching', tickets: n });
    expect((await h.svc('POST', `${B}/apps/refresh-regions-cache`)).json().regions).toEqual(['local']);
  });
});

describe('a match whose allocation never ended', () => {
  it('is failed by a later tick, and its tickets wait again with their age kept', async () => {
    const m = matchModels(h.ctx);
    const id = await createConfig(h, { ...duel, name: 'stuck', teams: [{ name: 'a', size: 9 }] });
    const t = await submit(h, id, 'stuck-1');
    const made = await records(h.db, m.matches).insert(h.appId, { appId: h.appId, configId: id, region: 'local', players: 1 }, { status: 'allocating', parentId: h.appId });
    await records(h.db, m.tickets).update(h.appId, { id: t.id }, { status: 'matched', set: { matchId: made.id, team: 'a' } });
    await runTick(h.ctx);
    expect((await h.svc('GET', onApp(h, `/matches/${made.id}`))).json().status).toBe('allocating');
    await records(h.db, m.matches).update(h.appId, { id: String(made.id) }, { backdate: new Date(Date.now() - STUCK_MS - 1000) });
    await runTick(h.ctx);
    expect((await h.svc('GET', onApp(h, `/matches/${made.id}`))).json().status).toBe('failed');
    const again = (await h.svc('GET', onApp(h, `/tickets/${t.id}`))).json();
    expect([again.status, again.matchId, again.createdAt]).toEqual(['searching', undefined, t.createdAt]);
  });
});

describe('a match whose server cannot be had', () => {
  it('is not formed again on every tick: its tickets wait before they are matched again, longer after each failure', async () => {
    const m = matchModels(h.ctx);
    const id = await createConfig(h, { ...duel, name: 'no server', teams: [{ name: 'a', size: 1 }] });
    // A game that no longer exists: every allocation for this config fails.
    await records(h.db, m.configs).update(h.appId, { id }, { set: { gameId: 'gone-game' } });
    const t = await submit(h, id, 'lonely-1');
    const matchesOf = async () => (await h.svc('GET', onApp(h, `/matches?configId=${id}`))).json().items as { status: string; reason?: string }[];
    const tickThenSettle = async () => {
      await runTick(h.ctx);
      await allocationsSettled(h.ctx);
    };
    await tickThenSettle();
    const first = (await h.svc('GET', onApp(h, `/tickets/${t.id}`))).json();
    expect([first.status, first.failures, (await matchesOf()).map((x) => [x.status, x.reason])]).toEqual(['searching', 1, [['failed', 'no such game']]]);
    const firstWait = Date.parse(first.retryAt) - Date.now();
    expect(firstWait).toBeGreaterThan(0);
    // The next ticks leave it waiting: no second failed match.
    await tickThenSettle();
    await tickThenSettle();
    expect((await matchesOf()).length).toBe(1);
    // Once its time has come it is matched again, fails again, and waits longer (never more than the most).
    await records(h.db, m.tickets).update(h.appId, { id: t.id }, { set: { retryAt: new Date(Date.now() - 1000).toISOString() } });
    await tickThenSettle();
    const second = (await h.svc('GET', onApp(h, `/tickets/${t.id}`))).json();
    expect([second.status, second.failures, (await matchesOf()).length]).toEqual(['searching', 2, 2]);
    const secondWait = Date.parse(second.retryAt) - Date.now();
    expect(secondWait).toBeGreaterThan(firstWait);
    expect(secondWait).toBeLessThanOrEqual(RETRY_MAX_MS);
    expect(second.createdAt).toBe(t.createdAt);
  });
});

describe('a config deleted', () => {
  it('takes its tickets and backfill tickets with it, and answers 404 after', async () => {
    const id = await createConfig(h, { ...duel, name: 'doomed', teams: [{ name: 'a', size: 9 }] });
    const t = await submit(h, id, 'doomed-1');
    const bf = (await h.svc('POST', onApp(h, '/backfills'), { configId: id, host: '10.0.0.9', port: 7000, openSlots: [{ team: 'a', count: 1 }] })).json();
    const gone = await h.svc('DELETE', onApp(h, `/configs/${id}`));
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await h.svc('GET', onApp(h, `/tickets/${t.id}`))).statusCode).toBe(404);
    expect((await h.svc('GET', onApp(h, `/backfills/${bf.id}`))).statusCode).toBe(404);
    expect((await h.svc('GET', onApp(h, `/configs/${id}`))).statusCode).toBe(404);
  });
});
