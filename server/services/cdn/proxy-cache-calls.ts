import { assetStreaming } from '../../../resources/asset-streaming';
import type { Ctx } from '../../context';
import type { ServiceModule } from '../index';
import { PROXY_CACHE_CHANNEL, proxyCacheOf } from './proxy-cache';

/** Drops a bucket's content from this server's proxy cache and tells every other instance to do the same. */
export async function clearBucketCache(ctx: Ctx, bucketId: string): Promise<{ cleared: number }> {
  const cleared = proxyCacheOf(ctx).clear(bucketId);
  await ctx.db.notify(PROXY_CACHE_CHANNEL, bucketId).catch(() => undefined);
  return { cleared };
}

/** The console's clear of a bucket's proxy cache (`buckets.clearProxyCache`, the bucket page's proxy-cache view). */
export const cdnProxyCacheModule: ServiceModule = {
  service: assetStreaming.name,
  calls: (ctx) => ({ 'buckets.clearProxyCache': (call) => clearBucketCache(ctx, String(call.record!.id)) }),
};
