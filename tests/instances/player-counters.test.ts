/**
 * Passport's counters, kept in the database, counted across two instances: the app's player-call limit per minute,
 * the SMS code throttle (one code per number every 60 s) and the HyperLogLog sketch of daily active players, each
 * with requests sent to both instances at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { emptySketch, hllAdd } from '../../server/services/passport/players/hll';
import { issuePlayerToken } from '../../server/services/passport/players/principal';
import { createOtherApp } from '../api/harness';
import { startTwoInstances, type TwoInstances } from './two-instances';

const B = passport.base;
const CALL_LIMIT = 5;

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A user of the app (made through either instance) and a player token for them. */
async function playerOf(appId: string, basic: string, name: string): Promise<{ userId: string; bearer: string }> {
  const res = await two.alternate().req({ method: 'POST', url: `${B}/users`, headers: { authorization: basic }, payload: { name, loginMethod: 'ServerSide', externalId: name } });
  expect(res.statusCode, res.body).toBe(201);
  const userId = String(res.json().id);
  return { userId, bearer: `Bearer ${(await issuePlayerToken(two.a.db, appId, userId)).token}` };
}

const playerRead = (bearer: string) => two.alternate().req({ method: 'GET', url: `${B}/sdk/entitlements`, headers: { authorization: bearer } });

describe("the app's player-call limit", () => {
  it('lets no more than the limit through in a minute when calls arrive at both instances at once', async () => {
    const headers = { authorization: two.basic };
    const current = await two.a.req({ method: 'GET', url: `${B}/rate-limit`, headers });
    const set = await two.b.req({ method: 'PUT', url: `${B}/rate-limit`, headers, payload: { playerCallsPerMinute: CALL_LIMIT, version: current.json().version } });
    expect(set.statusCode, set.body).toBe(200);
    const player = await playerOf(two.appId, two.basic, 'limited-player');
    // The limit is per minute of the database's clock: start away from the end of one, so every call falls in one.
    const second = Number((await two.a.db.query<{ s: number }>('SELECT extract(second FROM now())::int AS s')).rows[0].s);
    if (second > 45) await sleep((61 - second) * 1000);

    const answers = await Promise.all(Array.from({ length: 4 * CALL_LIMIT }, () => playerRead(player.bearer)));
    expect(statuses(answers)).toEqual([...Array(CALL_LIMIT).fill(200), ...Array(3 * CALL_LIMIT).fill(429)]);
  });
});

describe('the SMS code throttle', () => {
  it('issues one code for a number when requests for it arrive at both instances at once', async () => {
    const phone = '+8613800000042';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => two.alternate().req({ method: 'POST', url: `${B}/sdk/verification-codes`, payload: { appId: two.appId, phone } })),
    );
    expect(statuses(answers)).toEqual([200, ...Array(7).fill(429)]);
    const codes = await two.a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_sms_codes WHERE app_id = $1 AND phone = $2', [two.appId, phone]);
    expect(Number(codes.rows[0].n)).toBe(1);
    const sends = await two.a.db.query<{ result: string; n: number }>(
      "SELECT result, count(*)::int AS n FROM passport_sms_logs WHERE app_id = $1 AND phone_masked LIKE '%0042' GROUP BY result ORDER BY result",
      [two.appId],
    );
    expect(sends.rows).toEqual([
      { result: 'RateLimited', n: 7 },
      { result: 'Sent', n: 1 },
    ]);
  });
});

describe('the sketch of daily active players', () => {
  it("holds every player whose first call of the day reached either instance, all at once: nobody's register lost", async () => {
    const { otherAppId, otherBasic } = await createOtherApp(two.a.db);
    const players = [];
    for (let i = 0; i < 40; i++) players.push(await playerOf(otherAppId, otherBasic, `active-${i}`));
    // Every player calls both instances, all at the same moment.
    const answers = await Promise.all(players.flatMap((p) => [playerRead(p.bearer), playerRead(p.bearer)]));
    expect(new Set(statuses(answers))).toEqual(new Set([200]));

    const expected = emptySketch();
    for (const p of players) hllAdd(expected, p.userId);
    const stored = await two.b.db.query<{ registers: Uint8Array }>('SELECT registers FROM passport_dau WHERE app_id = $1', [otherAppId]);
    expect(stored.rows).toHaveLength(1);
    expect(Buffer.from(stored.rows[0].registers).equals(Buffer.from(expected))).toBe(true);
  });
});
