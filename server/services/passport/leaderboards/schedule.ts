import { CronExpressionParser } from 'cron-parser';
import type { Ctx } from '../../../context';
import { badRequest, conflict } from '../../../engine/errors';
import { workDue } from '../../../engine/due-rounds';
import type { Job } from '../../../engine/jobs';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { storedFields } from '../../../engine/write';
import type { Schedule } from '../../../../resources/leaderboards-api';
import { boardModel, type Board } from './board';
import { grantLeftRewards } from './pending-rewards';
import { resetBoard } from './reset';

/** Who closes versions on schedule, in the operation history. */
export const SCHEDULER_ACTOR = 'system:scheduler';

/**
 * The next `n` run times of a cron expression after `after`, or the reason it is not one we run: five fields
 * (minute, hour, day of month, month, day of week), without the randomised `H`.
 */
export function nextRuns(cron: string, timezone: string, after: Date, n: number): { runs: string[] } | { error: string } {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return { error: 'a schedule has five fields: minute, hour, day of month, month, day of week' };
  if (/h/i.test(cron)) return { error: 'a schedule cannot use H' };
  try {
    const expr = CronExpressionParser.parse(fields.join(' '), { currentDate: after, tz: timezone });
    return { runs: expr.take(n).map((d) => d.toDate().toISOString()) };
  } catch {
    return { error: 'not a valid cron expression' };
  }
}

/** The schedule of an expression from `after` on; 400 naming `cron` when it is not valid. */
export function scheduleFrom(cron: string, timezone: string, after: Date): Schedule {
  const next = nextRuns(cron, timezone, after, 1);
  if ('error' in next) throw badRequest([{ field: '/cron', message: next.error }]);
  if (next.runs.length === 0) throw badRequest([{ field: '/cron', message: 'the schedule never runs' }]);
  return { cron: cron.trim().split(/\s+/).join(' '), timezone, nextRunAt: next.runs[0] };
}

/**
 * Creates (`create`), replaces (`update`) or removes (`cancel`) a board's reset schedule. Creating over an existing
 * schedule, or updating or cancelling none, is an illegal transition (409). Answers the record before and after.
 */
export async function changeSchedule(
  ctx: Ctx,
  board: Board,
  change: { kind: 'create' | 'update'; schedule: Schedule } | { kind: 'cancel' },
  version = Number(board.record.version),
): Promise<{ before: Data; after: Data }> {
  const has = board.schedule !== undefined;
  if (change.kind === 'create' && has) throw conflict('INVALID_TRANSITION', 'the leaderboard already has a schedule');
  if (change.kind !== 'create' && !has) throw conflict('INVALID_TRANSITION', 'the leaderboard has no schedule');
  const m = boardModel(ctx);
  const data = storedFields(m, board.record);
  if (change.kind === 'cancel') delete data.schedule;
  else data.schedule = change.schedule;
  const after = await ctx.store.update(m, board.appId, board.id, { data, version });
  return { before: board.record, after };
}

/** Boards looked at per round of the scheduler. */
const DUE_BATCH = 100;

/**
 * Performs every reset that is due at `now`: closes the board's version, issues its rewards and moves its
 * schedule to the first run after `now` (runs missed while the server was down collapse into one reset). A board
 * that another server reset first, or whose schedule changed meanwhile, is left alone. Answers the boards reset.
 */
export const runDueResets = (ctx: Ctx, now: Date, log?: (err: unknown) => void): Promise<string[]> =>
  workDue({
    batch: DUE_BATCH,
    log,
    find: async (limit) => {
      const due = await records(ctx.db, boardModel(ctx)).findEverywhere({ where: { 'schedule.nextRunAt': { $lte: now } }, orderBy: 'schedule.nextRunAt', limit });
      return due.map(({ scopeId, record }) => ({ scopeId, id: String(record.id), due: scheduleOf(record).nextRunAt }));
    },
    keyOf: (row) => row.id,
    work: async (row) => {
      const nextSchedule = (record: Data) => scheduleFrom(scheduleOf(record).cron, scheduleOf(record).timezone, now);
      return (await resetBoard(ctx, row.scopeId, row.id, SCHEDULER_ACTOR, { dueAt: row.due, nextSchedule })) !== undefined;
    },
  });

const scheduleOf = (record: Data) => record.schedule as Schedule;

/** How often the scheduler looks for due resets. */
export const SCHEDULER_INTERVAL_MS = 30_000;

/**
 * Due resets as a job (engine/jobs.ts): every interval, on one instance at a time. Each run first grants the rewards
 * an earlier run left pending (stopped between a close and its grant), then makes the resets now due.
 */
export const scheduledResetsJob = (ctx: Ctx, log: (err: unknown) => void): Job => ({
  name: 'passport.leaderboards.scheduled-resets',
  everyMs: SCHEDULER_INTERVAL_MS,
  run: async () => {
    await grantLeftRewards(ctx, SCHEDULER_ACTOR, log);
    return runDueResets(ctx, new Date(), log);
  },
});
