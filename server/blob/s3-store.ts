import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import type { BlobStore } from './store';

const clients = new WeakMap<S3Settings, S3Client>();

export function clientFor(s: S3Settings): S3Client {
  let client = clients.get(s);
  if (!client) {
    client = new S3Client({
      endpoint: s.endpoint,
      region: s.region,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // S3-compatible servers (MinIO, Ceph, COS) address buckets by path.
      forcePathStyle: Boolean(s.endpoint),
    });
    clients.set(s, client);
  }
  return client;
}

const secondsUntil = (d: Date) => Math.max(1, Math.round((d.getTime() - Date.now()) / 1000));

/** Presigned links straight to the bucket: the bytes never pass through this server. */
export function s3Store(s: S3Settings): BlobStore {
  const client = clientFor(s);
  return {
    kind: 's3',
    async uploadUrl({ key, contentType, size }, expires) {
      const command = new PutObjectCommand({ Bucket: s.bucket, Key: key, ContentType: contentType, ContentLength: size });
      const url = await getSignedUrl(client, command, { expiresIn: secondsUntil(expires), signableHeaders: new Set(['content-type', 'content-length']) });
      return { url, headers: { 'Content-Type': contentType } };
    },
    async downloadUrl(key, expires) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: s.bucket, Key: key }), { expiresIn: secondsUntil(expires) });
    },
  };
}
