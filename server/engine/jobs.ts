import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import type { Api } from './api';

/**
 * Work the server does at a time, once across every instance on the database (ADR 0018): a row of the `jobs` table
 * that one instance claims with a lease, runs, and hands back with its next due time. An instance that dies mid-run
 * leaves the lease to run out, and another instance takes the job over; each job's steps are idempotent (conditional
 * moves, claimed days, rewards keyed by member), so what the dead one finished is not done twice. A run longer than
 * its lease renews it while it runs, so a live run is never taken over.
 */
export interface Job {
  /** Its row in `jobs`: one name per job across the whole server. */
  name: string;
  /** Time from the end of one run until the job is due again. */
  everyMs: number;
  run: () => Promise<unknown>;
}

/** Who holds a lease: this process and one started job runner of it (two instances may share a process in tests). */
export const newOwner = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Claims the job when it is due and no live lease holds it: answers whether this owner now holds it. */
export async function claimJob(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const claimed = await db.query(
    `UPDATE jobs SET lease_until = now() + $3 * interval '1 millisecond', owner = $2
      WHERE name = (SELECT name FROM jobs WHERE name = $1 AND due_at <= now() AND (lease_until IS NULL OR lease_until < now())
                    FOR UPDATE SKIP LOCKED)
      RETURNING name`,
    [name, owner, leaseMs],
  );
  return claimed.rows.length === 1;
}

/** Extends this owner's lease to `leaseMs` from now; answers whether it still held it. */
export async function renewLease(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const renewed = await db.query(
    `UPDATE jobs SET lease_until = now() + $3 * interval '1 millisecond' WHERE name = $1 AND owner = $2 RETURNING name`,
    [name, owner, leaseMs],
  );
  return renewed.rows.length === 1;
}

/** How often a running job renews its lease, as a share of the lease: thrice per lease, so one late renewal is not fatal. */
const RENEWALS_PER_LEASE = 3;

/** Hands the job back (if this owner still holds it): due again after `everyMs`, with the error of this run if any. */
async function finishJob(db: Db, name: string, owner: string, everyMs: number, error: string | null): Promise<void> {
  await db.query(
    `UPDATE jobs SET due_at = now() + $3 * interval '1 millisecond', lease_until = NULL, owner = NULL, last_error = $4
      WHERE name = $1 AND owner = $2`,
    [name, owner, everyMs, error],
  );
}

/**
 * Runs the job if it is due and free; answers whether it ran here. While it runs its lease is renewed, so a run
 * longer than the lease keeps the job (a renewal that fails is tried again at the next; only a process that stops
 * renewing, dead or cut from the database, lets the lease run out). A failed run is logged in `last_error`.
 */
export async function runJobIfDue(db: Db, job: Job, owner: string, leaseMs: number): Promise<boolean> {
  if (!(await claimJob(db, job.name, owner, leaseMs))) return false;
  const renewal = setInterval(() => void renewLease(db, job.name, owner, leaseMs).catch(() => undefined), leaseMs / RENEWALS_PER_LEASE);
  renewal.unref();
  let error: string | null = null;
  try {
    await job.run();
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    clearInterval(renewal);
    await finishJob(db, job.name, owner, job.everyMs, error);
  }
  return true;
}

/**
 * The one way a server runs work on a timer: registers the job (due at once when new), looks for it every
 * `min(everyMs, leaseMs / 2)` while the server runs, and stops with the server. `leaseMs` is `JOB_LEASE_MS`.
 */
export function startJob(api: Api, db: Db, job: Job, leaseMs: number): void {
  const owner = newOwner();
  const log = (err: unknown) => api.app.log.error({ err, job: job.name }, 'job failed');
  const registered = db.query('INSERT INTO jobs (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [job.name]);
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    registered
      .then(() => runJobIfDue(db, job, owner, leaseMs))
      .catch(log)
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, Math.min(job.everyMs, leaseMs / 2));
  timer.unref();
  registered.catch(log);
  api.app.addHook('onClose', async () => clearInterval(timer));
}
