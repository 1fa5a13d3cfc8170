/**
 * Leaderboard versions: resets archive a version that stays readable, rewards are granted by the rules the
 * version closed with and can be reissued, reset schedules run when due (driven here with given times), and
 * deleting a board deletes its versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueResets } from '../../server/services/passport/leaderboards/schedule';
import { createBoard, LB, submit } from './passport-leaderboards-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const DAY = 24 * 3600 * 1000;
const gem = (amount: number) => [{ resource: 'gem', amount }];

/** A board with five entities scoring 50, 40, 30, 20 and 10 (ranks 1 to 5 on a Desc board). */
async function boardOfFive(over: Record<string, unknown>) {
  const board = await createBoard(h, over);
  for (const [i, s] of [50, 40, 30, 20, 10].entries()) await submit(h, board.id, `e${i + 1}`, s);
  return board;
}

const rewardsOf = async (board: string, version: number) => (await h.svc('GET', `${LB}/${board}/versions/${version}/rewards`)).json();

describe('resets and versions', () => {
  it('archives the current version, which stays readable, and starts the next one empty', async () => {
    const board = await boardOfFive({});
    const reset = await h.svc('POST', `${LB}/${board.slugName}/reset`);
    expect(reset.json()).toMatchObject({ archivedVersion: 1, currentVersion: 2, memberCount: 5 });
    await submit(h, board.id, 'e9', 7);
    const versions = (await h.svc('GET', `${LB}/${board.id}/versions`)).json();
    expect(versions.total).toBe(2);
    expect(versions.versions.map((v: { version: number; current: boolean; memberCount: number; endedAt: string | null }) => [v.version, v.current, v.memberCount, v.endedAt === null])).toEqual([
      [2, true, 1, true],
      [1, false, 5, false],
    ]);
    expect(versions.versions[1].endedBy).toBe(`app:${h.appId}`);
    expect((await h.svc('GET', `${LB}/${board.id}/versions/1/scores?count=2`)).json()).toMatchObject({ total: 5, scores: [{ memberId: 'e1', rank: 1 }, { memberId: 'e2', rank: 2 }] });
    expect((await h.svc('GET', `${LB}/${board.id}/scores`)).json()).toMatchObject({ version: 2, total: 1, scores: [{ memberId: 'e9', rank: 1 }] });
    expect((await h.svc('GET', `${LB}/${board.id}/members/e1/scores?version=1`)).json()).toMatchObject({ rank: 1, score: 50 });
    expect((await h.svc('GET', `${LB}/${board.id}/members/e1/scores`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${LB}/${board.id}/versions/3/scores`)).statusCode).toBe(404);
    const logged = await h.db.query("SELECT actor FROM audit_log WHERE action = 'passport.leaderboards.reset' AND target = $1", [board.id]);
    expect(logged.rows).toEqual([{ actor: `app:${h.appId}` }]);
  });

  it('puts every submission racing a reset in exactly one version, and rewards the closed version as counted', async () => {
    const board = await createBoard(h, { updateType: 'KeepLatest', rewards: [{ items: gem(1) }] });
    const sent = Array.from({ length: 60 }, (_, i) => ({ member: `racer-${i}`, score: i }));
    const [answers, reset] = await Promise.all([
      Promise.all(sent.map((s) => submit(h, board.id, s.member, s.score))),
      new Promise((resolve) => setTimeout(resolve, 5)).then(() => h.svc('POST', `${LB}/${board.id}/reset`)),
    ]);
    expect(reset.statusCode, reset.body).toBe(200);
    const rows = await h.db.query<{ member_id: string; version: number }>('SELECT member_id, version FROM leaderboard_scores WHERE board_id = $1', [board.id]);
    const stored = new Map(rows.rows.map((r) => [r.member_id, r.version]));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBe(200);
      // Each submission is stored in the version its answer names, and only there.
      expect(stored.get(sent[i].member)).toBe(res.json().version);
    }
    expect(rows.rows).toHaveLength(sent.length);
    const closed = rows.rows.filter((r) => r.version === 1).length;
    expect(reset.json()).toMatchObject({ archivedVersion: 1, memberCount: closed, rewards: { entitled: closed, created: closed } });
  });

  it('lists a board nobody has scored on yet with its first version', async () => {
    const board = await createBoard(h);
    expect((await h.svc('GET', `${LB}/${board.id}/versions`)).json()).toMatchObject({ total: 1, versions: [{ version: 1, current: true, memberCount: 0 }] });
  });

  it('deletes its versions, scores and rewards with the board', async () => {
    const board = await boardOfFive({ rewards: [{ items: gem(1) }] });
    await h.svc('POST', `${LB}/${board.id}/reset`);
    await submit(h, board.id, 'e1', 1);
    expect((await h.svc('DELETE', `${LB}/${board.id}`)).statusCode).toBe(204);
    for (const table of ['leaderboard_versions', 'leaderboard_scores', 'leaderboard_rewards']) {
      const left = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE board_id = $1`, [board.id]);
      expect(left.rows[0].n, table).toBe(0);
    }
    expect((await h.svc('GET', `${LB}/${board.id}/scores`)).statusCode).toBe(404);
  });
});

describe('rewards', () => {
  it('General: every ranked member of the closed version', async () => {
    const board = await boardOfFive({ rewardStrategy: 'General', rewards: [{ items: gem(10) }] });
    expect((await h.svc('POST', `${LB}/${board.id}/reset`)).json().rewards).toEqual({ entitled: 5, created: 5 });
    const granted = await rewardsOf(board.id, 1);
    expect(granted.total).toBe(5);
    expect(granted.rewards.map((r: { rank: number; memberId: string }) => [r.rank, r.memberId])).toEqual([
      [1, 'e1'],
      [2, 'e2'],
      [3, 'e3'],
      [4, 'e4'],
      [5, 'e5'],
    ]);
    expect(granted.rewards[0]).toMatchObject({ score: 50, items: gem(10) });
  });

  it('InBucket: members whose rank falls in a bucket', async () => {
    const board = await boardOfFive({
      rewardStrategy: 'InBucket',
      rewards: [
        { fromRank: 1, toRank: 1, items: gem(100) },
        { fromRank: 2, toRank: 3, items: gem(50) },
      ],
    });
    await h.svc('POST', `${LB}/${board.id}/reset`);
    const granted = await rewardsOf(board.id, 1);
    expect(granted.rewards.map((r: { memberId: string; items: unknown }) => [r.memberId, r.items])).toEqual([
      ['e1', gem(100)],
      ['e2', gem(50)],
      ['e3', gem(50)],
    ]);
  });

  it('ByTier: members of a rewarded tier, by the rules the version closed with; reissue creates only the missing ones', async () => {
    const board = await boardOfFive({
      tierStrategy: 'Rank',
      tiers: [
        { name: 'Gold', threshold: 1 },
        { name: 'Silver', threshold: 3 },
      ],
      rewardStrategy: 'ByTier',
      rewards: [{ tier: 'Silver', items: gem(5) }],
    });
    await h.svc('POST', `${LB}/${board.id}/reset`);
    let granted = await rewardsOf(board.id, 1);
    expect(granted.rewards.map((r: { memberId: string; tier: string }) => [r.memberId, r.tier])).toEqual([
      ['e2', 'Silver'],
      ['e3', 'Silver'],
    ]);

    // Rewards changed since the close do not change what the closed version grants.
    const record = (await h.svc('GET', `${LB}/${board.id}`)).json();
    const { id: _i, version, createdAt: _c, updatedAt: _u, currentVersion: _v, ...settings } = record;
    expect((await h.svc('PUT', `${LB}/${board.id}`, { ...settings, rewards: [{ tier: 'Gold', items: gem(9) }], version })).statusCode).toBe(200);
    await h.db.query("DELETE FROM leaderboard_rewards WHERE board_id = $1 AND member_id = 'e3'", [board.id]);
    const reissued = await h.svc('POST', `${LB}/${board.id}/rewards/reissue`, { version: 1 });
    expect(reissued.json()).toEqual({ version: 1, entitled: 2, created: 1 });
    granted = await rewardsOf(board.id, 1);
    expect(granted.rewards.map((r: { memberId: string; items: unknown }) => [r.memberId, r.items])).toEqual([
      ['e2', gem(5)],
      ['e3', gem(5)],
    ]);
    expect((await h.svc('POST', `${LB}/${board.id}/rewards/reissue`, { version: 1 })).json().created).toBe(0);
    const logged = await h.db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'passport.leaderboards.rewards.reissue' AND target = $1", [board.id]);
    expect(logged.rows[0]).toEqual({ n: 2 });
  });

  it('refuses to reissue for the current version (409) or one that does not exist (404)', async () => {
    const board = await boardOfFive({ rewards: [{ items: gem(1) }] });
    const current = await h.svc('POST', `${LB}/${board.id}/rewards/reissue`, { version: 1 });
    expect(current.statusCode).toBe(409);
    expect(current.json().code).toBe('INVALID_TRANSITION');
    expect((await h.svc('POST', `${LB}/${board.id}/rewards/reissue`, { version: 7 })).statusCode).toBe(404);
  });
});

describe('reset schedules', () => {
  it('validates the expression and previews its next three runs in Beijing time', async () => {
    const board = await createBoard(h);
    for (const cron of ['not cron', '61 * * * *', '0 0 * *', 'H 0 * * *']) {
      const res = await h.svc('POST', `${LB}/${board.id}/schedule`, { cron });
      expect(res.statusCode, cron).toBe(400);
      expect(res.json().details[0].field).toBe('/cron');
    }
    // Mondays 00:00 in Beijing are Sundays 16:00 UTC, a week apart.
    const preview = (await h.svc('GET', `${LB}/${board.id}/schedule?cron=${encodeURIComponent('0 0 * * 1')}`)).json();
    expect(preview.nextRuns).toHaveLength(3);
    const runs = preview.nextRuns.map((r: string) => new Date(r));
    for (const r of runs) expect([r.getUTCDay(), r.getUTCHours(), r.getUTCMinutes()]).toEqual([0, 16, 0]);
    expect(runs[0].getTime()).toBeGreaterThan(Date.now());
    expect(runs[0].getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect([runs[1] - runs[0], runs[2] - runs[1]]).toEqual([7 * DAY, 7 * DAY]);
    const utc = (await h.svc('GET', `${LB}/${board.id}/schedule?cron=${encodeURIComponent('0 12 1 * *')}&timezone=UTC`)).json();
    for (const r of utc.nextRuns.map((x: string) => new Date(x))) expect([r.getUTCDate(), r.getUTCHours()]).toEqual([1, 12]);
    expect((await h.svc('GET', `${LB}/${board.id}/schedule`)).json()).toEqual({ schedule: null, nextRuns: [] });
  });

  it('creates, updates and cancels a schedule, refusing each from the wrong state', async () => {
    const board = await createBoard(h);
    expect((await h.svc('PUT', `${LB}/${board.id}/schedule`, { cron: '0 0 * * *' })).statusCode).toBe(409);
    expect((await h.svc('POST', `${LB}/${board.id}/schedule-cancel`)).statusCode).toBe(409);
    const created = await h.svc('POST', `${LB}/${board.id}/schedule`, { cron: '0 0 * * 1' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().schedule).toMatchObject({ cron: '0 0 * * 1', timezone: 'Asia/Shanghai' });
    const again = await h.svc('POST', `${LB}/${board.id}/schedule`, { cron: '0 0 * * 2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
    const stale = await h.svc('PUT', `${LB}/${board.id}/schedule`, { cron: '30 4 * * *', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const updated = (await h.svc('PUT', `${LB}/${board.id}/schedule`, { cron: '30 4 * * *' })).json();
    // 04:30 in Beijing is 20:30 UTC the day before.
    const next = new Date(updated.schedule.nextRunAt);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([20, 30]);
    const shown = (await h.svc('GET', `${LB}/${board.id}/schedule`)).json();
    expect(shown.schedule).toEqual(updated.schedule);
    expect(shown.nextRuns[0]).toBe(updated.schedule.nextRunAt);
    const cancelled = await h.svc('POST', `${LB}/${board.id}/schedule-cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().schedule).toBeUndefined();
    expect((await h.svc('POST', `${LB}/${board.id}/schedule-cancel`)).statusCode).toBe(409);
    const actions = await h.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [board.id]);
    expect(actions.rows.map((r) => r.action)).toEqual(['passport.leaderboards.create', 'passport.leaderboards.schedule.create', 'passport.leaderboards.schedule.update', 'passport.leaderboards.schedule.cancel']);
  });

  it('resets a board when its run is due, once for runs missed together, and moves the schedule on', async () => {
    const board = await boardOfFive({ rewards: [{ items: gem(3) }] });
    const scheduled = (await h.svc('POST', `${LB}/${board.id}/schedule`, { cron: '0 3 * * *' })).json();
    const due = new Date(scheduled.schedule.nextRunAt).getTime();
    const other = await createBoard(h);
    await h.svc('POST', `${LB}/${other.id}/schedule`, { cron: '0 0 1 1 *' });
    const current = async (id: string) => (await h.svc('GET', `${LB}/${id}`)).json();

    expect(await runDueResets(h.ctx, new Date(due - 1))).not.toContain(board.id);
    expect((await current(board.id)).currentVersion ?? 1).toBe(1);

    const reset = await runDueResets(h.ctx, new Date(due + 1000));
    expect(reset).toContain(board.id);
    expect(reset).not.toContain(other.id);
    const after = await current(board.id);
    expect(after.currentVersion).toBe(2);
    // Daily at 03:00 Beijing: the next run is a day later.
    expect(new Date(after.schedule.nextRunAt).getTime()).toBe(due + DAY);
    expect((await rewardsOf(board.id, 1)).total).toBe(5);
    const versions = (await h.svc('GET', `${LB}/${board.id}/versions`)).json();
    expect(versions.versions[1]).toMatchObject({ version: 1, endedBy: 'system:scheduler', memberCount: 5 });

    // Running again at the same time finds nothing due.
    expect(await runDueResets(h.ctx, new Date(due + 1000))).not.toContain(board.id);
    // Three runs missed (the server was down): one reset, and the schedule resumes after now.
    const late = due + 3 * DAY + 3600_000;
    expect(await runDueResets(h.ctx, new Date(late))).toContain(board.id);
    const resumed = await current(board.id);
    expect(resumed.currentVersion).toBe(3);
    expect(new Date(resumed.schedule.nextRunAt).getTime()).toBe(due + 4 * DAY);
    expect((await current(other.id)).currentVersion ?? 1).toBe(1);

    // Cancelled: no more resets.
    await h.svc('POST', `${LB}/${board.id}/schedule-cancel`);
    expect(await runDueResets(h.ctx, new Date(due + 30 * DAY))).not.toContain(board.id);
    expect((await current(board.id)).currentVersion).toBe(3);
  });
});
