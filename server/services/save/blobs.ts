/**
 * Where cloud saves keep bytes: the platform's blob store (the local blob directory or the S3 bucket) through the
 * content store asset streaming uses, under prefixes of their own — finished files and pictures addressed by their
 * SHA-256 (identical content kept once), and an upload's chunks under the upload until it finishes.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Ctx } from '../../context';
import { blobKeyOf, contentStoreFor } from '../cdn/content-store';

export const FILES = 'save/files/';
const partsOf = (uploadId: string) => `save/parts/${uploadId}/`;

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

/** Keeps bytes held in memory (a JSON document, a chunk, a picture): answers their key. */
export async function putBytes(ctx: Ctx, bytes: Buffer, prefix = FILES): Promise<{ key: string; sha256: string }> {
  const hash = sha256(bytes);
  const outcome = await contentStoreFor(ctx.config, prefix).put(Readable.from([bytes]), { hash, size: bytes.length });
  if (!outcome.ok) throw new Error(`blob store refused bytes it was given whole: ${outcome.problem}`);
  return { key: blobKeyOf(hash, prefix), sha256: hash };
}

/** Keeps a chunk of an upload. */
export const putChunk = (ctx: Ctx, uploadId: string, bytes: Buffer) => putBytes(ctx, bytes, partsOf(uploadId));

/** The key a finished file of this hash is kept under. */
export const fileKey = (hash: string) => blobKeyOf(hash, FILES);

/** The bytes of a blob, streamed. */
export const openBlob = (ctx: Ctx, key: string) => contentStoreFor(ctx.config).open(key);

export async function removeBlob(ctx: Ctx, key: string): Promise<void> {
  await contentStoreFor(ctx.config).remove(key);
}

/**
 * Joins an upload's chunks, in order, into one file: the whole is hashed on a first pass (its MD5 compared with the
 * one the token named) and streamed into the store on a second, which checks the size and hashes again.
 */
export async function joinChunks(ctx: Ctx, keys: string[], size: number, expectedMd5: string): Promise<{ ok: true; key: string; sha256: string } | { ok: false }> {
  const sha = createHash('sha256');
  const whole = createHash('md5');
  for (const key of keys) {
    for await (const piece of await openBlob(ctx, key)) {
      sha.update(piece as Buffer);
      whole.update(piece as Buffer);
    }
  }
  if (whole.digest('hex') !== expectedMd5.toLowerCase()) return { ok: false };
  const hash = sha.digest('hex');
  async function* concatenated() {
    for (const key of keys) for await (const piece of await openBlob(ctx, key)) yield piece as Buffer;
  }
  const outcome = await contentStoreFor(ctx.config, FILES).put(Readable.from(concatenated()), { hash, size, md5: expectedMd5.toLowerCase() });
  if (!outcome.ok) return { ok: false };
  return { ok: true, key: fileKey(hash), sha256: hash };
}
