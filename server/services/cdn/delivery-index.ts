import { LRUCache } from 'lru-cache';
import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf, type Ctx } from '../../context';
import { records } from '../../engine/query';

/** The notices that a bucket changed — its visibility, its badges, its releases, or it was deleted (its id as the payload). */
export const BUCKET_CHANGES_CHANNEL = 'lodestar_cdn_buckets';

const modelNamed = (ctx: Ctx, name: 'buckets' | 'badges' | 'releases') => modelOf(ctx, assetStreaming.name, name);

/** What delivery needs of a bucket. */
export interface BucketFacts {
  id: string;
  appId: string;
  private: boolean;
}

/** A release a badge or a release address names. */
export interface Pointer {
  releaseId: string;
  releaseNum: number;
}

interface Known {
  facts: BucketFacts;
  /** Badge name → the release it points at (null: no such badge). */
  badges: Map<string, Pointer | null>;
  /** Release id → the release, when it is one of this bucket's. */
  releases: Map<string, Pointer>;
}

/**
 * What delivery reads of buckets, badges and releases, remembered in this server's memory so that a delivery reads
 * nothing from the database. Whatever changes a bucket, its badges or its releases calls `changed` once the change
 * is committed and before its answer is sent: this instance forgets the bucket at once and the others when the
 * notice reaches them. A read that started before a forget does not put what it read back (`generation`); a
 * listener that had to reconnect may have missed notices, so forgets everything; and what is remembered is read
 * again after `ttlMs` at most, in case of a change made outside the service's calls.
 */
export class DeliveryIndex {
  private readonly known: LRUCache<string, Known>;
  private generation = 0;

  constructor(
    private readonly ctx: Ctx,
    ttlMs = 5 * 60_000,
  ) {
    this.known = new LRUCache<string, Known>({ max: 10_000, ttl: ttlMs });
  }

  /** The bucket, or undefined when there is none. */
  async bucket(bucketId: string): Promise<BucketFacts | undefined> {
    const hit = this.known.get(bucketId);
    if (hit) return hit.facts;
    const started = this.generation;
    const [found] = await records(this.ctx.db, modelNamed(this.ctx, 'buckets')).findEverywhere({ where: { id: bucketId }, limit: 1 });
    if (!found) return undefined;
    const facts = { id: bucketId, appId: found.scopeId, private: found.record.private === true };
    if (started === this.generation) this.known.set(bucketId, { facts, badges: new Map(), releases: new Map() });
    return facts;
  }

  /** The release a badge of the bucket points at now, or undefined. */
  async badge(bucket: BucketFacts, name: string): Promise<Pointer | undefined> {
    const known = this.known.get(bucket.id);
    const hit = known?.badges.get(name);
    if (hit !== undefined) return hit ?? undefined;
    const started = this.generation;
    const badge = await records(this.ctx.db, modelNamed(this.ctx, 'badges')).first(bucket.appId, { where: { parentId: bucket.id, name } });
    const pointer = badge ? { releaseId: String(badge.releaseId), releaseNum: Number(badge.releaseNum) } : null;
    if (known && started === this.generation) known.badges.set(name, pointer);
    return pointer ?? undefined;
  }

  /** One of the bucket's releases, or undefined (another bucket's release is not found here). */
  async release(bucket: BucketFacts, releaseId: string): Promise<Pointer | undefined> {
    const known = this.known.get(bucket.id);
    const hit = known?.releases.get(releaseId);
    if (hit) return hit;
    const started = this.generation;
    const release = await records(this.ctx.db, modelNamed(this.ctx, 'releases')).first(bucket.appId, { where: { id: releaseId, parentId: bucket.id } });
    if (!release) return undefined;
    const pointer = { releaseId: String(release.id), releaseNum: Number(release.releaseNum) };
    if (known && started === this.generation) known.releases.set(releaseId, pointer);
    return pointer;
  }

  /** Forgets one bucket here, or every bucket. */
  forget(bucketId?: string): void {
    this.generation++;
    if (bucketId === undefined) this.known.clear();
    else this.known.delete(bucketId);
  }

  /**
   * A committed change to the bucket, its badges or its releases: forgotten here at once, then announced to every
   * other instance. Never fails: a notice that cannot be sent leaves the others to `ttlMs`.
   */
  async changed(bucketId: string): Promise<void> {
    this.forget(bucketId);
    await this.ctx.db.notify(BUCKET_CHANGES_CHANNEL, bucketId).catch(() => undefined);
  }

  /** Hears the other instances' changes; a listener that reconnected may have missed some, so forgets every bucket. */
  listen(): Promise<() => Promise<void>> {
    return this.ctx.db.listen(
      BUCKET_CHANGES_CHANNEL,
      (bucketId) => this.forget(bucketId),
      () => this.forget(),
    );
  }
}

const indexes = new WeakMap<Ctx, DeliveryIndex>();

/** This server's delivery index. */
export function deliveryIndexOf(ctx: Ctx): DeliveryIndex {
  let index = indexes.get(ctx);
  if (!index) indexes.set(ctx, (index = new DeliveryIndex(ctx)));
  return index;
}
