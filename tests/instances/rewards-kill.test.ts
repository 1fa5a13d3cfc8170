/**
 * An instance killed (SIGKILL: a real server process) after its scheduled reset closed a leaderboard version and
 * before the rewards were granted: the version is closed once, its rewards are pending, and the other instance's run
 * of the resets job grants every reward once.
 */
import { describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { buildModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { demoAppCredential, sleep } from '../faults/server-process';
import { historyOf } from './job-fixtures';
import { killedInstanceFixture } from './kill-fixture';

/** Enough rewarded members that the grant takes a while after the close has committed. */
const MEMBERS = 60_000;
const LEASE_MS = 2_000;
const RESETS_JOB = 'passport.leaderboards.scheduled-resets';
const LB = `${passport.base}/leaderboards`;

const { db: database, a: processA, startB, one } = killedInstanceFixture(LEASE_MS);

const boards = buildModel(passport, passport.resources.find((r) => r.name === 'leaderboards')!);


/**
 * Through A's API: a board rewarding every member, its first version scored by MEMBERS members, on a daily schedule
 * whose next run has passed (as the clock would have it). Answers its id.
 */
async function dueBoard(): Promise<string> {
  const { appId, authorization } = await demoAppCredential(processA().url);
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${processA().url}${path}`, { method, headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const payload = { name: 'Killed', slugName: 'killed', updateType: 'KeepBest', memberType: 'Entity', sortOrder: 'Desc', rewards: [{ items: [{ resource: 'gem', amount: 1 }] }] };
  const id = String((await send('POST', LB, payload)).id);
  await send('POST', `${LB}/${id}/members/m-0/scores`, { score: 1 });
  // The other members' scores, written as the score statement writes them (rank key: minus the score on a Desc board).
  await database().query(
    `INSERT INTO leaderboard_scores (board_id, version, app_id, member_id, score, rank_key, reached_us, revision)
     SELECT board_id, 1, app_id, 'm-' || i, i, -i, i, nextval('leaderboard_score_revision')
       FROM leaderboard_versions, generate_series(1, $2 - 1) AS i WHERE board_id = $1 AND version = 1`,
    [id, MEMBERS],
  );
  await send('POST', `${LB}/${id}/schedule`, { cron: '0 0 * * *' });
  const nextRunAt = new Date(Date.now() - 60_000).toISOString();
  await records(database(), boards).update(appId, { id }, { set: { schedule: { cron: '0 0 * * *', timezone: 'UTC', nextRunAt } } });
  return id;
}

/** Waits until A's run has closed the version (its rewards marked pending), and kills A there. */
async function killAfterTheClose(boardId: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (await one('SELECT count(*)::int AS n FROM leaderboard_versions WHERE board_id = $1 AND version = 1 AND rewards_pending', [boardId])) {
      await processA().kill();
      return;
    }
    await sleep(20);
  }
  throw new Error(`the reset did not close the version:\n${processA().output()}`);
}

describe('an instance killed between a scheduled close and its rewards', () => {
  it('leaves the rewards pending, and the other instance grants each once', async () => {
    const boardId = await dueBoard();
    await database().query('UPDATE jobs SET due_at = now() WHERE name = $1', [RESETS_JOB]);

    await killAfterTheClose(boardId);
    expect(await one('SELECT count(*)::int AS n FROM leaderboard_rewards WHERE board_id = $1', [boardId])).toBe(0);
    expect(await historyOf(database(), 'passport.leaderboards.reset', [boardId])).toHaveLength(0);

    await startB();
    const pending = () => one('SELECT count(*)::int AS n FROM leaderboard_versions WHERE board_id = $1 AND rewards_pending', [boardId]);
    for (let i = 0; i < 1200 && (await pending()) > 0; i++) await sleep(100);
    expect(await pending()).toBe(0);
    expect(await one('SELECT count(DISTINCT member_id)::int AS n FROM leaderboard_rewards WHERE board_id = $1 AND version = 1', [boardId])).toBe(MEMBERS);
    expect(await one('SELECT count(*)::int AS n FROM leaderboard_rewards WHERE board_id = $1', [boardId])).toBe(MEMBERS);
    expect(await one('SELECT count(*)::int AS n FROM leaderboard_versions WHERE board_id = $1 AND ended_at IS NOT NULL', [boardId])).toBe(1);
    expect(await historyOf(database(), 'passport.leaderboards.rewards.reissue', [boardId])).toEqual([{ target: boardId, actor: 'system:scheduler' }]);
  }, 240_000);
});
