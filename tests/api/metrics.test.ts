import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from '../../resources/metrics';
import { createAccount } from '../../server/platform/accounts';
import { addMember } from '../../server/platform/org/members';
import { recordUsage } from '../../server/usage';
import { startHarness, type Harness } from './harness';

const R = `${metrics.base}/receive/service`;
const BIND = '/api/metrics/bind-user-roles';
let h: Harness;
let owner: string;
let org: string;
const people: Record<'viewer' | 'analyst' | 'unbound', { id: string; cookie: string }> = {} as never;

async function person(email: string) {
  const id = await createAccount(h.db, { email, password: 'metrics-password', name: email.split('@')[0] });
  await h.db.query(`UPDATE accounts SET properties = properties || jsonb_build_object('policyVersion', $2::text) WHERE id = $1`, [id, h.ctx.config.policyVersion]);
  await addMember(h.db, org, id, 'member');
  return { id, cookie: await h.login(email, 'metrics-password') };
}

/** A receiver call from the console: the app credential, with the signed-in user's session. */
const asUser = (cookie: string, method: 'GET' | 'POST', path: string) => h.req({ method, url: `${R}${path}`, headers: { authorization: h.basic, cookie } });
type Info = { shared: { service: string; meters: { meter: string; quantity: number }[] }[] };
const fetches = (info: Info) => info.shared.find((s) => s.service === 'remote-config')?.meters.find((m) => m.meter === 'fetch')?.quantity;
const bind = (cookie: string, body: unknown) => h.req({ method: 'POST', url: BIND, headers: { cookie }, payload: body as object });

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login();
  org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0].org_id;
  const enabled = await h.req({ method: 'POST', url: `/api/app/${h.appId}/service`, headers: { cookie: owner }, payload: { Service: 'metrics' } });
  expect(enabled.statusCode, enabled.body).toBeLessThan(300);
  people.viewer = await person('viewer@example.com');
  people.analyst = await person('analyst@example.com');
  people.unbound = await person('unbound@example.com');
  await recordUsage(h.db, h.appId, 'remote-config', 'fetch', 7);
});
afterAll(() => h.close());

describe('Metrics: viewing roles', () => {
  it('binds members of the organisation, replacing the list before, and lists them on the metrics screen', async () => {
    const first = await bind(owner, { AppId: h.appId, Bindings: [{ AccountId: people.unbound.id, Role: 'viewer' }] });
    expect(first.statusCode, first.body).toBe(200);
    const res = await bind(owner, { AppId: h.appId, Bindings: [{ AccountId: people.viewer.id, Role: 'viewer' }, { AccountId: people.analyst.id, Role: 'analyst' }] });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await h.svc('GET', `${metrics.base}/bindings`)).json();
    expect(list.items.map((b: { email: string; role: string }) => [b.email, b.role]).sort()).toEqual([
      ['analyst@example.com', 'analyst'],
      ['viewer@example.com', 'viewer'],
    ]);
  });

  it('refuses accounts outside the organisation, an account named twice, a role not offered, and a member who does not manage it', async () => {
    const otherUser = (await h.db.query<{ id: string }>("SELECT id FROM accounts WHERE email = 'other@example.com'")).rows[0].id;
    const outsider = await bind(owner, { AppId: h.appId, Bindings: [{ AccountId: otherUser, Role: 'viewer' }] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().details[0].field).toBe('/Bindings/0/AccountId');
    const twice = await bind(owner, { AppId: h.appId, Bindings: [{ AccountId: people.viewer.id, Role: 'viewer' }, { AccountId: people.viewer.id, Role: 'analyst' }] });
    expect(twice.statusCode).toBe(400);
    expect((await bind(owner, { AppId: h.appId, Bindings: [{ AccountId: people.viewer.id, Role: 'owner' }] })).statusCode).toBe(400);
    expect((await bind(people.viewer.cookie, { AppId: h.appId, Bindings: [] })).statusCode).toBe(403);
    // Another organisation's person cannot bind on this app; nor anyone on an app that does not exist.
    const other = await h.login('other@example.com', 'other-password');
    expect((await bind(other, { AppId: h.appId, Bindings: [] })).statusCode).toBe(403);
    expect((await bind(owner, { AppId: 'no-such-app', Bindings: [] })).statusCode).toBe(404);
    // The refused calls left the bindings as they were.
    expect((await h.svc('GET', `${metrics.base}/bindings`)).json().total).toBe(2);
  });
});

describe('Metrics: the receiver', () => {
  it("answers what the app shares: its metered services with their last 30 days", async () => {
    const res = await h.svc('GET', `${R}/app-info`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ appId: h.appId, organizationId: org, viewers: 2 });
    expect(fetches(info)).toBe(7);
  });

  it('keeps its answer until the cache is cleared', async () => {
    await recordUsage(h.db, h.appId, 'remote-config', 'fetch', 5);
    const cached = (await h.svc('GET', `${R}/app-info`)).json();
    expect(fetches(cached)).toBe(7);
    expect((await h.svc('POST', `${R}/clear-cache`)).json()).toEqual({ cleared: true });
    const fresh = (await h.svc('GET', `${R}/app-info`)).json();
    expect(fetches(fresh)).toBe(12);
  });

  it('shows a user the shared metrics only when bound; clearing needs the analyst role', async () => {
    expect((await asUser(people.viewer.cookie, 'GET', '/app-info')).statusCode).toBe(200);
    expect((await asUser(people.unbound.cookie, 'GET', '/app-info')).statusCode).toBe(403);
    expect((await asUser(people.viewer.cookie, 'POST', '/clear-cache')).statusCode).toBe(403);
    expect((await asUser(people.analyst.cookie, 'POST', '/clear-cache')).statusCode).toBe(200);
    expect((await asUser(owner, 'GET', '/app-info')).statusCode).toBe(200);
  });

  it("refuses another organisation's app", async () => {
    // The other app's credential answers the other app's information, never this app's.
    const res = await h.req({ method: 'GET', url: `${R}/app-info`, headers: { authorization: h.otherBasic } });
    expect(res.statusCode).toBe(200);
    expect(res.json().appId).toBe(h.otherAppId);
    expect(fetches(res.json())).toBe(0);
  });
});
