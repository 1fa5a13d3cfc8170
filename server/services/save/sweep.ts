/**
 * Cloud saves' blob sweep (the `save-sweep` job): uploads left open past their expiry end `failed` and their chunks
 * are removed; a finished file or picture whose last save or profile picture was deleted (content is kept once per
 * SHA-256, so a delete cannot remove it blindly) is removed once it is older than an hour and nothing refers to it.
 */
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import { contentStoreFor } from '../cdn/content-store';
import { FILES, removeBlob } from './blobs';
import { saveModels } from './models';

/** A blob younger than this may belong to an upload finishing now. */
const GRACE_MS = 3_600_000;

interface Received {
  key: string;
}

export async function sweepSaves(ctx: Ctx, now = new Date()): Promise<{ expired: number; removed: number }> {
  const m = saveModels(ctx);
  const uploads = records(ctx.db, m.uploads);
  const stale = await uploads.findEverywhere({ where: { status: 'open', expiresAt: { $lt: now.toISOString() } }, limit: 500 });
  for (const { scopeId, record } of stale) {
    const [moved] = await uploads.update(scopeId, { id: String(record.id), status: 'open' }, { status: 'failed', set: { error: 'expired', received: [] } });
    if (!moved) continue;
    for (const r of (record.received ?? []) as Received[]) await removeBlob(ctx, r.key);
  }
  let removed = 0;
  for (const blob of await contentStoreFor(ctx.config, FILES).list()) {
    if (now.getTime() - blob.modifiedAt.getTime() < GRACE_MS) continue;
    const hash = blob.key.slice(blob.key.lastIndexOf('/') + 1);
    const used =
      (await records(ctx.db, m.saves).findEverywhere({ where: { sha256: hash }, limit: 1 })).length > 0 ||
      (await records(ctx.db, m.pfps).findEverywhere({ where: { $or: [{ sha256: hash }, { thumbnailSha256: hash }] }, limit: 1 })).length > 0;
    if (used) continue;
    await removeBlob(ctx, blob.key);
    removed++;
  }
  return { expired: stale.length, removed };
}

export const sweepJob = (ctx: Ctx) => ({ name: 'save-sweep', everyMs: 3_600_000, run: () => sweepSaves(ctx) });
