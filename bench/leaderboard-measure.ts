/** What the leaderboard bench measures with: latency percentiles, timed reads, and concurrent submissions. */
import type { Ctx } from '../server/context';
import type { Board } from '../server/services/passport/leaderboards/board';
import { submitScore } from '../server/services/passport/leaderboards/scores';

export interface Latency {
  p50: number;
  p99: number;
  samples: number;
}

export function latency(ms: number[]): Latency {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  return { p50: at(0.5), p99: at(0.99), samples: sorted.length };
}

/** Times `run` one call after another, `samples` times or until `budgetMs` has passed. */
export async function timed(samples: number, run: (i: number) => Promise<unknown>, budgetMs = Infinity): Promise<Latency> {
  const ms: number[] = [];
  const until = performance.now() + budgetMs;
  for (let i = 0; i < samples && performance.now() < until; i++) {
    const t = performance.now();
    await run(i);
    ms.push(performance.now() - t);
  }
  return latency(ms);
}

/** A member of a board loaded with `size` scores, spread over the whole ranking (a multiplicative walk modulo the size). */
export const memberOf = (size: number, i: number) => `m${((i * 7_919) % size) + 1}`;

/**
 * Concurrent submissions through the code for `seconds`, by `callers` callers on each server of `servers` (a
 * caller keeps to one server): nine in ten for members already ranked, the rest new.
 */
export async function submissions(
  servers: Ctx[],
  board: Board,
  opts: { size: number; seconds: number; callers: number },
): Promise<{ perSecond: number; latency: Latency }> {
  const ms: number[] = [];
  let n = 0;
  const until = performance.now() + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.callers * servers.length }, async (_, worker) => {
      const ctx = servers[worker % servers.length];
      while (performance.now() < until) {
        const i = n++;
        const member = i % 10 === 9 ? `new-${worker}-${i}` : memberOf(opts.size, i * 31 + worker);
        const t = performance.now();
        await submitScore(ctx, board, member, (i * 48_271) % 1_000_003, null);
        ms.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: ms.length / opts.seconds, latency: latency(ms) };
}
