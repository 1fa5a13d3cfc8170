/**
 * A perf session's clients: N WebSocket clients connected to this server's own relay, each seated in the session's
 * room, sending timestamped messages of the session's size at its rate for its duration; each message goes to the
 * sender itself (its round trip is measured when it comes back) and to the next client (relayed traffic). Counts
 * what the relay throttles or refuses and connections lost as errors.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { PerfTally } from './perf-stats';

export interface Seat {
  playerId: string;
  token: string;
}

export interface RunPlan {
  /** `ws://host:port/<base>/relay`, this server's relay. */
  relay: string;
  roomId: string;
  seats: Seat[];
  durationSeconds: number;
  messageBytes: number;
  messagesPerSecond: number;
}

const CONNECT_MS = 10_000;
/** How long echoes still on their way are waited for once sending stops. */
const DRAIN_MS = 1_000;

class Stopped extends Error {}

/** A run that can be stopped (the server stopping): its clients closed, its promise rejected with `reason`. */
export class PerfRun {
  private sockets: WebSocket[] = [];
  private timers: NodeJS.Timeout[] = [];
  private stop?: (err: Error) => void;
  private readonly stopped = new Promise<never>((_, reject) => (this.stop = reject));

  constructor(private readonly plan: RunPlan) {
    this.stopped.catch(() => undefined);
  }

  /** Ends the run at once with `reason`. */
  abort(reason: string): void {
    this.stop?.(new Stopped(reason));
    this.close();
  }

  /** Every client connected and welcomed by the relay; rejects naming why one was not. */
  async connect(): Promise<void> {
    const { relay, roomId, seats } = this.plan;
    const one = (seat: Seat) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${relay}?roomId=${encodeURIComponent(roomId)}&token=${encodeURIComponent(seat.token)}`);
        this.sockets.push(ws);
        const timer = setTimeout(() => reject(new Error('a client was not welcomed by the relay in time')), CONNECT_MS);
        ws.once('message', (raw) => {
          clearTimeout(timer);
          const msg = JSON.parse(String(raw)) as { type?: string };
          if (msg.type === 'welcome') resolve();
          else reject(new Error(`the relay refused a client (${msg.type ?? 'unknown'})`));
        });
        ws.once('close', (code, why) => reject(new Error(`the relay refused a client (${code}${why.length ? `: ${why}` : ''})`)));
        ws.once('error', (err) => reject(new Error(`a client could not connect: ${err.message}`)));
      });
    await Promise.race([Promise.all(seats.map(one)), this.stopped]);
  }

  /** Sends for the duration, then waits for the last echoes; answers the measurements. */
  async send(): Promise<ReturnType<PerfTally['results']>> {
    const { seats, durationSeconds, messageBytes, messagesPerSecond } = this.plan;
    const start = performance.now();
    const tally = new PerfTally(durationSeconds, start);
    const pad = 'x'.repeat(messageBytes);
    const endAt = start + durationSeconds * 1000;
    seats.forEach((seat, i) => {
      const ws = this.sockets[i];
      const next = seats[(i + 1) % seats.length].playerId;
      const to = next === seat.playerId ? [seat.playerId] : [seat.playerId, next];
      ws.on('message', (raw: Buffer) => {
        const now = performance.now();
        const msg = JSON.parse(String(raw)) as { type?: string; from?: string; data?: { t?: number } };
        if (msg.type === 'message') tally.noteReceived(now, raw.length, msg.from === seat.playerId && typeof msg.data?.t === 'number' ? now - msg.data.t : undefined);
        else if (msg.type === 'throttled' || msg.type === 'error') tally.errors += 1;
      });
      ws.on('close', () => {
        if (performance.now() < endAt) tally.errors += 1;
      });
      let seq = 0;
      const tick = () => {
        const now = performance.now();
        if (now >= endAt || ws.readyState !== WebSocket.OPEN) return;
        const frame = JSON.stringify({ type: 'send', to, echo: true, data: { t: now, n: (seq += 1), pad } });
        ws.send(frame);
        tally.noteSent(now, Buffer.byteLength(frame));
      };
      // Clients start spread over the first interval, not all at once.
      const every = 1000 / messagesPerSecond;
      this.timers.push(setTimeout(() => (tick(), this.timers.push(setInterval(tick, every))), (every * i) / seats.length));
    });
    const wait = (ms: number) => new Promise((resolve) => this.timers.push(setTimeout(resolve, ms)));
    await Promise.race([wait(durationSeconds * 1000 + DRAIN_MS), this.stopped]);
    const results = tally.results(durationSeconds * 1000);
    this.close();
    return results;
  }

  /** The clients leave and close. */
  close(): void {
    // A timeout's and an interval's handles are cleared alike.
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    for (const ws of this.sockets) {
      ws.removeAllListeners('close');
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'leave' }));
      ws.on('error', () => undefined);
      ws.close();
    }
  }
}
