import { createHash } from 'node:crypto';
import { assetStreaming } from '../../../resources/asset-streaming';
import { modelOf } from '../../context';
import type { DemoSteps } from '../../engine/demo-seed';
import { records } from '../../engine/query';
import { serverManagedDefaults } from '../../engine/write';
import { storeDemoContent } from '../cdn/demo';
import { makeRelease } from '../cdn/releases';

const TYPES: Record<string, string> = { json: 'application/json', js: 'text/javascript' };

/**
 * What Wind's declared demo (`resources/wind/demo.ts`) computes: a build — a bucket of asset streaming holding the
 * files given (path → text), each stored as content the way an upload stores it and made an entry, then released by
 * asset streaming's own release code. Answers the release, which the demo's publish names.
 */
export const windDemoSteps: DemoSteps = {
  build: async ({ ctx, appId, actor }, { bucketId, name, description, notes, files }) => {
    const buckets = modelOf(ctx, assetStreaming.name, 'buckets');
    const entries = modelOf(ctx, assetStreaming.name, 'entries');
    const bucket = String(bucketId);
    await records(ctx.db, buckets).insert(appId, { ...serverManagedDefaults(buckets), name, description, private: true }, { id: bucket });
    for (const [path, text] of Object.entries(files as Record<string, string>)) {
      const bytes = Buffer.from(text);
      const contentHash = await storeDemoContent(ctx, bytes, path);
      const contentType = TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream';
      const data = { ...serverManagedDefaults(entries), bucketId: bucket, path, contentType, contentHash, contentSize: bytes.length, contentMd5: createHash('md5').update(bytes).digest('hex') };
      await records(ctx.db, entries).insert(appId, data, { parentId: bucket });
    }
    return makeRelease(ctx, { scopeId: appId, principal: { actor } }, bucket, 'entries', { notes });
  },
};
