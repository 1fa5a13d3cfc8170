import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assetStreaming } from '../../resources/asset-streaming';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

/** The service's base, as declared, and its buckets' collection. */
export const CDN = assetStreaming.base;
export const B = `${CDN}/buckets`;

export interface CdnHarness extends Harness {
  /** An app of its own with asset streaming enabled, and a request with its credential. */
  cdnAppId: string;
  cdnBasic: string;
  cdn: Harness['svc'];
}

/** The test server, with an organisation whose app has asset streaming enabled. */
export async function startCdn(label = 'cdn'): Promise<CdnHarness> {
  const h = await startHarness();
  // Content blobs of its own: test files run side by side, each with its own database, and the orphan sweep must not
  // take another file's blobs (or an earlier run's) for this database's orphans.
  h.ctx.config.blobDir = await mkdtemp(join(tmpdir(), 'lodestar-cdn-test-'));
  const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'cdn-password', name: 'Cdn' });
  const org = await createOrganization(h.db, `${label} studio`, owner);
  const cdnAppId = await createApp(h.db, org, `${label} game`, ['asset-streaming']);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [cdnAppId])).rows[0].app_service_secret;
  const cdnBasic = basicOf(cdnAppId, secret);
  return { ...h, cdnAppId, cdnBasic, cdn: serviceRequest(h.req, cdnBasic) };
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function newBucket(h: CdnHarness, name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const res = await h.cdn('POST', `${B}/`, { name, ...extra });
  if (res.statusCode !== 201) throw new Error(`bucket: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** What uploads and entries are made through: a server's requests, and its requests with the app's credential. */
export type CdnRequests = Pick<CdnHarness, 'req' | 'cdn'>;

/** Uploads content through the grant `uploadtoken` gives (nothing when it is already stored); answers its hash. */
export async function upload(h: CdnRequests, bucketId: string, bytes: Buffer): Promise<string> {
  const hash = sha256(bytes);
  const token = await h.cdn('GET', `${B}/${bucketId}/uploadtoken/${hash}/?size=${bytes.length}&md5=${md5(bytes)}`);
  if (token.statusCode !== 200) throw new Error(`uploadtoken: ${token.statusCode} ${token.body}`);
  const grant = token.json() as { stored: boolean; uploadUrl?: string };
  if (grant.stored) return hash;
  const url = new URL(grant.uploadUrl!);
  const put = await h.req({ method: 'PUT', url: `${url.pathname}${url.search}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  if (put.statusCode !== 200) throw new Error(`upload: ${put.statusCode} ${put.body}`);
  return hash;
}

/** An entry of the bucket holding these bytes at `path`. */
export async function putEntry(h: CdnRequests, bucketId: string, path: string, text: string, extra: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const contentHash = await upload(h, bucketId, Buffer.from(text));
  const res = await h.cdn('POST', `${B}/${bucketId}/entries/`, { path, contentHash, contentType: 'text/plain', ...extra });
  if (res.statusCode !== 201) throw new Error(`entry: ${res.statusCode} ${res.body}`);
  return res.json();
}
