import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFinishedDays } from '../../server/services/passport/players/dau';
import { startHarness, type Harness } from './harness';
import { asPlayer, createRealm, signedIn, signInServerSide, unique } from './passport-players-fixtures';
import { passport } from '../../resources/passport';
import { REGISTERS } from '../../server/services/passport/players/hll';

const B = passport.base;

let h: Harness;
let realm: string;
beforeAll(async () => {
  h = await startHarness();
  realm = await createRealm(h);
});
afterAll(() => h.close());

const currentMinute = async () => String((await h.db.query<{ m: string }>("SELECT date_trunc('minute', now())::text AS m")).rows[0].m);
const today = async () => String((await h.db.query<{ d: string }>("SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS d")).rows[0].d);

async function setLimit(perMinute: number) {
  const current = (await h.svc('GET', `${B}/rate-limit`)).json();
  const saved = await h.svc('PUT', `${B}/rate-limit`, { playerCallsPerMinute: perMinute, version: current.version });
  expect(saved.statusCode, saved.body).toBe(200);
}

/**
 * Runs `burst` within one clock minute: a burst that straddles a minute boundary is counted in two windows, so it
 * is run again (the window rows of the test app are cleared first).
 */
async function withinOneMinute<T>(burst: () => Promise<T>): Promise<T> {
  for (;;) {
    await h.db.query("DELETE FROM counters WHERE service = 'passport' AND counter = 'calls' AND scope_id = $1", [h.appId]);
    await h.db.query("DELETE FROM counters WHERE service = 'passport' AND counter = 'operationCalls' AND scope_id = $1 AND at >= date_trunc('minute', now())", [h.appId]);
    const start = await currentMinute();
    const out = await burst();
    if ((await currentMinute()) === start) return out;
  }
}

