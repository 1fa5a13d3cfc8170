/**
 * Leaderboards: settings checks, the player calls, tiers shown with ranks, clearing a player's scores, and every
 * call kept within its app and its player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateOf } from '../../server/services/passport/leaderboards/state';
import { asPlayer, createBoard, createPlayer, LB, SDK, submit } from './passport-leaderboards-fixtures';
import { startHarness, type Harness } from './harness';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const boardCount = async () => Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE kind = 'leaderboards'")).rows[0].n);
const fields = (res: { json: () => { details?: { field: string }[] } }) => (res.json().details ?? []).map((d) => d.field);

describe('leaderboard settings', () => {
  it('refuses tiers and rewards that contradict their strategy, naming the field, and stores nothing', async () => {
    const base = { name: 'Checks', slugName: 'checks', updateType: 'KeepBest', memberType: 'Player', sortOrder: 'Desc' };
    const cases: [Record<string, unknown>, string][] = [
      [{ tierStrategy: 'Rank', tiers: [{ name: 'A', threshold: 10 }, { name: 'B', threshold: 5 }] }, '/tiers/1/threshold'],
      [{ tierStrategy: 'Rank', tiers: [{ name: 'A', threshold: 1.5 }] }, '/tiers/0/threshold'],
      [{ tierStrategy: 'Percent', tiers: [{ name: 'A', threshold: 120 }] }, '/tiers/0/threshold'],
      [{ tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 100 }, { name: 'B', threshold: 200 }] }, '/tiers/1/threshold'],
      [{ tierStrategy: 'Rank', tiers: [{ name: 'A', threshold: 1 }, { name: 'A', threshold: 2 }] }, '/tiers/1/name'],
      [{ rewardStrategy: 'InBucket', rewards: [{ fromRank: 1, toRank: 5, items: [{ resource: 'gem', amount: 1 }] }, { fromRank: 5, toRank: 9, items: [{ resource: 'gem', amount: 1 }] }] }, '/rewards/1/fromRank'],
      [{ rewardStrategy: 'InBucket', rewards: [{ fromRank: 3, toRank: 2, items: [{ resource: 'gem', amount: 1 }] }] }, '/rewards/0/toRank'],
      [{ rewardStrategy: 'InBucket', rewards: [{ fromRank: 3, items: [{ resource: 'gem', amount: 1 }] }] }, '/rewards/0/toRank'],
      [{ rewardStrategy: 'ByTier', tiers: [{ name: 'Gold', threshold: 1 }], rewards: [{ tier: 'Silver', items: [{ resource: 'gem', amount: 1 }] }] }, '/rewards/0/tier'],
      [{ rewardStrategy: 'General', rewards: [{ items: [{ resource: 'gem', amount: 1 }] }, { items: [{ resource: 'gem', amount: 2 }] }] }, '/rewards/1'],
    ];
    const before = await boardCount();
    for (const [over, field] of cases) {
      const res = await h.svc('POST', LB, { ...base, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(fields(res), JSON.stringify(over)).toContain(field);
    }
    expect(await boardCount()).toBe(before);
  });

  it('fixes the sort order, update and member types while the current version has scores', async () => {
    const board = await createBoard(h, { sortOrder: 'Desc' });
    expect(board.currentVersion).toBe(1);
    const { version: _v, id: _id, createdAt: _c, updatedAt: _u, currentVersion: _cv, ...settings } = board;
    // No scores yet: any change is fine.
    const free = await h.svc('PUT', `${LB}/${board.id}`, { ...settings, sortOrder: 'Asc', version: board.version });
    expect(free.statusCode, free.body).toBe(200);
    await submit(h, board.id, 'guild-a', 5);
    const refused = await h.svc('PUT', `${LB}/${board.id}`, { ...settings, sortOrder: 'Desc', updateType: 'Aggregate', version: 2 });
    expect(refused.statusCode).toBe(400);
    expect(fields(refused).sort()).toEqual(['/sortOrder', '/updateType']);
    // Renaming is always allowed; and after a reset the new, empty version may rank differently.
    expect((await h.svc('PUT', `${LB}/${board.id}`, { ...settings, sortOrder: 'Asc', name: 'Renamed', version: 2 })).statusCode).toBe(200);
    expect((await h.svc('POST', `${LB}/${board.id}/reset`)).statusCode).toBe(200);
    const record = (await h.svc('GET', `${LB}/${board.id}`)).json();
    expect(record.currentVersion).toBe(2);
    const changed = await h.svc('PUT', `${LB}/${board.id}`, { ...settings, name: 'Renamed', sortOrder: 'Desc', version: record.version });
    expect(changed.statusCode, changed.body).toBe(200);
    // The reset's own fields survive an edit of the settings.
    expect(changed.json().currentVersion).toBe(2);
  });
});

describe('player calls', () => {
  it('submits the signed-in player on a Player board, shows the top and their own rank', async () => {
    const board = await createBoard(h, { memberType: 'Player', updateType: 'KeepBest', sortOrder: 'Desc' });
    const [ana, bo, cy] = [await createPlayer(h), await createPlayer(h), await createPlayer(h)];
    expect((await h.req({ method: 'POST', url: `${SDK}/${board.slugName}/scores`, payload: { score: 1 } })).statusCode).toBe(401);
    const first = await asPlayer(h, ana.bearer, 'POST', `${SDK}/${board.slugName}/scores`, { score: 120 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ memberId: ana.id, score: 120, rank: 1, version: 1, total: 1 });
    expect((await asPlayer(h, bo.bearer, 'POST', `${SDK}/${board.slugName}/scores`, { score: 300 })).json()).toMatchObject({ rank: 1, total: 2 });
    // A worse score does not replace the best one.
    expect((await asPlayer(h, ana.bearer, 'POST', `${SDK}/${board.slugName}/scores`, { score: 90 })).json()).toMatchObject({ score: 120, rank: 2 });
    const named = await asPlayer(h, ana.bearer, 'POST', `${SDK}/${board.slugName}/scores`, { score: 999, entityId: bo.id });
    expect(named.statusCode).toBe(400);
    expect(fields(named)).toEqual(['/entityId']);

    const top = await asPlayer(h, cy.bearer, 'GET', `${SDK}/${board.slugName}/scores?count=1`);
    expect(top.json()).toMatchObject({ total: 2, scores: [{ rank: 1, memberId: bo.id, score: 300 }] });
    expect((await asPlayer(h, ana.bearer, 'GET', `${SDK}/${board.slugName}/scores/me`)).json()).toMatchObject({ memberId: ana.id, rank: 2, score: 120 });
    expect((await asPlayer(h, cy.bearer, 'GET', `${SDK}/${board.slugName}/scores/me`)).json()).toMatchObject({ memberId: cy.id, rank: null, score: null, total: 2 });
  });

  it('submits a named entity on an Entity board', async () => {
    const board = await createBoard(h, { memberType: 'Entity', updateType: 'Aggregate' });
    const p = await createPlayer(h);
    const missing = await asPlayer(h, p.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 10 });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing)).toEqual(['/entityId']);
    await asPlayer(h, p.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 10, entityId: 'guild-red' });
    const again = await asPlayer(h, p.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 15, entityId: 'guild-red' });
    expect(again.json()).toMatchObject({ memberId: 'guild-red', score: 25, rank: 1 });
    expect((await asPlayer(h, p.bearer, 'GET', `${SDK}/${board.id}/scores/me?entityId=guild-red`)).json()).toMatchObject({ score: 25, rank: 1 });
  });

  it('refuses an aggregate past the score limit and keeps the total it had', async () => {
    const board = await createBoard(h, { updateType: 'Aggregate' });
    expect((await submit(h, board.id, 'whale', 1_000_000_000_000_000)).statusCode).toBe(200);
    const over = await submit(h, board.id, 'whale', 1);
    expect(over.statusCode).toBe(400);
    expect(fields(over)).toEqual(['/score']);
    expect((await h.svc('GET', `${LB}/${board.id}/members/whale/scores`)).json().score).toBe(1_000_000_000_000_000);
    expect((await submit(h, board.id, 'whale', 1.5)).statusCode).toBe(400);
  });

  it('answers a server-side submission for a Player board only for a player of the app', async () => {
    const board = await createBoard(h, { memberType: 'Player' });
    expect((await submit(h, board.id, 'no-such-user', 5)).statusCode).toBe(404);
    const p = await createPlayer(h);
    expect((await submit(h, board.id, p.id, 5)).json()).toMatchObject({ memberId: p.id, rank: 1 });
  });
});

describe('the console ranking', () => {
  it("names each player beside the id on a Player board, and keeps only the id of a player deleted since", async () => {
    const board = await createBoard(h, { memberType: 'Player', sortOrder: 'Desc' });
    const [kept, gone] = [await createPlayer(h), await createPlayer(h)];
    const name = (await h.svc('GET', `${B}/users/${kept.id}`)).json().name;
    expect(name).toMatch(/^Player \d+$/);
    await submit(h, board.id, kept.id, 20);
    await submit(h, board.id, gone.id, 10);
    expect((await h.svc('DELETE', `${B}/users/${gone.id}`)).statusCode).toBe(204);
    const { scores } = (await h.svc('GET', `${LB}/${board.id}/scores`)).json();
    expect(scores.map((s: { memberId: string; memberName: string | null }) => [s.memberId, s.memberName])).toEqual([
      [kept.id, name],
      [gone.id, null],
    ]);
  });

  it('names the players of an archived Player version after the board has turned to entities', async () => {
    const board = await createBoard(h, { memberType: 'Player' });
    const p = await createPlayer(h);
    await submit(h, board.id, p.id, 7);
    expect((await h.svc('POST', `${LB}/${board.id}/reset`)).statusCode).toBe(200);
    const { id: _i, version, createdAt: _c, updatedAt: _u, currentVersion: _v, ...settings } = (await h.svc('GET', `${LB}/${board.id}`)).json();
    expect((await h.svc('PUT', `${LB}/${board.id}`, { ...settings, memberType: 'Entity', version })).statusCode).toBe(200);
    const name = (await h.svc('GET', `${B}/users/${p.id}`)).json().name;
    const [standing] = (await h.svc('GET', `${LB}/${board.id}/versions/1/scores`)).json().scores;
    expect([standing.memberId, standing.memberName]).toEqual([p.id, name]);
  });

  it('names no one on an Entity board', async () => {
    const board = await createBoard(h, { memberType: 'Entity' });
    await submit(h, board.id, 'guild-blue', 3);
    const [standing] = (await h.svc('GET', `${LB}/${board.id}/scores`)).json().scores;
    expect(standing.memberId).toBe('guild-blue');
    expect(standing).not.toHaveProperty('memberName');
  });
});

describe('concurrent submissions', () => {
  it('counts every one of many concurrent submissions exactly once, in memory and in the database', async () => {
    const board = await createBoard(h, { updateType: 'Aggregate' });
    const sent = Array.from({ length: 80 }, (_, i) => ({ member: `team-${i % 8}`, score: (i * 37) % 11 }));
    const answers = await Promise.all(sent.map((s) => submit(h, board.id, s.member, s.score)));
    expect(answers.map((a) => a.statusCode)).toEqual(sent.map(() => 200));
    const totals = new Map<string, number>();
    for (const s of sent) totals.set(s.member, (totals.get(s.member) ?? 0) + s.score);
    const scores = async () => (await h.svc('GET', `${LB}/${board.id}/scores`)).json().scores.map((s: { memberId: string; score: number }) => [s.memberId, s.score]);
    const shown = await scores();
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(totals));
    expect(shown.map((s: [string, number]) => s[1])).toEqual([...totals.values()].sort((a, b) => b - a));
    stateOf(h.ctx).indexes.drop(board.id, 1);
    expect(await scores()).toEqual(shown);
  });

  it('fails only the submission the database refuses when it is written together with others', async () => {
    const board = await createBoard(h, { updateType: 'Aggregate' });
    await submit(h, board.id, 'whale', 1_000_000_000_000_000);
    const others = Array.from({ length: 12 }, (_, i) => `minnow-${i}`);
    const [whale, ...rest] = await Promise.all([submit(h, board.id, 'whale', 5), ...others.map((m) => submit(h, board.id, m, 3))]);
    expect(whale.statusCode).toBe(400);
    expect(rest.map((r) => r.statusCode)).toEqual(others.map(() => 200));
    expect((await h.svc('GET', `${LB}/${board.id}/scores`)).json().total).toBe(13);
  });
});

describe('tiers', () => {
  /** Five entities scoring 50, 40, 30, 20 and 10; the tier each gets, best first. */
  async function tiersOf(over: Record<string, unknown>, scores = [50, 40, 30, 20, 10]) {
    const board = await createBoard(h, over);
    for (const [i, s] of scores.entries()) await submit(h, board.id, `e${i}`, s);
    const page = (await h.svc('GET', `${LB}/${board.id}/scores`)).json();
    const one = (await h.svc('GET', `${LB}/${board.id}/members/e1/scores`)).json();
    expect(one.tier).toBe(page.scores[one.rank - 1].tier);
    return page.scores.map((s: { tier: string | null }) => s.tier);
  }

  it('by rank: the first tier whose rank limit the member is within', async () => {
    expect(await tiersOf({ tierStrategy: 'Rank', tiers: [{ name: 'Gold', threshold: 1 }, { name: 'Silver', threshold: 3 }] })).toEqual(['Gold', 'Silver', 'Silver', null, null]);
  });

  it('by score: the first threshold the score reaches, in the sort order', async () => {
    const desc = { tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 40 }, { name: 'B', threshold: 20 }] };
    expect(await tiersOf(desc)).toEqual(['A', 'A', 'B', 'B', null]);
    const asc = { sortOrder: 'Asc', tierStrategy: 'Score', tiers: [{ name: 'A', threshold: 10 }, { name: 'B', threshold: 30 }] };
    // Ascending: 10, 20, 30, 40, 50.
    expect(await tiersOf(asc)).toEqual(['A', 'B', 'B', null, null]);
  });

  it('by percent: within the top share of the ranked members', async () => {
    const percent = { tierStrategy: 'Percent', tiers: [{ name: 'Top', threshold: 20 }, { name: 'Upper', threshold: 50 }] };
    // Of five, the top 20 % is rank 1 and the top 50 % reaches rank 2.5, so rank 2.
    expect(await tiersOf(percent)).toEqual(['Top', 'Upper', null, null, null]);
    // Of ten: ranks 1–2 and 3–5.
    expect(await tiersOf(percent, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual(['Top', 'Top', 'Upper', 'Upper', 'Upper', null, null, null, null, null]);
  });
});

