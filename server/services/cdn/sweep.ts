import type { Ctx } from '../../context';
import type { Job } from '../../engine/jobs';
import { contentStoreFor } from './content-store';
import { keysWithContent } from './contents';
import { UPLOAD_GRANT_SECONDS } from './uploads';

/** A blob younger than this may still be waiting for its row (an upload finishing); older ones without one are orphans. */
export const ORPHAN_AGE_MS = (UPLOAD_GRANT_SECONDS + 5 * 60) * 1000;

/**
 * Removes the content blobs no `cdn_contents` row names (an upload that failed after writing, a server stopped between
 * the write and the row), once they are older than an upload can take. Answers the keys removed.
 */
export async function sweepOrphans(ctx: Ctx, now = Date.now()): Promise<string[]> {
  const store = contentStoreFor(ctx.config);
  const old = (await store.list()).filter((b) => now - b.modifiedAt.getTime() > ORPHAN_AGE_MS && !b.key.endsWith('.part'));
  const kept = await keysWithContent(ctx.db, old.map((b) => b.key));
  const orphans = old.filter((b) => !kept.has(b.key)).map((b) => b.key);
  for (const key of orphans) await store.remove(key);
  return orphans;
}

export const sweepJob = (ctx: Ctx): Job => ({ name: 'cdn.orphan-sweep', everyMs: 15 * 60 * 1000, run: () => sweepOrphans(ctx) });
