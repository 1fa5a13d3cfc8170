/**
 * Work due at a time across two instances: a timed state move made by both at once is made once, with one history
 * entry; a scheduled leaderboard reset whose job both instances look for runs on one and closes the version once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { modelOf } from '../../server/context';
import { newOwner, runJobIfDue } from '../../server/engine/jobs';
import { records } from '../../server/engine/query';
import { advanceTimedStates } from '../../server/engine/timed-states';
import { scheduledResetsJob } from '../../server/services/passport/leaderboards/schedule';
import { insertDueClasses, historyOf } from './job-fixtures';
import { startTwoInstances, type TwoInstances } from './two-instances';

const HOUR = 3600_000;
const LB = `${passport.base}/leaderboards`;
const LEASE_MS = 60_000;

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

describe('timed state moves', () => {
  it('made by both instances at once: each record moves once, with one history entry', async () => {
    const ids = await insertDueClasses(two.a.db, two.a.ctx, two.appId, 400, new Date(Date.now() + HOUR));
    const later = new Date(Date.now() + 2 * HOUR);
    const moved = await Promise.all([two.a, two.b, two.a, two.b].map((i) => advanceTimedStates(i.ctx, later)));
    expect(moved.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const stored = await records(two.b.db, modelOf(two.b.ctx, 'passport', 'tokenClasses')).find(two.appId, { where: { id: { $in: ids } } });
    expect(stored.map((r) => r.status)).toEqual(ids.map(() => 'active'));
    const history = await historyOf(two.a.db, 'passport.tokenClasses.schedule', ids);
    expect(history.length).toBe(ids.length);
    expect(new Set(history.map((h) => h.target)).size).toBe(ids.length);
    expect(new Set(history.map((h) => h.actor))).toEqual(new Set(['system:schedule']));
  });
});

describe('a scheduled leaderboard reset', () => {
  it('runs once: one instance takes the job, the version is closed once, with one history entry', async () => {
    const headers = { authorization: two.basic };
    const payload = { name: 'Scheduled', slugName: 'scheduled', updateType: 'KeepBest', memberType: 'Entity', sortOrder: 'Desc' };
    const created = await two.a.req({ method: 'POST', url: LB, headers, payload });
    expect(created.statusCode, created.body).toBe(201);
    const boardId = String(created.json().id);
    const scheduled = await two.b.req({ method: 'POST', url: `${LB}/${boardId}/schedule`, headers, payload: { cron: '0 0 * * *' } });
    expect(scheduled.statusCode, scheduled.body).toBeLessThan(300);
    const boards = records(two.a.db, modelOf(two.a.ctx, 'passport', 'leaderboards'));
    const due = new Date(Date.now() - 60_000).toISOString();
    await boards.update(two.appId, { id: boardId }, { set: { schedule: { cron: '0 0 * * *', timezone: 'UTC', nextRunAt: due } } });
    await two.a.db.query("UPDATE jobs SET due_at = now() - interval '1 second', lease_until = NULL WHERE name = $1", [
      scheduledResetsJob(two.a.ctx, () => undefined).name,
    ]);

    const ran = await Promise.all(
      [two.a, two.b, two.b, two.a].map((i) => runJobIfDue(i.db, scheduledResetsJob(i.ctx, (err) => console.error(err)), newOwner(), LEASE_MS)),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    const resets = await historyOf(two.b.db, 'passport.leaderboards.reset', [boardId]);
    expect(resets).toHaveLength(1);
    const board = (await boards.find(two.appId, { where: { id: boardId } }))[0];
    expect(Date.parse(String((board.schedule as { nextRunAt: string }).nextRunAt))).toBeGreaterThan(Date.parse(due));
    expect(resets[0].actor).toBe('system:scheduler');
  });
});
