import type { Job } from '../engine/jobs';
import type { Db } from './types';

/** A table is measured again once it has grown by a tenth (and at least 8 pages) since it was last measured. */
const GROWTH = 1.1;
const MIN_PAGES = 8;

/**
 * The embedded database has no autovacuum, so nothing gathers its planner statistics: a table that grew from empty
 * is planned as if it held no rows, and the planner takes any index — a bucket's entries walked in creation order
 * to find one path, a page of them sorted whole from an index on another field. Every few seconds this job measures
 * (`ANALYZE`) each table that grew since it was last measured, as autovacuum's analyze does on PostgreSQL, where the
 * job does nothing. Measuring sets the table's size that the next run compares with.
 */
export function plannerStatisticsJob(db: Db): Job {
  return {
    name: 'planner-statistics',
    everyMs: 15_000,
    run: async () => {
      if (db.kind !== 'pglite') return;
      const grown = await db.query<{ name: string }>(
        `SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'r'
            AND pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages * ${GROWTH}, c.relpages + ${MIN_PAGES})`,
      );
      for (const t of grown.rows) await db.query(`ANALYZE ${t.name}`);
    },
  };
}
