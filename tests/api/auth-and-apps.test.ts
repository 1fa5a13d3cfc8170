import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import { toOpenApiPath } from '../../server/engine/openapi';
import { DEMO_ADMIN, DEMO_USER, startHarness, type Harness } from './harness';
import { remoteConfig } from '../../resources/config';

const RC = remoteConfig.base;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('sign-in', () => {
  it('signs a user in with an HttpOnly sst cookie and says who is signed in', async () => {
    const res = await h.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(DEMO_USER.email);
    const cookie = res.cookies.find((c) => c.name === 'sst');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const check = await h.req({ method: 'GET', url: '/auth/auth-check', headers: { cookie: `sst=${cookie!.value}` } });
    expect(check.json()).toMatchObject({ user: { email: DEMO_USER.email, isAdmin: false }, admin: null });
  });

  it('answers wrong credentials with 401 and the spec message, for unknown e-mails too', async () => {
    for (const payload of [{ ...DEMO_USER, password: 'wrong' }, { email: 'nobody@example.com', password: 'x' }]) {
      const res = await h.req({ method: 'POST', url: '/auth/auth-login', payload, remoteAddress: '10.0.0.9' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('invalid username or password');
    }
  });

  it('refuses malformed sign-in bodies with 400', async () => {
    for (const payload of [{ email: 'not-an-email', password: 'x' }, { email: DEMO_USER.email }, {}]) {
      const res = await h.req({ method: 'POST', url: '/auth/auth-login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETERS');
    }
    const text = await h.req({ method: 'POST', url: '/auth/auth-login', payload: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    const broken = await h.req({ method: 'POST', url: '/auth/auth-login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });

  it('rate-limits repeated failures, even when the right password follows', async () => {
    const from = { remoteAddress: '10.1.2.3' };
    for (let i = 0; i < 5; i++) {
      const res = await h.req({ method: 'POST', url: '/auth/auth-login', payload: { ...DEMO_USER, password: `bad-${i}` }, ...from });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await h.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER, ...from });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await h.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER, remoteAddress: '10.9.9.9' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets only administrators through admin-login, into admin_sst', async () => {
    const user = await h.req({ method: 'POST', url: '/auth/admin-login', payload: DEMO_USER });
    expect(user.statusCode).toBe(401);
    const admin = await h.req({ method: 'POST', url: '/auth/admin-login', payload: DEMO_ADMIN });
    expect(admin.statusCode).toBe(200);
    expect(admin.cookies.map((c) => c.name)).toEqual(['admin_sst']);
  });

  it('refuses a suspended account with 423', async () => {
    await h.db.query(`UPDATE accounts SET status = 'suspended' WHERE email = 'other@example.com'`);
    const res = await h.req({ method: 'POST', url: '/auth/auth-login', payload: { email: 'other@example.com', password: 'other-password' } });
    expect(res.statusCode).toBe(423);
    await h.db.query(`UPDATE accounts SET status = 'active' WHERE email = 'other@example.com'`);
  });

  it('ends the session on logout', async () => {
    const cookie = await h.login();
    expect((await h.req({ method: 'POST', url: '/auth/logout', headers: { cookie } })).statusCode).toBe(204);
    const check = await h.req({ method: 'GET', url: '/auth/auth-check', headers: { cookie } });
    expect(check.statusCode).toBe(401);
    expect(check.json().message).toBe('login expired');
  });
});

describe('apps', () => {
  it('lists the caller\'s apps and shows one with its credentials to members', async () => {
    const cookie = await h.login();
    const list = (await h.req({ method: 'GET', url: '/api/apps', headers: { cookie } })).json();
    expect(list.TotalCount).toBe(1);
    expect(list.Items[0]).toMatchObject({ AppId: h.appId, ProjectName: 'Demo Game', OrganizationName: 'Demo Studio', Role: 'owner' });
    const app = (await h.req({ method: 'GET', url: `/api/app/${h.appId}`, headers: { cookie } })).json();
    expect(app.Services['remote-config'].Status).toBe('Enabled');
    expect(typeof app.AppServiceSecret).toBe('string');
    expect(app.Properties).toEqual({ needGatherInfo: 'false' });
    const narrowed = (await h.req({ method: 'GET', url: `/api/apps?appId[]=${h.appId}`, headers: { cookie } })).json();
    expect(narrowed.TotalCount).toBe(1);
  });

  it("gives 403 for another organisation's app and 401 without a session", async () => {
    const cookie = await h.login();
    expect((await h.req({ method: 'GET', url: `/api/app/${h.otherAppId}`, headers: { cookie } })).statusCode).toBe(403);
    expect((await h.req({ method: 'GET', url: `/api/app/${h.otherAppId}` })).statusCode).toBe(401);
    const list = (await h.req({ method: 'GET', url: `/api/apps?appId=${h.otherAppId}`, headers: { cookie } })).json();
    expect(list.TotalCount).toBe(0);
    expect((await h.req({ method: 'GET', url: '/api/app/..%2F..%2Fetc', headers: { cookie } })).statusCode).toBe(400);
  });
});

describe('documents', () => {
  it('reports health and publishes an OpenAPI 3.1 document covering every route with schemas', async () => {
    expect((await h.req({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.values(doc.paths as Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>).flatMap((p) => Object.values(p));
    // Every remote-config and sign-in call of the inventory is served and documented.
    const wanted = (calls as { service: string; method: string; path: string }[]).filter(
      (c) =>
        c.service === 'config' ||
        ['POST /auth/auth-login', 'POST /auth/admin-login', 'GET /auth/auth-check', 'GET /api/app/:id', 'GET /api/apps'].includes(`${c.method} ${c.path}`),
    );
    expect(wanted.length).toBe(27);
    for (const c of wanted) expect(doc.paths[toOpenApiPath(c.path)]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined();
    for (const op of ops) expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    expect(doc.paths[`${RC}/overrides/{id}/disable`].put).toBeDefined();
    expect(doc.paths[`${RC}/configs`].post.requestBody.content['application/json'].schema.properties.key).toBeDefined();
    const ui = await h.req({ method: 'GET', url: '/api-docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await h.req({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'not found', code: 'NOT_FOUND' });
  });
});