describe('the player call limit', () => {
  it('refuses player calls past the limit in the minute with 429, and reports the usage', async () => {
    const player = await signedIn(h, realm);
    await setLimit(5);
    try {
      const { codes, usage } = await withinOneMinute(async () => {
        const codes: number[] = [];
        for (let i = 0; i < 7; i++) codes.push((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode);
        const usage = (await h.svc('GET', `${B}/rate-limit/usage`)).json();
        return { codes, usage };
      });
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(usage).toMatchObject({ limit: 5, calls: 7, refused: 2, remaining: 0 });
      expect(usage.operations).toEqual([{ operation: `GET ${B}/sdk/me`, calls: 5 }]);
      // Sign-ins count against the same limit.
      const signIn = await withinOneMinute(async () => {
        for (let i = 0; i < 5; i++) await asPlayer(h, player.token, 'GET', `${B}/sdk/me`);
        return signInServerSide(h, realm, unique('p'));
      });
      expect(signIn.statusCode).toBe(429);
      expect(signIn.json().message).toBe('too many requests');
    } finally {
      await setLimit(60000);
    }
  });

  it("counts each app's calls against its own limit", async () => {
    await setLimit(3);
    try {
      const otherRealm = await createRealm(h, { basic: h.otherBasic });
      const stranger = await signedIn(h, otherRealm, undefined, h.otherBasic);
      const codes = await withinOneMinute(async () => {
        for (let i = 0; i < 3; i++) await signInServerSide(h, realm, unique('p'));
        const stranger3 = await Promise.all([1, 2, 3].map(() => asPlayer(h, stranger.token, 'GET', `${B}/sdk/me`).then((r) => r.statusCode)));
        return [...stranger3, (await signInServerSide(h, realm, unique('p'))).statusCode];
      });
      // The other app's players are not held back by this app's calls; this app's fourth call is.
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await setLimit(60000);
    }
  });
});

describe('operation metrics', () => {
  it('count calls served per operation and per player, for the top k', async () => {
    // Earlier tests' players made calls today too: start the players' counts afresh.
    await h.db.query("DELETE FROM counters WHERE service = 'passport' AND counter = 'playerCalls' AND scope_id = $1", [h.appId]);
    const busy = await signedIn(h, realm);
    const quiet = await signedIn(h, realm);
    const before = (await h.svc('GET', `${B}/metrics/operation`)).json();
    const meCount = (before.operations.find((o: { operation: string }) => o.operation === `GET ${B}/sdk/me`)?.calls ?? 0) as number;
    for (let i = 0; i < 4; i++) await asPlayer(h, busy.token, 'GET', `${B}/sdk/me`);
    await asPlayer(h, quiet.token, 'GET', `${B}/sdk/personas`);
    const after = (await h.svc('GET', `${B}/metrics/operation`)).json();
    expect(after.operations.find((o: { operation: string }) => o.operation === `GET ${B}/sdk/me`).calls).toBe(meCount + 4);
    expect(after.total).toBe(before.total + 5);
    const day = await today();
    expect(after.series.every((s: { time: string }) => typeof s.time === 'string')).toBe(true);
    const hourly = (await h.svc('GET', `${B}/metrics/operation?interval=hour&start=${day}&end=${day}&operation=${encodeURIComponent(`GET ${B}/sdk/personas`)}`)).json();
    expect(hourly.operations.map((o: { operation: string }) => o.operation)).toEqual([`GET ${B}/sdk/personas`]);

    const top = (await h.svc('GET', `${B}/metrics/topk?by=player&k=1`)).json();
    expect(top.items).toEqual([{ key: busy.userId, name: busy.user.name, calls: 4 }]);
    const ops = (await h.svc('GET', `${B}/metrics/topk?by=operation&k=2`)).json();
    expect(ops.items[0].calls).toBeGreaterThanOrEqual(ops.items[1].calls);
  });

  it('refuse ranges that are reversed or too long', async () => {
    expect((await h.svc('GET', `${B}/metrics/aggregation?start=2026-03-10&end=2026-03-01`)).statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/metrics/aggregation?start=2025-01-01&end=2026-01-01`)).statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/metrics/operation?interval=hour&start=2026-01-01&end=2026-01-31`)).statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/metrics/topk?start=yesterday`)).statusCode).toBe(400);
  });

  it("show an app only its own counts", async () => {
    const other = (id: string) => h.req({ method: 'GET', url: id, headers: { authorization: h.otherBasic } });
    const busy = await signedIn(h, realm);
    await asPlayer(h, busy.token, 'GET', `${B}/sdk/me`);
    const top = (await other(`${B}/metrics/topk?by=player&k=100`)).json();
    expect(top.items.map((i: { key: string }) => i.key)).not.toContain(busy.userId);
  });
});

describe('daily active players', () => {
  it('estimates DAU with HyperLogLog close to the exact count, beside exact sign-ins and new users', async () => {
    const day = await today();
    const before = (await h.svc('GET', `${B}/metrics/aggregation?start=${day}&end=${day}`)).json().days[0];
    const exactBefore = Number((await h.db.query<{ n: number }>("SELECT count(DISTINCT target)::int AS n FROM audit_log WHERE app_id = $1 AND action = 'passport.users.login' AND (at AT TIME ZONE 'Asia/Shanghai')::date = (now() AT TIME ZONE 'Asia/Shanghai')::date", [h.appId])).rows[0].n);
    const ids = Array.from({ length: 240 }, () => unique(`r${Math.random().toString(36).slice(2, 8)}`));
    // Some players sign in twice: they count once.
    for (const id of ids) expect((await signInServerSide(h, realm, id)).statusCode).toBe(200);
    for (const id of ids.slice(0, 40)) await signInServerSide(h, realm, id);
    const now = (await h.svc('GET', `${B}/metrics/aggregation?start=${day}&end=${day}`)).json();
    const exact = exactBefore + ids.length;
    // HyperLogLog's standard error is 1.04 / √registers (0.81 % with 2^14): the user ids are random, so the estimate is
    // held within four standard errors, which a correct sketch misses about once in 15,000 runs.
    expect(Math.abs(now.days[0].dau - exact) / exact).toBeLessThan((4 * 1.04) / Math.sqrt(REGISTERS));
    expect(now.days[0].newUsers - before.newUsers).toBe(240);
    expect(now.days[0].signIns - before.signIns).toBe(280);
    expect(now.totals.activeUsers).toBe(now.days[0].dau);
  });

  it("records each finished day's DAU as usage once, however often it is asked", async () => {
    const player = await signedIn(h, realm);
    const ids = [player.userId, ...(await Promise.all([1, 2, 3].map(async () => (await signedIn(h, realm)).userId)))];
    expect(ids).toHaveLength(4);
    // Make today's sketch yesterday's, as if the day had ended.
    await h.db.query(`UPDATE passport_dau SET day = day - 1 WHERE app_id = $1 AND day = (now() AT TIME ZONE 'Asia/Shanghai')::date`, [h.appId]);
    const yesterday = String((await h.db.query<{ d: string }>("SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date - 1, 'YYYY-MM-DD') AS d")).rows[0].d);
    const estimate = (await h.svc('GET', `${B}/metrics/aggregation?start=${yesterday}&end=${yesterday}`)).json().days[0].dau;
    expect(estimate).toBeGreaterThan(0);
    const recorded = await Promise.all([recordFinishedDays(h.db), recordFinishedDays(h.db)]);
    expect(recorded.sort()).toEqual([0, 1]);
    // A sign-in (which also records finished days) adds nothing more.
    await signedIn(h, realm);
    const rows = await h.db.query<{ day: string; quantity: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, quantity::text FROM usage_daily WHERE app_id = $1 AND service = 'passport' AND meter = 'dau'",
      [h.appId],
    );
    expect(rows.rows).toEqual([{ day: yesterday, quantity: String(estimate) }]);
  });
});
