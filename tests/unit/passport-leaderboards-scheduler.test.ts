import { afterEach, describe, expect, it, vi } from 'vitest';
import { passport } from '../../resources/passport';
import type { Ctx } from '../../server/context';
import type { Api } from '../../server/engine/api';
import { startJob } from '../../server/engine/jobs';
import { buildModel } from '../../server/engine/model';
import { SCHEDULER_INTERVAL_MS, scheduledResetsJob } from '../../server/services/passport/leaderboards/schedule';

const boards = passport.resources.find((r) => r.name === 'leaderboards')!;
const models = new Map([['passport/leaderboards', buildModel(passport, boards)]]);
const LEASE_MS = 4 * SCHEDULER_INTERVAL_MS;

afterEach(() => {
  vi.useRealTimers();
});

/** A server whose close hooks the test runs, and a database whose jobs row is free (or held by another instance). */
function fixture(claimable: () => boolean, records: () => Promise<unknown>) {
  const closing: (() => Promise<void>)[] = [];
  const error = vi.fn();
  const api = { app: { log: { error }, addHook: (_: string, fn: () => Promise<void>) => closing.push(fn) } } as unknown as Api;
  const statements: string[] = [];
  const query = vi.fn(async (sql: string) => {
    statements.push(sql);
    if (sql.includes('UPDATE jobs SET lease_until')) return { rows: claimable() ? [{ name: 'x' }] : [], rowCount: 0 };
    if (sql.includes('FROM records')) return records();
    return { rows: [], rowCount: 0 };
  });
  const ctx = { db: { query }, models } as unknown as Ctx;
  return { api, ctx, error, statements, close: () => Promise.all(closing.map((fn) => fn())) };
}

const looks = (statements: string[]) => statements.filter((s) => s.includes('nextRunAt')).length;

describe('the reset scheduler (a job)', () => {
  it('looks for due resets each interval the job is claimed here, until the server closes', async () => {
    vi.useFakeTimers();
    const f = fixture(() => true, async () => ({ rows: [], rowCount: 0 }));
    startJob(f.api, f.ctx.db, scheduledResetsJob(f.ctx, () => undefined), LEASE_MS);
    expect(looks(f.statements)).toBe(0);
    await vi.advanceTimersByTimeAsync(SCHEDULER_INTERVAL_MS);
    expect(looks(f.statements)).toBe(1);
    expect(f.statements.some((s) => s.includes('UPDATE jobs SET due_at'))).toBe(true);
    await vi.advanceTimersByTimeAsync(SCHEDULER_INTERVAL_MS);
    expect(looks(f.statements)).toBe(2);
    await f.close();
    await vi.advanceTimersByTimeAsync(5 * SCHEDULER_INTERVAL_MS);
    expect(looks(f.statements)).toBe(2);
  });

  it('does nothing while another instance holds the job', async () => {
    vi.useFakeTimers();
    const f = fixture(() => false, async () => ({ rows: [], rowCount: 0 }));
    startJob(f.api, f.ctx.db, scheduledResetsJob(f.ctx, () => undefined), LEASE_MS);
    await vi.advanceTimersByTimeAsync(3 * SCHEDULER_INTERVAL_MS);
    expect(looks(f.statements)).toBe(0);
    await f.close();
  });

  it('reports a failed round, hands the job back with its error, and keeps going', async () => {
    vi.useFakeTimers();
    const f = fixture(() => true, async () => Promise.reject(new Error('database away')));
    startJob(f.api, f.ctx.db, scheduledResetsJob(f.ctx, () => undefined), LEASE_MS);
    await vi.advanceTimersByTimeAsync(2 * SCHEDULER_INTERVAL_MS);
    expect(f.error).toHaveBeenCalledTimes(2);
    const handedBack = f.ctx.db.query as unknown as { mock: { calls: unknown[][] } };
    expect(handedBack.mock.calls.filter(([sql, args]) => String(sql).includes('UPDATE jobs SET due_at') && (args as unknown[])[3] === 'database away')).toHaveLength(2);
    await f.close();
  });
});
