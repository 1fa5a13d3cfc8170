/**
 * Where uploaded packages are kept: the platform's blob store (the local blob directory, or the S3 bucket when one
 * is configured), under `device/<appId>/<sha256>.<kind>`, so one file uploaded twice is kept once.
 */
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ServerConfig } from '../../config';
import { clientFor } from '../../blob/s3-store';

export const packageKeyOf = (appId: string, sha256: string, kind: string) => `device/${appId}/${sha256}.${kind}`;

export interface PackageStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

function localStore(root: string): PackageStore {
  const pathOf = (key: string) => join(root, key);
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temp, bytes);
      await rename(temp, path);
    },
    get: (key) => readFile(pathOf(key)),
    remove: (key) => unlink(pathOf(key)).catch(() => undefined),
  };
}

export function packageStoreFor(config: ServerConfig): PackageStore {
  const s = config.s3;
  if (!s) return localStore(config.blobDir);
  const client = clientFor(s);
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key })).catch(() => undefined);
    },
  };
}
