/**
 * Flood protection of one client connection: a token bucket of `rate` messages a second holding at most twice that.
 * A message past the bucket is dropped and the client told it is throttled; a client that keeps sending while
 * throttled (as many dropped messages as the bucket holds, within one window of dropping) is closed. Pure: given
 * the times, so it is tested without waiting.
 */
export type FloodVerdict = 'ok' | 'throttled' | 'close';

export class FloodGuard {
  private tokens: number;
  private last: number;
  private dropped = 0;
  private droppedSince = 0;

  constructor(
    private readonly rate: number,
    now: number,
  ) {
    this.tokens = this.burst;
    this.last = now;
  }

  get burst(): number {
    return this.rate * 2;
  }

  /** One message from the client at `now` (ms). */
  take(now: number): FloodVerdict {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      if (now - this.droppedSince > 1000) this.dropped = 0;
      return 'ok';
    }
    if (this.dropped === 0 || now - this.droppedSince > 1000) {
      this.dropped = 0;
      this.droppedSince = now;
    }
    this.dropped += 1;
    return this.dropped > this.burst ? 'close' : 'throttled';
  }

  /** How long until the next message would be taken (ms). */
  waitMs(): number {
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rate) * 1000);
  }
}

/** The ids of the last sends a connection was given, so a send is never given to it twice. */
export class SeenSends {
  private readonly ids = new Set<string>();

  constructor(private readonly keep = 1000) {}

  /** Whether `id` is new to this connection (and remember it). */
  first(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.keep) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }
}
