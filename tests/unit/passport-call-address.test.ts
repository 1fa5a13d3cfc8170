/**
 * The passport screens call the service's declared calls by name: the address comes from the declaration, its path
 * parameters filled in (escaped), a player's call under the base's `/sdk`, and the method the declaration says.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { passport } from '../../resources/passport';
import { callAddress, callPassport } from '../../src/pages/passport/passport-api';

vi.hoisted(() => {
  (globalThis as { document?: unknown }).document = { documentElement: {}, cookie: '' };
});
afterEach(() => vi.unstubAllGlobals());

it("fills a declared call's path parameters, escaped", () => {
  expect(callAddress('leaderboards.schedule', { id: 'board 1' })).toBe('/leaderboards/board%201/schedule');
  expect(callAddress('battlePass.setPremium', { id: 'p/1', personaId: 'pe-2' })).toBe('/battle-pass/p%2F1/personas/pe-2/premium');
});

it("puts a player's call under /sdk, and refuses a name nothing declares", () => {
  expect(callAddress('leaderboards.submit', { id: 'b1' })).toBe('/sdk/leaderboards/b1/scores');
  expect(() => callAddress('leaderboards.nothing', {})).toThrow(/passport declares no call "leaderboards.nothing"/);
});

it('sends the declared method to the base and the filled address', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  await callPassport('', 'leaderboards.scheduleUpdate', { id: 'b1' }, { cron: '0 0 * * *' });
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe(`${passport.base}/leaderboards/b1/schedule`);
  expect(init.method).toBe('PUT');
  expect(JSON.parse(String(init.body))).toEqual({ cron: '0 0 * * *' });
});
