/**
 * The several-instance figures of the leaderboard bench (PostgreSQL only): a second server beside the first on the
 * same database, both in this process (each its own pool, score writer and rank index, kept current by the change
 * feed, as the two-instance tests run them; they share this machine's two cores and the database with each other).
 * - submissions through both servers (the same callers on each as the one-server figure had) against one;
 * - rank staleness: from the moment a score written through the first server is answered there until the second
 *   server answers a rank with it, p50 / p99, at rest (one write at a time) and while both take submissions.
 */
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Ctx } from '../server/context';
import type { Db } from '../server/db';
import type { Board } from '../server/services/passport/leaderboards/board';
import { standingOf, submitScore } from '../server/services/passport/leaderboards/scores';
import { stateOf } from '../server/services/passport/leaderboards/state';
import { latency, submissions, type Latency } from './leaderboard-measure';

const STALENESS_SAMPLES = 500;
/** A probe the second server has not answered after this long is counted as missed (and reported). */
const GIVE_UP_MS = 10_000;

let probes = 0;

/**
 * One probe: a new member's best score written through `writer`, then the second server asked (at every turn of
 * the event loop) for that member's standing until it answers with that score. Answers the milliseconds between
 * the writer's answer and the reader's, or undefined past GIVE_UP_MS.
 */
async function probe(writer: Ctx, reader: Ctx, board: Board): Promise<number | undefined> {
  probes += 1;
  const member = `probe-${probes}`;
  const score = 2_000_000 + probes;
  await submitScore(writer, board, member, score, null);
  const written = performance.now();
  for (;;) {
    const { standing } = await standingOf(reader, board, board.currentVersion, member);
    const now = performance.now();
    if (standing?.score === score) return now - written;
    if (now - written > GIVE_UP_MS) return undefined;
    await yieldToIo();
  }
}

/** Probes one after another, `samples` of them or, with `until`, as many as fit before it resolves. */
async function staleness(writer: Ctx, reader: Ctx, board: Board, samples: number, until?: Promise<unknown>): Promise<{ latency: Latency; missed: number }> {
  let done = false;
  void until?.then(() => (done = true));
  const ms: number[] = [];
  let missed = 0;
  for (let i = 0; until ? !done : i < samples; i++) {
    const took = await probe(writer, reader, board);
    if (took === undefined) missed += 1;
    else ms.push(took);
  }
  return { latency: latency(ms), missed };
}

const ms = (l: Latency) => (l.samples ? `p50 ${l.p50.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms (${l.samples} samples)` : 'none seen');

export async function twoInstanceFigures(
  open: () => Promise<Db>,
  first: Ctx,
  board: Board,
  onePerSecond: number,
  load: { size: number; seconds: number; callers: number },
): Promise<void> {
  const db = await open();
  const { app, ctx: second } = await buildApp(db, loadConfig({}));
  try {
    await stateOf(second).indexes.get(board.id, board.currentVersion);
    const two = await submissions([first, second], board, load);
    const atRest = await staleness(first, second, board, STALENESS_SAMPLES);
    const loading = submissions([first, second], board, load);
    const busy = await staleness(first, second, board, 0, loading);
    const underLoad = await loading;
    const missed = (n: number) => (n ? `, ${n} not seen within ${GIVE_UP_MS / 1000} s` : '');
    console.log(`  two instances on this database (in this process):`);
    console.log(
      `    submissions through both (${load.callers} callers each, ${load.seconds} s): ${two.perSecond.toFixed(0)} /s, p50 ${two.latency.p50.toFixed(2)} ms, p99 ${two.latency.p99.toFixed(2)} ms — ${(two.perSecond / onePerSecond).toFixed(2)} × one instance's ${onePerSecond.toFixed(0)} /s`,
    );
    console.log(`    rank staleness (written through A, answered by B), at rest: ${ms(atRest.latency)}${missed(atRest.missed)}`);
    console.log(
      `    rank staleness while both take submissions (${underLoad.perSecond.toFixed(0)} /s): ${ms(busy.latency)}${missed(busy.missed)}`,
    );
  } finally {
    await app.close();
    await db.close();
  }
}
