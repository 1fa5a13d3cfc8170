import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { assetStreaming } from '../../../resources/asset-streaming';
import type { Ctx } from '../../context';
import { addCount } from '../../engine/counters';
import type { DemoSteps } from '../../engine/demo-seed';
import type { ServiceModule } from '../index';
import { blobKeyOf, contentStoreFor } from './content-store';
import { contentOf, storeContentRow } from './contents';
import { DELIVERIES } from './deliveries';
import { demoContent } from './demo-content';

const DAY_MS = 86_400_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Demo bytes stored as content through the content store an upload goes through, checked like an upload (once per
 * deployment); answers their SHA-256. `name` says which in an error.
 */
export async function storeDemoContent(ctx: Ctx, bytes: Buffer, name: string): Promise<string> {
  const hash = sha256(bytes);
  if (await contentOf(ctx.db, hash)) return hash;
  const outcome = await contentStoreFor(ctx.config).put(Readable.from([bytes]), { hash, size: bytes.length });
  if (!outcome.ok) throw new Error(`asset streaming demo: content '${name}' was not stored (${outcome.problem})`);
  await storeContentRow(ctx.db, { hash, md5: outcome.md5, size: bytes.length, blobKey: blobKeyOf(hash) });
  return hash;
}

/**
 * What the declared demo (`resources/cdn/demo.ts`) computes: a content's hash — stored first, through the content
 * store an upload goes through, checked like an upload — its size and MD5, and past days of deliveries.
 */
export const cdnDemoSteps: DemoSteps = {
  contentHash: ({ ctx }, { content }) => storeDemoContent(ctx, demoContent(String(content)), String(content)),
  contentSize: (_run, { content }) => demoContent(String(content)).length,
  contentMd5: (_run, { content }) => createHash('md5').update(demoContent(String(content))).digest('hex'),
  /** An entry's requests per day, the last number today's; each request delivered the whole content. */
  deliveries: async ({ ctx, appId, now }, { bucket, path, content, perDay }) => {
    const size = demoContent(String(content)).length;
    const days = perDay as number[];
    for (const [i, n] of days.entries()) {
      const at = new Date(now.getTime() - (days.length - 1 - i) * DAY_MS);
      await addCount(ctx.db, DELIVERIES, appId, { bucket: String(bucket), path: String(path) }, { n, amount: n * size, at });
    }
  },
};

/** The demo data's steps of asset streaming. */
export const cdnDemoModule: ServiceModule = { service: assetStreaming.name, seedSteps: cdnDemoSteps };
