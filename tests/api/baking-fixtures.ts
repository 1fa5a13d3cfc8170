import { baking } from '../../resources/baking';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

/** The service's base, as declared. */
export const BASE = baking.base;
export const S = `${BASE}/sessions`;
export const A = `${BASE}/agents`;

export interface BakingHarness extends Harness {
  /** An app of its own with baking enabled, and a request with its credential. */
  bakingAppId: string;
  bakingBasic: string;
  bake: Harness['svc'];
}

/** The test server, with an organisation whose app has baking enabled. */
export async function startBaking(label = 'baking'): Promise<BakingHarness> {
  const h = await startHarness();
  const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'baking-password', name: 'Baker' });
  const org = await createOrganization(h.db, `${label} studio`, owner);
  const bakingAppId = await createApp(h.db, org, `${label} game`, ['baking']);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [bakingAppId])).rows[0].app_service_secret;
  const bakingBasic = basicOf(bakingAppId, secret);
  return { ...h, bakingAppId, bakingBasic, bake: serviceRequest(h.req, bakingBasic) };
}

/** A created session (201), or the test fails with the answer. */
export async function newSession(h: BakingHarness, name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; state: string }> {
  const res = await h.bake('POST', S, { name, instanceType: 'cpu-4', ...extra });
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A registered agent (201). */
export async function newAgent(h: BakingHarness, name: string, instanceType = 'cpu-4'): Promise<{ id: string }> {
  const res = await h.bake('POST', A, { name, instanceType });
  if (res.statusCode !== 201) throw new Error(`agent: ${res.statusCode} ${res.body}`);
  return res.json();
}
