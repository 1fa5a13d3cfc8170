/**
 * A perf session's measurements (`perf-run.ts`): each second's messages sent and received and round trips, and the
 * whole run's percentiles, throughput and bytes, in the fields of `schemas/usync/perf-session.json`.
 */

/** The value at `p` (0–1) of sorted values, by nearest rank; 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

const ms = (n: number) => Math.round(n * 100) / 100;

interface Second {
  sent: number;
  received: number;
  rtts: number[];
}

export class PerfTally {
  readonly seconds: Second[];
  sent = 0;
  received = 0;
  bytesSent = 0;
  bytesReceived = 0;
  errors = 0;

  constructor(durationSeconds: number, private readonly startedAt: number) {
    this.seconds = Array.from({ length: durationSeconds }, () => ({ sent: 0, received: 0, rtts: [] }));
  }

  /** The second of the run `at` falls in (a late echo counts in the last). */
  private at(at: number): Second {
    const i = Math.floor((at - this.startedAt) / 1000);
    return this.seconds[Math.min(this.seconds.length - 1, Math.max(0, i))];
  }

  noteSent(at: number, bytes: number): void {
    this.sent += 1;
    this.bytesSent += bytes;
    this.at(at).sent += 1;
  }

  /** A message given to a client; `rtt` when it was the client's own, back. */
  noteReceived(at: number, bytes: number, rtt?: number): void {
    this.received += 1;
    this.bytesReceived += bytes;
    const s = this.at(at);
    s.received += 1;
    if (rtt !== undefined) s.rtts.push(rtt);
  }

  /** The session's result fields, over `elapsedMs` of sending. */
  results(elapsedMs: number) {
    const all = this.seconds.flatMap((s) => s.rtts).sort((a, b) => a - b);
    const series = this.seconds.map((s, i) => {
      const sorted = [...s.rtts].sort((a, b) => a - b);
      return { second: i + 1, sent: s.sent, received: s.received, p50: ms(percentile(sorted, 0.5)), p99: ms(percentile(sorted, 0.99)) };
    });
    return {
      sent: this.sent,
      received: this.received,
      throughput: elapsedMs > 0 ? ms((this.received * 1000) / elapsedMs) : 0,
      bytesSent: this.bytesSent,
      bytesReceived: this.bytesReceived,
      errors: this.errors,
      latencyP50: ms(percentile(all, 0.5)),
      latencyP90: ms(percentile(all, 0.9)),
      latencyP99: ms(percentile(all, 0.99)),
      latencyMax: ms(all.at(-1) ?? 0),
      series,
    };
  }
}
