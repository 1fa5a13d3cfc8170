/**
 * The mixed scenario's operations, the same whichever way they are carried out (over HTTP or as SQL issued
 * directly): reads of one config of a random app, and updates carrying the version last seen. Each connection
 * updates only its own share of the records, so a write never meets a stale version and every answer is a success.
 */

export interface MixOptions {
  apps: number;
  /** Configs per app; config `i` of app `a` has the id `recordId(a, i)`. */
  perApp: number;
  connections: number;
  seconds: number;
  /** Share of operations that are reads (the rest are writes). */
  readShare: number;
}

export type Op =
  | { kind: 'read'; app: number; id: string }
  | { kind: 'write'; app: number; id: string; version: number; data: Record<string, unknown> };

/** Carries out one operation; a write answers the record's new version. Throws on any failure. */
export type Exec = (op: Op) => Promise<number | void>;

export interface MixStats {
  ops: number;
  reads: number;
  writes: number;
  errors: number;
  /** The first few failures, to say what went wrong. */
  errorSamples: string[];
  /** Operations per second. */
  throughput: number;
  p50: number;
  p99: number;
}

export const recordId = (app: number, i: number) => `cfg-${app}-${i}`;

/** The stored fields of config `i` (as seeded), with a value of its own. */
export function configData(i: number, value: number): Record<string, unknown> {
  return { key: `key_${String(i).padStart(6, '0')}`, type: 'INT', value: String(value), variableType: 'keyValue', description: `bench config ${i}` };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);

/**
 * Runs `connections` loops for `seconds`, each choosing reads and writes at the configured shares, and measures
 * every operation. `versions` holds each record's current version (updated as writes succeed).
 */
export async function runMix(opts: MixOptions, versions: Map<string, number>, exec: Exec): Promise<MixStats> {
  const latencies: number[] = [];
  const stats = { reads: 0, writes: 0, errors: 0, errorSamples: [] as string[] };
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const pick = (n: number) => Math.floor(Math.random() * n);

  const loop = async (connection: number) => {
    // Records this connection may update: those whose number falls to it.
    const own = Math.floor((opts.perApp - connection - 1) / opts.connections) + 1;
    while (performance.now() < until) {
      const app = pick(opts.apps);
      let op: Op;
      if (Math.random() < opts.readShare) {
        op = { kind: 'read', app, id: recordId(app, 1 + pick(opts.perApp)) };
      } else {
        const i = connection + 1 + pick(own) * opts.connections;
        const id = recordId(app, i);
        op = { kind: 'write', app, id, version: versions.get(id) ?? 1, data: configData(i, pick(1_000_000)) };
      }
      const t = performance.now();
      try {
        const version = await exec(op);
        latencies.push(performance.now() - t);
        if (op.kind === 'write') {
          stats.writes++;
          if (typeof version === 'number') versions.set(op.id, version);
        } else stats.reads++;
      } catch (err) {
        stats.errors++;
        if (stats.errorSamples.length < 5) stats.errorSamples.push(`${op.kind} ${op.id}: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, c) => loop(c)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ops = stats.reads + stats.writes;
  return { ...stats, ops, throughput: ops / elapsed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}
