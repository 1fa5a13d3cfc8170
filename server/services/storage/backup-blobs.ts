/**
 * Where backups are kept: the platform's blob store (the local blob directory, or the S3 bucket when one is
 * configured), under `apps/<appId>/storage-backups/<databaseId>/<backupId>/<file>`, each recorded in the blobs table
 * as stored, so the blob store's signed links download it (`/blob/<key>` locally, a presigned GET on S3).
 */
import { createReadStream } from 'node:fs';
import { rmdir, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Ctx } from '../../context';
import { clientFor } from '../../blob/s3-store';
import { localPath } from '../../blob/keys';
import { openBlob, writeBlob } from '../../blob/local-files';
import { Signer } from '../../blob/signing';
import { blobStoreFor } from '../../blob/store';

const CONTENT_TYPE = 'application/gzip';
const OWNER = 'system:storage';

export const backupKey = (appId: string, databaseId: string, backupId: string, fileName: string) => `apps/${appId}/storage-backups/${databaseId}/${backupId}/${fileName}`;

/** Keeps the finished file at `path` (`size` bytes) under `key` and records it. */
export async function keepBackupFile(ctx: Ctx, appId: string, key: string, path: string, size: number, fileName: string): Promise<void> {
  const s3 = ctx.config.s3;
  if (s3) {
    await clientFor(s3).send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: CONTENT_TYPE }));
  } else {
    const outcome = await writeBlob(ctx.config.blobDir, key, createReadStream(path), size);
    if (outcome !== 'stored') throw new Error(`the blob store did not keep the backup (${outcome})`);
  }
  await ctx.db.query(
    `INSERT INTO blobs (key, app_id, file_name, content_type, size, status, granted_by, stored_at) VALUES ($1, $2, $3, $4, $5, 'stored', $6, now())
     ON CONFLICT (key) DO UPDATE SET size = EXCLUDED.size, status = 'stored', stored_at = now()`,
    [key, appId, fileName, CONTENT_TYPE, size, OWNER],
  );
}

/** The kept file's bytes, streamed. */
export async function openBackupFile(ctx: Ctx, key: string): Promise<Readable> {
  const s3 = ctx.config.s3;
  if (s3) return (await clientFor(s3).send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))).Body as Readable;
  const file = await openBlob(ctx.config.blobDir, key);
  if (!file) throw new Error('the backup’s file is missing from the blob store');
  return file.stream;
}

/** A signed link to the kept file, usable until `expires`. */
export function backupLink(ctx: Ctx, key: string, expires: Date, origin: string): Promise<string> {
  return blobStoreFor(ctx.config, new Signer(ctx.db, () => ctx.config.secretKey)).downloadUrl(key, expires, origin);
}

const like = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Removes the kept files of every backup of a database, or of one backup, and their records. */
export async function removeBackupFiles(ctx: Ctx, appId: string, of: { databaseId: string } | { backupId: string }): Promise<void> {
  const base = like(`apps/${appId}/storage-backups/`);
  const pattern = 'databaseId' in of ? `${base}${like(of.databaseId)}/%` : `${base}%/${like(of.backupId)}/%`;
  const { rows } = await ctx.db.query<{ key: string }>(`SELECT key FROM blobs WHERE key LIKE $1 AND granted_by = $2`, [pattern, OWNER]);
  const s3 = ctx.config.s3;
  for (const { key } of rows) {
    if (s3) await clientFor(s3).send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    else {
      const path = localPath(ctx.config.blobDir, key);
      if (path) {
        await unlink(path).catch(() => undefined);
        await rmdir(dirname(path)).catch(() => undefined);
      }
    }
    await ctx.db.query('DELETE FROM blobs WHERE key = $1', [key]);
  }
}
