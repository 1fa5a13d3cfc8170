/** Records and history read and written for the tests of work due at a time (jobs.test.ts, sweep-kill.test.ts). */
import type { Ctx } from '../../server/context';
import { modelOf } from '../../server/context';
import type { Queryable } from '../../server/db/types';
import { records } from '../../server/engine/query';

/**
 * `count` released gift packs of the app, waiting (pending) for a start at `start`: a timed move to active is due
 * on each once `start` has passed. Answers their ids.
 */
export async function insertDueClasses(db: Queryable, ctx: Ctx, appId: string, count: number, start: Date): Promise<string[]> {
  const tag = Math.random().toString(36).slice(2, 8);
  const data = (i: number) => ({ name: `Pack ${tag} ${i}`, contents: [], validFrom: start.toISOString() });
  const rows = Array.from({ length: count }, (_, i) => ({ data: data(i), status: 'pending' }));
  const inserted = await records(db, modelOf(ctx, 'passport', 'tokenClasses')).insertMany(appId, rows);
  return inserted.map((r) => String(r.id));
}

/** The operation history entries of `action` on these targets. */
export async function historyOf(db: Queryable, action: string, targets: string[]): Promise<{ target: string; actor: string }[]> {
  const found = await db.query<{ target: string; actor: string }>('SELECT target, actor FROM audit_log WHERE action = $1 AND target = ANY($2::text[])', [action, targets]);
  return found.rows;
}

/**
 * Keeps the instances' own timers off a job while a test looks at what is due: the test holds its lease for an hour
 * (a test that runs the job itself makes it due and frees the lease first).
 */
export async function holdJob(db: Queryable, name: string): Promise<void> {
  await db.query(
    `INSERT INTO jobs (name, owner, lease_until) VALUES ($1, 'a test', now() + interval '1 hour')
     ON CONFLICT (name) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until`,
    [name],
  );
}
