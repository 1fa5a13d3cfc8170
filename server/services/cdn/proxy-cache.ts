import { LRUCache } from 'lru-cache';
import type { Ctx } from '../../context';

/** The largest content kept whole in the proxy cache, and how much it holds in all. */
export const CACHE_ENTRY_MAX_BYTES = 2 * 1024 * 1024;
export const CACHE_MAX_BYTES = 128 * 1024 * 1024;

interface Cached {
  bytes: Buffer;
  /** Where it was served from: `<bucketId>\t<path>`. */
  served: Set<string>;
  at: number;
}

/**
 * Recently served content, kept hot in this server's memory, bounded by bytes (least recently served leaves first).
 * Keyed by content hash: content never changes under its hash, so a cached copy can never be stale, and instances
 * need not agree on what they hold.
 */
export class ProxyCache {
  private readonly lru: LRUCache<string, Cached>;

  constructor(readonly maxBytes = CACHE_MAX_BYTES) {
    this.lru = new LRUCache<string, Cached>({ maxSize: maxBytes, sizeCalculation: (c) => Math.max(1, c.bytes.length) });
  }

  get(hash: string, bucketId: string, path: string): Buffer | undefined {
    const hit = this.lru.get(hash);
    hit?.served.add(`${bucketId}\t${path}`);
    return hit?.bytes;
  }

  put(hash: string, bucketId: string, path: string, bytes: Buffer): void {
    if (bytes.length > CACHE_ENTRY_MAX_BYTES) return;
    this.lru.set(hash, { bytes, served: new Set([`${bucketId}\t${path}`]), at: Date.now() });
  }

  /** What the cache holds of one bucket's content. */
  ofBucket(bucketId: string): { contentHash: string; path: string; bytes: number; cachedAt: string }[] {
    const out = [];
    for (const [hash, c] of this.lru.entries()) {
      for (const s of c.served) {
        const [bucket, path] = s.split('\t');
        if (bucket === bucketId) out.push({ contentHash: hash, path, bytes: c.bytes.length, cachedAt: new Date(c.at).toISOString() });
      }
    }
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Drops what was served from the bucket (everything when no bucket is named); answers how many contents left. */
  clear(bucketId?: string): number {
    let removed = 0;
    for (const [hash, c] of this.lru.entries()) {
      if (bucketId === undefined || [...c.served].some((s) => s.startsWith(`${bucketId}\t`))) {
        this.lru.delete(hash);
        removed++;
      }
    }
    return removed;
  }

  get bytes(): number {
    return this.lru.calculatedSize;
  }
}

/** The notices that a bucket's content is to leave every instance's proxy cache (its id as the payload). */
export const PROXY_CACHE_CHANNEL = 'lodestar_cdn_proxy_cache';

const caches = new WeakMap<Ctx, ProxyCache>();

/** Hears the other instances' clears; a listener that had to reconnect may have missed some, so clears everything. */
export function listenForClears(ctx: Ctx): Promise<() => Promise<void>> {
  return ctx.db.listen(PROXY_CACHE_CHANNEL, (bucketId) => proxyCacheOf(ctx).clear(bucketId), () => proxyCacheOf(ctx).clear());
}

/** This server's proxy cache. */
export function proxyCacheOf(ctx: Ctx): ProxyCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new ProxyCache()));
  return cache;
}
