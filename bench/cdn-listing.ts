/**
 * Part of the asset streaming bench: listing a bucket of many entries (100,000 by default, BENCH_CDN_LISTED), the
 * time of one page (50 entries, the declared page size) asked over HTTP at random offsets, p50 and p99 of
 * BENCH_CDN_PAGES pages. The entries are seeded with the engine's bulk insert (one statement per 5,000), not entry
 * calls; the page's query plan on the embedded database is printed, to show it uses the entries' path index. Pages are
 * timed once the planner has measured the grown table, as the server's planner-statistics job does by itself.
 */
import { assetStreaming } from '../resources/asset-streaming';
import { modelOf, type Ctx } from '../server/context';
import { plannerStatisticsJob } from '../server/db/planner-statistics';
import { records } from '../server/engine/query';
import type { Data } from '../server/engine/store';

const LISTED = Number(process.env.BENCH_CDN_LISTED ?? 100_000);
const PAGES = Number(process.env.BENCH_CDN_PAGES ?? 200);
const PAGE_SIZE = 50;
const SEED_BATCH = 5000;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** The plan of the page query the list call sends, caught while one page is asked for. */
async function pagePlan(ctx: Ctx, ask: () => Promise<unknown>): Promise<string[]> {
  const db = ctx.db;
  const seen: { sql: string; params?: unknown[] }[] = [];
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: unknown[]) => (seen.push({ sql, params }), query(sql, params))) as typeof db.query;
  try {
    await ask();
  } finally {
    db.query = query;
  }
  const page = seen.find((s) => /kind = 'entries'/.test(s.sql) && /ORDER BY/i.test(s.sql));
  if (!page) return ['(the page query was not seen)'];
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.sql}`, page.params);
  return plan.rows.map((r) => r['QUERY PLAN']);
}

/**
 * Seeds `LISTED` entries into the bucket (copies of `sample`, one of its entries, under other paths), then asks for
 * pages at random offsets through `address` and prints p50 / p99.
 */
export async function runListingBench(ctx: Ctx, address: string, authorization: string, bucketId: string, appId: string, sample: Data): Promise<void> {
  const entries = records(ctx.db, modelOf(ctx, assetStreaming.name, 'entries'));
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...data } = sample;
  const seeding = performance.now();
  for (let from = 0; from < LISTED; from += SEED_BATCH) {
    const rows = Array.from({ length: Math.min(SEED_BATCH, LISTED - from) }, (_, i) => {
      const n = from + i;
      return { data: { ...data, bucketId, path: `listed/${String(Math.floor(n / 1000)).padStart(3, '0')}/${String(n).padStart(6, '0')}.bin` }, parentId: bucketId };
    });
    await entries.insertMany(appId, rows);
  }
  const seeded = (performance.now() - seeding) / 1000;
  const url = (offset: number) => `${address}${assetStreaming.base}/buckets/${bucketId}/entries/?offset=${offset}&limit=${PAGE_SIZE}`;
  const ask = async (offset: number) => {
    const res = await fetch(url(offset), { headers: { authorization } });
    if (res.status !== 200) throw new Error(`page at ${offset}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as unknown[];
    if (body.length !== PAGE_SIZE) throw new Error(`page at ${offset}: ${body.length} entries`);
  };
  const pages = async () => {
    const times: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const offset = Math.floor(Math.random() * (LISTED - PAGE_SIZE));
      const started = performance.now();
      await ask(offset);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return `p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms`;
  };
  // What the server does by itself within its next few seconds: measure the grown table for the planner.
  await plannerStatisticsJob(ctx.db).run();
  const plan = await pagePlan(ctx, () => ask(LISTED / 2));
  await ask(0);
  console.log(`  listing a bucket of ${LISTED} entries (seeded in ${seeded.toFixed(1)} s by bulk insert): ${PAGES} pages of ${PAGE_SIZE} at random offsets over HTTP, ${await pages()}`);
  console.log(`    the page's plan: ${plan.filter((l) => /Scan|Limit|Sort/.test(l)).map((l) => l.trim()).join(' | ')}`);
}
