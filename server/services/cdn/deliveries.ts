import { assetStreaming } from '../../../resources/asset-streaming';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { addCounts, counterOf } from '../../engine/counters';
import { recordUsage } from '../../usage';

/** A delivery counted but not yet written: requests and bytes per bucket, day and path. */
interface Pending {
  appId: string;
  bucketId: string;
  path: string;
  requests: number;
  bytes: number;
}

const FLUSH_MS = 500;

/** The service's declared count of deliveries, per bucket, path and day. */
export const DELIVERIES = counterOf(assetStreaming, 'deliveries');

/**
 * Counts every delivery (requests and bytes by bucket, day and path, and the `traffic` meter billing prices). Each
 * server adds up what it served for half a second and writes the sums to its declared count and to the meter, so the counting
 * costs a delivery no database round trip; `flush` writes at once (a statistics read does it first).
 */
export class DeliveryCounter {
  private pending = new Map<string, Pending>();
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Queryable) {}

  /** One delivery; `bucketId` empty for content served outside a bucket (a mod's files): metered, not in a bucket's count. */
  count(appId: string, bucketId: string, path: string, bytes: number): void {
    const key = `${appId}\t${bucketId}\t${path}`;
    const p = this.pending.get(key) ?? { appId, bucketId, path, requests: 0, bytes: 0 };
    p.requests++;
    p.bytes += bytes;
    this.pending.set(key, p);
    this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), FLUSH_MS);
  }

  /** Writes what was counted; resolves once everything counted before the call is written (earlier writes included). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.catch(() => undefined).then(() => this.write(rows));
    return this.writing;
  }

  private async write(rows: Pending[]): Promise<void> {
    if (!rows.length) return;
    await addCounts(this.db, DELIVERIES, rows.filter((r) => r.bucketId).map((r) => ({ scopeId: r.appId, keys: { bucket: r.bucketId, path: r.path }, n: r.requests, amount: r.bytes })));
    const byApp = new Map<string, number>();
    for (const r of rows) byApp.set(r.appId, (byApp.get(r.appId) ?? 0) + r.bytes);
    for (const [appId, bytes] of byApp) if (bytes > 0) await recordUsage(this.db, appId, assetStreaming.name, 'traffic', bytes);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

const counters = new WeakMap<Ctx, DeliveryCounter>();

export function deliveriesOf(ctx: Ctx): DeliveryCounter {
  let c = counters.get(ctx);
  if (!c) counters.set(ctx, (c = new DeliveryCounter(ctx.db)));
  return c;
}
