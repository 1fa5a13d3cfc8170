import { afterEach, describe, expect, it, vi } from 'vitest';
import { passport } from '../../resources/passport';
import type { Ctx } from '../../server/context';
import { buildModel } from '../../server/engine/model';
import { SCHEDULER_INTERVAL_MS, startScheduler } from '../../server/services/passport/leaderboards/schedule';

const boards = passport.resources.find((r) => r.name === 'leaderboards')!;
const models = new Map([['passport/leaderboards', buildModel(passport, boards)]]);

afterEach(() => {
  vi.useRealTimers();
});

describe('the reset scheduler', () => {
  it('looks for due resets every interval until the server stops it', async () => {
    vi.useFakeTimers();
    const query = vi.fn(async () => ({ rows: [], rowCount: 0 }));
    const ctx = { db: { query }, models } as unknown as Ctx;
    let stop: (() => void) | undefined;
    startScheduler(ctx, (s) => (stop = s), () => undefined);
    expect(query).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SCHEDULER_INTERVAL_MS);
    expect(query).toHaveBeenCalledTimes(1);
    expect(String((query.mock.calls[0] as unknown[])[0])).toContain('nextRunAt');
    await vi.advanceTimersByTimeAsync(SCHEDULER_INTERVAL_MS);
    expect(query).toHaveBeenCalledTimes(2);
    stop!();
    await vi.advanceTimersByTimeAsync(5 * SCHEDULER_INTERVAL_MS);
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('reports a failed round and keeps going', async () => {
    vi.useFakeTimers();
    const query = vi.fn(async () => {
      throw new Error('database away');
    });
    const log = vi.fn();
    let stop: (() => void) | undefined;
    startScheduler({ db: { query }, models } as unknown as Ctx, (s) => (stop = s), log);
    await vi.advanceTimersByTimeAsync(2 * SCHEDULER_INTERVAL_MS);
    expect(log).toHaveBeenCalledTimes(2);
    stop!();
  });
});
