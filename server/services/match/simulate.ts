/**
 * The rule test: a dry run of a config against generated tickets. Tickets arrive evenly over `arrivalSeconds`, their
 * attributes drawn from the given distributions (a seeded generator: the same input draws the same tickets), and the
 * matchmaker's own `formMatches` runs every `tickSeconds` of simulated time until every ticket is matched or timed
 * out. Nothing is stored. Answers the match rate, the waiting times and the teams' balance.
 */
import { balanceAttribute, formMatches, type AttributeValue, type MatchConfig, type PoolTicket } from './matchmaker';

export interface GeneratedAttribute {
  name: string;
  distribution: 'normal' | 'uniform' | 'values';
  mean?: number;
  sd?: number;
  min?: number;
  max?: number;
  values?: { value: string; weight: number }[];
}

export interface ConfigTestInput {
  tickets: number;
  arrivalSeconds?: number;
  tickSeconds?: number;
  attributes?: GeneratedAttribute[];
  regions?: { name: string; weight: number }[];
  seed?: number;
}

/** The most ticks a test runs: a longer run takes longer ticks. */
export const MAX_TICKS = 3000;
const TIMELINE_POINTS = 120;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const byWeight = <T extends { weight: number }>(items: T[], r: number): T | undefined => {
  const total = items.reduce((s, i) => s + i.weight, 0);
  if (total <= 0) return undefined;
  let x = r * total;
  for (const i of items) {
    x -= i.weight;
    if (x < 0) return i;
  }
  return items[items.length - 1];
};

function draw(a: GeneratedAttribute, rand: () => number): AttributeValue | undefined {
  if (a.distribution === 'values') {
    const v = byWeight(a.values ?? [], rand())?.value;
    if (v === undefined) return undefined;
    return v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
  }
  if (a.distribution === 'uniform') {
    const lo = a.min ?? 0;
    const hi = a.max ?? lo + 1;
    return lo + rand() * (hi - lo);
  }
  // Box-Muller; bounded by min and max when given.
  const u = Math.max(rand(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  const v = (a.mean ?? 0) + z * (a.sd ?? 1);
  return Math.min(a.max ?? Infinity, Math.max(a.min ?? -Infinity, v));
}

export interface SimTicket extends PoolTicket {
  arrival: number;
}

/** The tickets of a test, in arrival order. */
export function generateTickets(input: ConfigTestInput): SimTicket[] {
  const rand = seeded(input.seed ?? 1);
  const spread = input.arrivalSeconds ?? 60;
  return Array.from({ length: input.tickets }, (_, i) => {
    const arrival = input.tickets > 1 ? (spread * i) / (input.tickets - 1) : 0;
    const attributes: Record<string, AttributeValue> = {};
    for (const a of input.attributes ?? []) {
      const v = draw(a, rand);
      if (v !== undefined) attributes[a.name] = v;
    }
    const region = input.regions?.length ? byWeight(input.regions, rand())?.name : undefined;
    return { id: `t${i}`, arrival, createdMs: arrival * 1000, attributes, ...(region ? { regions: [region] } : {}) };
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/** Ten equal buckets from 0 to the largest value. */
function histogram(values: number[]) {
  const top = Math.max(0, ...values);
  const width = top > 0 ? top / 10 : 1;
  const buckets = Array.from({ length: 10 }, (_, i) => ({ from: round(i * width), to: round((i + 1) * width), tickets: 0 }));
  for (const v of values) buckets[Math.min(9, Math.floor(v / width))].tickets += 1;
  return buckets;
}

/** Runs the test (see the file's comment). */
export function simulate(config: MatchConfig, input: ConfigTestInput) {
  const tickets = generateTickets(input);
  const timeout = config.timeoutSeconds ?? 120;
  const end = (input.arrivalSeconds ?? 60) + timeout;
  const tick = Math.max(input.tickSeconds ?? 1, end / MAX_TICKS);
  const waits: number[] = [];
  const spreads: number[] = [];
  const timeline: { second: number; waiting: number; matched: number }[] = [];
  let pool: SimTicket[] = [];
  let next = 0;
  let matches = 0;
  let timedOut = 0;
  let ticks = 0;
  const every = Math.max(1, Math.ceil(end / tick / TIMELINE_POINTS));
  const balanceBy = balanceAttribute(config);
  for (let now = 0; now <= end + tick && (next < tickets.length || pool.length); now += tick) {
    ticks += 1;
    while (next < tickets.length && tickets[next].arrival <= now) pool.push(tickets[next++]);
    const formed = formMatches(config, pool, now * 1000);
    const taken = new Set<string>();
    for (const m of formed) {
      matches += 1;
      spreads.push(m.balance);
      for (const team of m.teams) {
        for (const t of team.tickets) {
          taken.add(t.id);
          waits.push(now - t.arrival);
        }
      }
    }
    pool = pool.filter((t) => {
      if (taken.has(t.id)) return false;
      if (now - t.arrival >= timeout) return (timedOut += 1), false;
      return true;
    });
    if (ticks % every === 0) timeline.push({ second: round(now, 1), waiting: pool.length, matched: waits.length });
  }
  const sortedWaits = [...waits].sort((a, b) => a - b);
  const sortedSpreads = [...spreads].sort((a, b) => a - b);
  return {
    tickets: tickets.length,
    matched: waits.length,
    timedOut,
    waiting: pool.length,
    matches,
    matchRate: round(waits.length / tickets.length, 4),
    ticks,
    tickSeconds: round(tick, 3),
    wait: { p50: round(percentile(sortedWaits, 50)), p90: round(percentile(sortedWaits, 90)), p99: round(percentile(sortedWaits, 99)), max: round(sortedWaits.at(-1) ?? 0), mean: round(waits.reduce((s, w) => s + w, 0) / Math.max(1, waits.length)) },
    waitHistogram: histogram(waits),
    balance: { attribute: balanceBy ?? '', mean: round(spreads.reduce((s, w) => s + w, 0) / Math.max(1, spreads.length)), p90: round(percentile(sortedSpreads, 90)), max: round(sortedSpreads.at(-1) ?? 0) },
    balanceHistogram: histogram(spreads),
    timeline,
  };
}
