import type { Db } from '../db';
import { lockNames } from '../db/locks';

/** An instance deletes the failures that left the window at most this often. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Counts password sign-in attempts per key (address + e-mail) within a sliding window, in the database, so every
 * instance on it counts the same attempts. An attempt is counted before the password is checked, in the statement
 * that decides whether it may go on: past the limit the key is refused until its oldest attempt leaves the window,
 * and attempts arriving together (on one instance or several) cannot pass the limit. A right password clears the
 * key, so only failures stay counted.
 */
export class FailureLimiter {
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an attempt for `key` and answers true, or answers false (nothing counted) when the key is at the limit. */
  async attempt(key: string): Promise<boolean> {
    await this.prune();
    return this.db.transaction(async (tx) => {
      await lockNames(tx, [`sign-in-failures|${key}`]);
      const counted = await tx.query(
        `INSERT INTO sign_in_failures (key)
         SELECT $1 WHERE (SELECT count(*) FROM sign_in_failures WHERE key = $1 AND at > now() - make_interval(secs => $3)) < $2
         RETURNING 1`,
        [key, this.limit, this.windowMs / 1000],
      );
      return counted.rows.length > 0;
    });
  }

  /** Forgets the key's attempts (a right password). */
  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await this.db.query('DELETE FROM sign_in_failures WHERE at <= now() - make_interval(secs => $1)', [this.windowMs / 1000]);
  }
}