describe("clearing a player's scores", () => {
  it('removes them from the current version of every Player board and leaves archived versions and entities alone', async () => {
    const [p1, p2] = [await createPlayer(h), await createPlayer(h)];
    const ladder = await createBoard(h, { memberType: 'Player' });
    const season = await createBoard(h, { memberType: 'Player' });
    const guilds = await createBoard(h, { memberType: 'Entity' });
    const post = (p: { bearer: string }, board: string, body: object) => asPlayer(h, p.bearer, 'POST', `${SDK}/${board}/scores`, body);
    await post(p1, ladder.id, { score: 50 });
    await post(p2, ladder.id, { score: 40 });
    await post(p1, season.id, { score: 7 });
    await h.svc('POST', `${LB}/${season.id}/reset`);
    await post(p1, season.id, { score: 9 });
    await post(p1, guilds.id, { score: 3, entityId: 'guild-blue' });

    const res = await h.svc('POST', `${B}/users/${p1.id}/leaderboard-scores/clear`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cleared).toBe(2);
    expect((await h.svc('GET', `${LB}/${ladder.id}/members/${p1.id}/scores`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${LB}/${ladder.id}/scores`)).json()).toMatchObject({ total: 1, scores: [{ memberId: p2.id, rank: 1 }] });
    expect((await h.svc('GET', `${LB}/${season.id}/scores`)).json().total).toBe(0);
    expect((await h.svc('GET', `${LB}/${season.id}/versions/1/scores`)).json()).toMatchObject({ total: 1, scores: [{ memberId: p1.id, score: 7 }] });
    expect((await h.svc('GET', `${LB}/${guilds.id}/scores`)).json().total).toBe(1);
    const logged = await h.db.query("SELECT actor FROM audit_log WHERE action = 'passport.users.leaderboard-scores.clear' AND target = $1", [p1.id]);
    expect(logged.rows).toEqual([{ actor: `app:${h.appId}` }]);
    // The player can score again.
    expect((await post(p1, ladder.id, { score: 10 })).json()).toMatchObject({ rank: 2 });
  });

  it('answers 404 for a user the app does not have', async () => {
    expect((await h.svc('POST', `${B}/users/nobody-here/leaderboard-scores/clear`)).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("keeps another organisation's app out of every leaderboard call, changing nothing", async () => {
    const board = await createBoard(h, { memberType: 'Player' });
    const p = await createPlayer(h);
    await asPlayer(h, p.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 42 });
    await h.svc('POST', `${LB}/${board.id}/reset`);
    await asPlayer(h, p.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 43 });
    const calls: [string, string, unknown?][] = [
      ['GET', `${LB}/${board.id}/scores`],
      ['GET', `${LB}/${board.id}/members/${p.id}/scores`],
      ['POST', `${LB}/${board.id}/members/${p.id}/scores`, { score: 1 }],
      ['GET', `${LB}/${board.id}/versions`],
      ['GET', `${LB}/${board.id}/versions/1/scores`],
      ['GET', `${LB}/${board.id}/versions/1/rewards`],
      ['GET', `${LB}/${board.id}/schedule`],
      ['POST', `${LB}/${board.id}/schedule`, { cron: '0 0 * * *' }],
      ['PUT', `${LB}/${board.id}/schedule`, { cron: '0 0 * * *' }],
      ['POST', `${LB}/${board.id}/schedule-cancel`],
      ['POST', `${LB}/${board.id}/reset`],
      ['POST', `${LB}/${board.id}/rewards/reissue`, { version: 1 }],
      ['POST', `${B}/users/${p.id}/leaderboard-scores/clear`],
    ];
    const snapshot = async () => (await h.db.query('SELECT member_id, score, version FROM leaderboard_scores WHERE board_id = $1 ORDER BY version', [board.id])).rows;
    const before = await snapshot();
    const record = (await h.svc('GET', `${LB}/${board.id}`)).json();
    for (const [method, url, payload] of calls) {
      const other = await h.req({ method: method as 'GET', url, payload: payload as object, headers: { authorization: h.otherBasic } });
      expect(other.statusCode, `${method} ${url}`).toBe(404);
      const anonymous = await h.req({ method: method as 'GET', url, payload: payload as object });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
    expect((await h.svc('GET', `${LB}/${board.id}`)).json()).toEqual(record);

    // Another app's player cannot reach this board, even by its id.
    const stranger = await createPlayer(h, h.otherAppId, h.otherBasic);
    expect((await asPlayer(h, stranger.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 1000 })).statusCode).toBe(404);
    expect((await asPlayer(h, stranger.bearer, 'GET', `${SDK}/${board.slugName}/scores`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a player change only their own score', async () => {
    const board = await createBoard(h, { memberType: 'Player', updateType: 'KeepLatest' });
    const [mine, theirs] = [await createPlayer(h), await createPlayer(h)];
    await asPlayer(h, theirs.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 500 });
    const attempt = await asPlayer(h, mine.bearer, 'POST', `${SDK}/${board.id}/scores`, { score: 1, entityId: theirs.id });
    expect(attempt.statusCode).toBe(400);
    expect((await asPlayer(h, mine.bearer, 'POST', `${SDK}/${board.id}/scores?memberId=${theirs.id}`, { score: 1 })).json().memberId).toBe(mine.id);
    expect((await h.svc('GET', `${LB}/${board.id}/members/${theirs.id}/scores`)).json().score).toBe(500);
  });

  it('serves an administrator naming the app in both headers', async () => {
    const board = await createBoard(h);
    await submit(h, board.id, 'g1', 3);
    const cookie = await h.login('admin@example.com', 'lodestar-admin', '/auth/admin-login');
    const res = await h.req({ method: 'GET', url: `${LB}/${board.id}/scores`, headers: { cookie, 'x-app-id': h.appId, 'x-lodestar-app-id': h.appId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(1);
  });
});
