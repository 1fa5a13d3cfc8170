/**
 * The timed moves a call makes before it reads are its caller's app's only: a call (an app credential's, or a
 * player's) moves its own app's due records, through either instance, and leaves another app's to that app's calls
 * and to the periodic job, which moves every app's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { modelOf } from '../../server/context';
import { records } from '../../server/engine/query';
import { advanceTimedStates, TIMED_STATES_JOB } from '../../server/engine/timed-states';
import { issuePlayerToken } from '../../server/services/passport/players/principal';
import { createOtherApp } from '../api/harness';
import { holdJob, insertDueClasses } from './job-fixtures';
import { startTwoInstances, type TwoInstances } from './two-instances';

const B = passport.base;
const PAST = () => new Date(Date.now() - 60_000);

let two: TwoInstances;
let other: { appId: string; basic: string };

beforeAll(async () => {
  two = await startTwoInstances();
  // The periodic run is made by the test, not by the instances' timers, which would move every app's at any moment.
  await holdJob(two.a.db, TIMED_STATES_JOB);
  const { otherAppId, otherBasic } = await createOtherApp(two.a.db);
  other = { appId: otherAppId, basic: otherBasic };
});

afterAll(async () => {
  await two?.close();
});

const statusesOf = async (kind: string, appId: string, ids: string[]) =>
  (await records(two.a.db, modelOf(two.a.ctx, 'passport', kind)).find(appId, { where: { id: { $in: ids } } })).map((r) => r.status);

/** A user of the app and a player token for them. */
async function playerOf(appId: string, basic: string, name: string): Promise<{ userId: string; bearer: string }> {
  const res = await two.a.req({ method: 'POST', url: `${B}/users`, headers: { authorization: basic }, payload: { name, loginMethod: 'ServerSide', externalId: name } });
  expect(res.statusCode, res.body).toBe(201);
  const userId = String(res.json().id);
  return { userId, bearer: `Bearer ${(await issuePlayerToken(two.a.db, appId, userId)).token}` };
}

/** A pending entitlement of the user whose start has passed: due to become Active. */
async function dueEntitlement(appId: string, userId: string): Promise<string> {
  const data = { name: 'Monthly', type: 'MonthlyCard', userId, startTime: PAST().toISOString() };
  const [row] = await records(two.a.db, modelOf(two.a.ctx, 'passport', 'entitlements')).insertMany(appId, [{ data, status: 'Pending' }]);
  return String(row.id);
}

describe("a call's timed moves", () => {
  it("of an app credential's call are its app's only; the periodic run makes the other app's", async () => {
    const mine = await insertDueClasses(two.a.db, two.a.ctx, two.appId, 3, PAST());
    const theirs = await insertDueClasses(two.a.db, two.a.ctx, other.appId, 3, PAST());

    const listed = await two.b.req({ method: 'GET', url: `${B}/token/classes`, headers: { authorization: two.basic } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(await statusesOf('tokenClasses', two.appId, mine)).toEqual(['active', 'active', 'active']);
    expect(await statusesOf('tokenClasses', other.appId, theirs)).toEqual(['pending', 'pending', 'pending']);

    await advanceTimedStates(two.a.ctx);
    expect(await statusesOf('tokenClasses', other.appId, theirs)).toEqual(['active', 'active', 'active']);
  });

  it("of a player's call are the player's app's only, until that app's own call", async () => {
    const me = await playerOf(two.appId, two.basic, 'scope-player-1');
    const them = await playerOf(other.appId, other.basic, 'scope-player-2');
    const mine = await dueEntitlement(two.appId, me.userId);
    const theirs = await dueEntitlement(other.appId, them.userId);

    const read = await two.a.req({ method: 'GET', url: `${B}/sdk/entitlements`, headers: { authorization: me.bearer } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().entitlements.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([[mine, 'Active']]);
    expect(await statusesOf('entitlements', other.appId, [theirs])).toEqual(['Pending']);

    const theirRead = await two.b.req({ method: 'GET', url: `${B}/sdk/entitlements`, headers: { authorization: them.bearer } });
    expect(theirRead.json().entitlements.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([[theirs, 'Active']]);
  });
});
