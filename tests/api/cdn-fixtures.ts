import { createHash } from 'node:crypto';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

export const B = '/cdn/buckets';

export interface CdnHarness extends Harness {
  /** An app of its own with asset streaming enabled, and a request with its credential. */
  cdnAppId: string;
  cdnBasic: string;
  cdn: Harness['svc'];
}

/** The test server, with an organisation whose app has asset streaming enabled. */
export async function startCdn(label = 'cdn'): Promise<CdnHarness> {
  const h = await startHarness();
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
