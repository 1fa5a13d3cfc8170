/**
 * The bytes of a file uploaded with a grant (`blobs` row `stored`), read back from wherever the blob store keeps it
 * (this server's files, or the S3-compatible bucket), for a service that takes an upload made straight to the store.
 */
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { Ctx } from '../context';
import { openBlob } from './local-files';
import { clientFor } from './s3-store';

/** The row of a stored upload under `key`, if it is the app's and its bytes arrived. */
export async function storedUpload(ctx: Ctx, appId: string, key: string): Promise<{ fileName: string; size: number } | undefined> {
  const { rows } = await ctx.db.query<{ file_name: string; size: string | number }>(`SELECT file_name, size FROM blobs WHERE key = $1 AND app_id = $2 AND status = 'stored'`, [key, appId]);
  return rows[0] ? { fileName: rows[0].file_name, size: Number(rows[0].size) } : undefined;
}

/** Reads a stored file whole, refusing more than `limit` bytes; undefined when the store has nothing under `key`. */
export async function readStoredBlob(ctx: Ctx, key: string, limit: number): Promise<Buffer | undefined> {
  const s3 = ctx.config.s3;
  let stream: Readable;
  if (s3) {
    try {
      stream = (await clientFor(s3).send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body as Readable;
    } catch {
      return undefined;
    }
  } else {
    const file = await openBlob(ctx.config.blobDir, key);
    if (!file) return undefined;
    stream = file.stream;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new Error('the stored file is larger than allowed');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
