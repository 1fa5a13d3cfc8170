/**
 * A leaderboard version closed on schedule keeps its rewards pending until they are granted: an instance that stops
 * between the close and the grant leaves them to the scheduled-resets job, which the other instance runs and which
 * grants them once; a reset made by the job through both instances grants its rewards once and leaves none pending.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { modelOf } from '../../server/context';
import { newOwner, runJobIfDue } from '../../server/engine/jobs';
import { records } from '../../server/engine/query';
import { scheduledResetsJob, scheduleFrom, SCHEDULER_ACTOR } from '../../server/services/passport/leaderboards/schedule';
import { closeVersion } from '../../server/services/passport/leaderboards/versions';
import { historyOf, holdJob } from './job-fixtures';
import { startTwoInstances, type Instance, type TwoInstances } from './two-instances';

const LB = `${passport.base}/leaderboards`;
const LEASE_MS = 60_000;
const MEMBERS = ['m1', 'm2', 'm3', 'm4', 'm5'];

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

const jobName = () => scheduledResetsJob(two.a.ctx, () => undefined).name;

/** A board rewarding every member with one gem, scored by five members through both instances, its schedule due. */
async function dueBoardWithScores(slug: string): Promise<{ id: string; dueAt: string }> {
  const headers = { authorization: two.basic };
  const payload = { name: slug, slugName: slug, updateType: 'KeepBest', memberType: 'Entity', sortOrder: 'Desc', rewards: [{ items: [{ resource: 'gem', amount: 1 }] }] };
  const created = await two.a.req({ method: 'POST', url: LB, headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  const id = String(created.json().id);
  for (const [i, member] of MEMBERS.entries()) {
    const res = await two.alternate().req({ method: 'POST', url: `${LB}/${id}/members/${member}/scores`, headers, payload: { score: 10 * (i + 1) } });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  const scheduled = await two.b.req({ method: 'POST', url: `${LB}/${id}/schedule`, headers, payload: { cron: '0 0 * * *' } });
  expect(scheduled.statusCode, scheduled.body).toBeLessThan(300);
  const dueAt = new Date(Date.now() - 60_000).toISOString();
  await records(two.a.db, modelOf(two.a.ctx, 'passport', 'leaderboards')).update(two.appId, { id }, { set: { schedule: { cron: '0 0 * * *', timezone: 'UTC', nextRunAt: dueAt } } });
  return { id, dueAt };
}

/** Makes the scheduled-resets job due, and has both instances look for it at once: answers how many ran it. */
async function runJobOnBoth(): Promise<number> {
  await two.a.db.query("UPDATE jobs SET due_at = now() - interval '1 second', lease_until = NULL WHERE name = $1", [jobName()]);
  const ran = await Promise.all(
    [two.a, two.b, two.b, two.a].map((i: Instance) => runJobIfDue(i.db, scheduledResetsJob(i.ctx, (err) => console.error(err)), newOwner(), LEASE_MS)),
  );
  return ran.filter(Boolean).length;
}

const rewardedOf = async (boardId: string) =>
  (await two.b.db.query<{ member_id: string }>('SELECT member_id FROM leaderboard_rewards WHERE board_id = $1 AND version = 1 ORDER BY member_id', [boardId])).rows.map(
    (r) => r.member_id,
  );

const pendingOf = async (boardId: string) =>
  (await two.b.db.query<{ rewards_pending: boolean }>('SELECT rewards_pending FROM leaderboard_versions WHERE board_id = $1 AND version = 1', [boardId])).rows[0]
    .rewards_pending;

describe('rewards of a version closed on schedule', () => {
  it('left pending by an instance that stopped after the close are granted once by the other instance', async () => {
    await holdJob(two.a.db, jobName());
    const board = await dueBoardWithScores('pending-left');
    // Instance A makes the scheduler's close, and stops there: its grant never runs.
    const closed = await closeVersion(two.a.ctx, two.appId, board.id, SCHEDULER_ACTOR, {
      dueAt: board.dueAt,
      nextSchedule: (record) => scheduleFrom(String((record.schedule as { cron: string }).cron), 'UTC', new Date()),
    });
    expect(closed?.archived).toBe(1);
    expect(await pendingOf(board.id)).toBe(true);
    expect(await rewardedOf(board.id)).toEqual([]);

    expect(await runJobOnBoth()).toBe(1);
    expect(await rewardedOf(board.id)).toEqual(MEMBERS);
    expect(await pendingOf(board.id)).toBe(false);
    const entries = await historyOf(two.a.db, 'passport.leaderboards.rewards.reissue', [board.id]);
    expect(entries).toEqual([{ target: board.id, actor: SCHEDULER_ACTOR }]);

    // Run again: nothing left to grant, nothing granted or written twice, and no reset (the schedule moved on).
    expect(await runJobOnBoth()).toBe(1);
    expect(await rewardedOf(board.id)).toEqual(MEMBERS);
    expect(await historyOf(two.a.db, 'passport.leaderboards.rewards.reissue', [board.id])).toHaveLength(1);
    expect(await historyOf(two.a.db, 'passport.leaderboards.reset', [board.id])).toHaveLength(0);
  });

  it('made by the job through both instances are granted once, with the reset, and none is left pending', async () => {
    const board = await dueBoardWithScores('pending-granted');
    expect(await runJobOnBoth()).toBe(1);
    expect(await rewardedOf(board.id)).toEqual(MEMBERS);
    expect(await pendingOf(board.id)).toBe(false);
    const resets = await two.a.db.query<{ actor: string; after: { rewards: unknown } }>(
      "SELECT actor, after FROM audit_log WHERE action = 'passport.leaderboards.reset' AND target = $1",
      [board.id],
    );
    expect(resets.rows).toEqual([{ actor: SCHEDULER_ACTOR, after: expect.objectContaining({ archivedVersion: 1, rewards: { entitled: 5, created: 5 } }) }]);
    expect(await historyOf(two.a.db, 'passport.leaderboards.rewards.reissue', [board.id])).toHaveLength(0);
  });
});
