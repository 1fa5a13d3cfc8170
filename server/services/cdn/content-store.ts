import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Settings, ServerConfig } from '../../config';
import { clientFor } from '../../blob/s3-store';

/**
 * Where asset streaming keeps content: one blob per SHA-256 in the platform's blob store (the local blob directory
 * or the S3 bucket), under `cdn/<first two hex digits>/<hash>`. Bytes are hashed while they stream in and the blob is
 * kept only when both hashes and the size match what was granted; delivery streams ranges straight out of it.
 */


export const PREFIX = 'cdn/';
/** A blob's key under a prefix: asset streaming's `cdn/`, or another service's own (cloud saves keep theirs apart). */
export const blobKeyOf = (hash: string, prefix = PREFIX) => `${prefix}${hash.slice(0, 2)}/${hash}`;

export interface Expected {
  hash: string;
  size: number;
  /** Checked when the uploader gave one. */
  md5?: string;
}

export type PutOutcome = { ok: true; md5: string } | { ok: false; problem: 'too-large' | 'size' | 'sha256' | 'md5' };

export interface Range {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

export interface ContentStore {
  /** Streams the body in, checking its size, SHA-256 and MD5 on the way; nothing is kept unless all match. */
  put(body: Readable, expected: Expected): Promise<PutOutcome>;
  /** The bytes of a blob (of a range of it), streamed. */
  open(key: string, range?: Range): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every blob under the store's cdn prefix, with when it was written (for the orphan sweep). */
  list(): Promise<StoredKey[]>;
}

class Refused extends Error {
  constructor(readonly problem: 'too-large') {
    super(problem);
  }
}

/** Counts and hashes what passes through; refuses more than `size` bytes. */
function hasher(size: number) {
  const sha = createHash('sha256');
  // The spec's client reads a file's MD5 in 10 MiB chunks (spec 000 §9): fed chunk by chunk, it is the plain MD5.
  const md5 = createHash('md5');
  let received = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > size) return done(new Refused('too-large'));
      sha.update(chunk);
      md5.update(chunk);
      done(null, chunk);
    },
  });
  const verdict = (expected: Expected): PutOutcome => {
    if (received !== expected.size) return { ok: false, problem: 'size' };
    const digest = md5.digest('hex');
    if (sha.digest('hex') !== expected.hash) return { ok: false, problem: 'sha256' };
    if (expected.md5 && expected.md5 !== digest) return { ok: false, problem: 'md5' };
    return { ok: true, md5: digest };
  };
  return { stream, verdict };
}

function localStore(root: string, prefix: string): ContentStore {
  const pathOf = (key: string) => join(root, key);
  return {
    async put(body, expected) {
      const path = pathOf(blobKeyOf(expected.hash, prefix));
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
      const h = hasher(expected.size);
      try {
        await pipeline(body, h.stream, createWriteStream(temp, { flags: 'wx' }));
      } catch (err) {
        await unlink(temp).catch(() => undefined);
        if (err instanceof Refused) return { ok: false, problem: err.problem };
        throw err;
      }
      const outcome = h.verdict(expected);
      if (outcome.ok) await rename(temp, path);
      else await unlink(temp).catch(() => undefined);
      return outcome;
    },
    async open(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await unlink(pathOf(key)).catch(() => undefined);
    },
    async list() {
      const out: StoredKey[] = [];
      const base = join(root, prefix);
      for (const dir of await readdir(base).catch(() => [] as string[])) {
        for (const name of await readdir(join(base, dir)).catch(() => [] as string[])) {
          const info = await stat(join(base, dir, name)).catch(() => undefined);
          if (info?.isFile()) out.push({ key: `${prefix}${dir}/${name}`, modifiedAt: info.mtime });
        }
      }
      return out;
    },
  };
}

function s3ContentStore(s: S3Settings, prefix: string): ContentStore {
  const client = clientFor(s);
  return {
    async put(body, expected) {
      const key = blobKeyOf(expected.hash, prefix);
      const h = hasher(expected.size);
      const through = new PassThrough();
      const upload = client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: through, ContentLength: expected.size }));
      try {
        await Promise.all([pipeline(body, h.stream, through), upload]);
      } catch (err) {
        await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key })).catch(() => undefined);
        if (err instanceof Refused) return { ok: false, problem: err.problem };
        throw err;
      }
      const outcome = h.verdict(expected);
      if (!outcome.ok) await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key })).catch(() => undefined);
      return outcome;
    },
    async open(key, range) {
      const answer = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return answer.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    },
    async list() {
      const out: StoredKey[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) });
        token = page.NextContinuationToken;
      } while (token);
      return out;
    },
  };
}

/**
 * The content store of the configured blob store: S3 when configured, else the local blob directory; its blobs under
 * `prefix` (asset streaming's `cdn/` by default; its orphan sweep lists only those).
 */
export const contentStoreFor = (config: ServerConfig, prefix = PREFIX): ContentStore =>
  config.s3 ? s3ContentStore(config.s3, prefix) : localStore(config.blobDir, prefix);
