/**
 * The leaderboard scenario of `npm run bench`: one board holding BENCH_LB_SCORES (1,000,000) scores, loaded with bulk
 * SQL; then, through the leaderboards code in this process (the functions the routes call, without HTTP):
 * submissions per second from BENCH_LB_CONNECTIONS concurrent callers, and p50 / p99 of a member's rank and of the
 * top 100 — beside the same two reads issued directly as SQL. On the embedded database (in memory) and on
 * PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) names a server it may create a scratch database on.
 * Run it alone with `npx tsx bench/leaderboard.ts`.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Db } from '../server/db';
import { createAccount, createApp, createOrganization } from '../server/platform/accounts';
import { boardModel, boardOf, ensureVersion, type Board } from '../server/services/passport/leaderboards/board';
import { rankingPage, standingOf } from '../server/services/passport/leaderboards/scores';
import { stateOf } from '../server/services/passport/leaderboards/state';
import { twoInstanceFigures } from './leaderboard-instances';
import { memberOf, submissions, timed, type Latency } from './leaderboard-measure';
import { postgresStorage } from './load-storage';

const SCORES = Number(process.env.BENCH_LB_SCORES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_LB_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_LB_CONNECTIONS ?? 10);
/** Reads timed through the code, and directly as SQL (the direct rank count is slow: it stops after DIRECT_BUDGET_MS). */
const SAMPLES = 2000;
const DIRECT_SAMPLES = 200;
const DIRECT_BUDGET_MS = 30_000;
const LOAD_CHUNK = 100_000;

/** A member of the loaded board, spread over the whole ranking. */
const memberAt = (i: number) => memberOf(SCORES, i);

/** The bench app with passport, and one Entity board (KeepBest, descending) whose current version holds SCORES scores. */
async function seedBoard(db: Db, ctx: Awaited<ReturnType<typeof buildApp>>['ctx']): Promise<{ board: Board; insertSeconds: number }> {
  const owner = await createAccount(db, { email: 'lb-bench@example.com', password: 'lb-bench-password', name: 'Bench' });
  const org = await createOrganization(db, 'Leaderboard Bench Studio', owner);
  const appId = await createApp(db, org, 'Leaderboard Bench', ['passport']);
  const record = await ctx.store.insert(
    boardModel(ctx),
    appId,
    randomUUID(),
    { name: 'Bench', slugName: 'bench', updateType: 'KeepBest', memberType: 'Entity', sortOrder: 'Desc', tierStrategy: 'Rank', tiers: [], rewardStrategy: 'General', rewards: [] },
    null,
  );
  const board = boardOf(appId, record);
  await ensureVersion(db, board, 1);
  const started = performance.now();
  // Scores 0..1,000,002 spread pseudo-randomly (with ties), reached one microsecond apart.
  for (let from = 1; from <= SCORES; from += LOAD_CHUNK) {
    await db.query(
      `INSERT INTO leaderboard_scores (board_id, version, app_id, member_id, score, rank_key, reached_us, revision)
       SELECT $1, 1, $2, 'm' || i, s, -s, $3::bigint + i, nextval('leaderboard_score_revision')
         FROM (SELECT i, (i::bigint * 104729) % 1000003 AS s FROM generate_series($4::int, $5::int) AS i) AS x`,
      [board.id, appId, Date.now() * 1000 - 10 * SCORES, from, Math.min(SCORES, from + LOAD_CHUNK - 1)],
    );
  }
  await db.query('ANALYZE leaderboard_scores');
  return { board, insertSeconds: (performance.now() - started) / 1000 };
}

const LOAD = { size: SCORES, seconds: SECONDS, callers: CONNECTIONS };

const RANK_SQL = `SELECT count(*)::int + 1 AS rank FROM leaderboard_scores s,
    (SELECT rank_key, reached_us, member_id FROM leaderboard_scores WHERE board_id = $1 AND version = 1 AND member_id = $2) AS m
  WHERE s.board_id = $1 AND s.version = 1 AND (s.rank_key, s.reached_us, s.member_id) < (m.rank_key, m.reached_us, m.member_id)`;
const TOP_SQL = 'SELECT member_id, score, reached_us FROM leaderboard_scores WHERE board_id = $1 AND version = 1 ORDER BY rank_key, reached_us, member_id LIMIT 100';

/** The figures on one database; with `several`, those of a second instance beside the first on it too. */
async function measure(label: string, open: () => Promise<Db>, several = false): Promise<void> {
  const db = await open();
  const { app, ctx } = await buildApp(db, loadConfig({}));
  try {
    const { board, insertSeconds } = await seedBoard(db, ctx);
    // The index's heap is measured only when garbage can be collected first (node --expose-gc).
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const t = performance.now();
    await stateOf(ctx).indexes.get(board.id, 1);
    const indexSeconds = (performance.now() - t) / 1000;
    gc?.();
    const indexHeap = gc ? `, ~${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB of heap` : '';

    const rankCode = await timed(SAMPLES, (i) => standingOf(ctx, board, 1, memberAt(i)));
    const topCode = await timed(SAMPLES, () => rankingPage(ctx, board, 1, board.rules, { start: 0, count: 100 }));
    const topSql = await timed(DIRECT_SAMPLES, () => db.query(TOP_SQL, [board.id]));
    const rankSql = await timed(DIRECT_SAMPLES, (i) => db.query(RANK_SQL, [board.id, memberAt(i)]), DIRECT_BUDGET_MS);
    const submitted = await submissions([ctx], board, LOAD);

    const row = (name: string, l: Latency) =>
      `  ${name.padEnd(30)} ${l.p50.toFixed(3).padStart(10)} ${l.p99.toFixed(3).padStart(10)} ${String(l.samples).padStart(8)}`;
    console.log(`\nLeaderboard, ${SCORES.toLocaleString('en')} scores in one board — ${label}`);
    console.log(`  bulk insert ${insertSeconds.toFixed(1)} s; rank index loaded in ${indexSeconds.toFixed(1)} s${indexHeap}`);
    console.log(`  ${'read (one caller)'.padEnd(30)} ${'p50 ms'.padStart(10)} ${'p99 ms'.padStart(10)} ${'samples'.padStart(8)}`);
    console.log(row('rank of member, code', rankCode));
    console.log(row('rank of member, direct SQL', rankSql));
    console.log(row('top 100, code', topCode));
    console.log(row('top 100, direct SQL', topSql));
    console.log(
      `  submissions through the code (${CONNECTIONS} callers, ${SECONDS} s): ${submitted.perSecond.toFixed(0)} /s, p50 ${submitted.latency.p50.toFixed(2)} ms, p99 ${submitted.latency.p99.toFixed(2)} ms (targets on PostgreSQL: p99 ≤ 5 ms for rank and top 100, ≥ 2,000 submissions/s)`,
    );
    if (several) await twoInstanceFigures(open, ctx, board, submitted.perSecond, LOAD);
  } finally {
    await app.close();
    await db.close();
  }
}

export async function runLeaderboardBench(): Promise<void> {
  await measure('embedded (PGlite, in memory)', () => openDatabase({}));
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) {
    console.log('  Two instances (submissions, rank staleness): skipped, they need PostgreSQL (set DATABASE_URL).');
    return;
  }
  const storage = await postgresStorage(url);
  try {
    await measure('PostgreSQL', storage.open, true);
  } finally {
    await storage.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runLeaderboardBench();
