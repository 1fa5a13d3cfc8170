/**
 * Matchmaking's part of `npm run bench` (alone: `npx tsx bench/match.ts`): one tick of the matchmaker's function over
 * 10,000 waiting tickets (five-on-five, a skill difference rule that relaxes, an equal rule on the mode, two regions),
 * when the tickets have just arrived and when they have all waited past the relaxations, beside the least any
 * matchmaker does with such a pool in the same run — grouping it by region and mode and sorting each group by skill —
 * the median of a few runs each, and the ratios.
 */
import { pathToFileURL } from 'node:url';
import { formMatches, type MatchConfig } from '../server/services/match/matchmaker';
import { generateTickets } from '../server/services/match/simulate';

const TICKETS = Number(process.env.BENCH_MATCH_TICKETS ?? 10_000);
const RUNS = Number(process.env.BENCH_MATCH_RUNS ?? 7);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timed(run: () => unknown): number {
  const t = performance.now();
  run();
  return performance.now() - t;
}

export async function runMatchBench(): Promise<void> {
  const config: MatchConfig = {
    teams: [{ name: 'a', size: 5 }, { name: 'b', size: 5 }],
    regions: ['eu', 'us'],
    rules: [
      { name: 'skill', attribute: 'skill', kind: 'difference', maxDifference: 50, relaxations: [{ afterSeconds: 10, maxDifference: 200 }, { afterSeconds: 30, maxDifference: 600 }] },
      { name: 'mode', attribute: 'mode', kind: 'equal' },
    ],
  };
  const pool = generateTickets({
    tickets: TICKETS,
    arrivalSeconds: 10,
    attributes: [
      { name: 'skill', distribution: 'normal', mean: 1500, sd: 400 },
      { name: 'mode', distribution: 'values', values: [{ value: 'ctf', weight: 2 }, { value: 'dm', weight: 1 }] },
    ],
    regions: [{ name: 'eu', weight: 1 }, { name: 'us', weight: 1 }],
    seed: 42,
  });
  const baseline = median(
    Array.from({ length: RUNS }, () =>
      timed(() => {
        const groups = new Map<string, typeof pool>();
        for (const t of pool) {
          const key = `${t.regions?.[0]}|${t.attributes?.mode}`;
          const g = groups.get(key) ?? [];
          g.push(t);
          groups.set(key, g);
        }
        for (const g of groups.values()) g.sort((x, y) => Number(x.attributes?.skill) - Number(y.attributes?.skill));
      }),
    ),
  );
  let formed = 0;
  const fresh = median(Array.from({ length: RUNS }, () => timed(() => (formed = formMatches(config, pool, 10_000).length))));
  let relaxedFormed = 0;
  const relaxed = median(Array.from({ length: RUNS }, () => timed(() => (relaxedFormed = formMatches(config, pool, 60_000).length))));
  console.log(`\nmatch: one matchmaker tick over ${TICKETS} waiting tickets (5v5, skill difference relaxing 50 → 200 → 600, equal mode, 2 regions), median of ${RUNS} runs`);
  console.log(`  baseline (group by region and mode, sort each group by skill): ${baseline.toFixed(2)} ms`);
  console.log(`  tick, tickets just arrived: ${fresh.toFixed(2)} ms, ${formed} matches; ratio to baseline: ${(fresh / baseline).toFixed(1)}×`);
  console.log(`  tick, every ticket waited 60 s: ${relaxed.toFixed(2)} ms, ${relaxedFormed} matches; ratio to baseline: ${(relaxed / baseline).toFixed(1)}×`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runMatchBench();
