import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AuthProviderConfig } from '../../server/auth/settings';
import { cookiesOf, fieldsOf, startTestProvider, type TestProvider } from './accounts-fixtures';
import { DEMO_USER, startHarness, type Harness } from './harness';

let h: Harness;
let p: TestProvider;
let providers: AuthProviderConfig[];

const ORIGIN = 'http://localhost';

beforeAll(async () => {
  [h, p] = await Promise.all([startHarness(), startTestProvider()]);
  const oauth2 = {
    type: 'oauth2' as const,
    authorizationUrl: `${p.url}/authorize`,
    tokenUrl: `${p.url}/token`,
    userInfoUrl: `${p.url}/oauth2/me`,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    idField: 'openid',
    emailField: 'profile.mail',
  };
  providers = [
    { id: 'corp', name: 'Corp SSO', type: 'oidc', issuer: p.url, clientId: p.clientId, clientSecret: p.clientSecret },
    { id: 'qq', name: 'QQ', ...oauth2 },
    { id: 'blue-cloud', name: 'Blue Cloud', ...oauth2 },
  ];
  h.ctx.config.authProviders = providers;
});
afterAll(async () => {
  await h.close();
  await p.close();
});
beforeEach(() => {
  h.ctx.config.authProviders = providers;
  p.refusals.length = 0;
});

/** Starts at our server, follows the provider's sign-in, and answers what the provider sent back to the callback. */
async function authorize(provider: string, callbackPath: string) {
  const callbackUrl = `${ORIGIN}${callbackPath}`;
  const start = await h.req({ method: 'GET', url: `/auth/providers/${provider}/start?callbackUrl=${encodeURIComponent(callbackUrl)}` });
  expect(start.statusCode, start.body).toBe(302);
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') as string);
  expect(`${back.origin}${back.pathname}`).toBe(callbackUrl);
  return { start, callbackUrl, code: back.searchParams.get('code') as string, state: back.searchParams.get('state') as string };
}

const finish = (provider: string, a: Awaited<ReturnType<typeof authorize>>, extra: { cookie?: string } = {}) =>
  h.req({
    method: 'POST',
    url: '/auth/auth-login',
    headers: { cookie: extra.cookie ?? cookiesOf(a.start) },
    payload: { provider, code: a.code, state: a.state, callbackUrl: a.callbackUrl },
  });

const accountId = async (email: string) => (await h.db.query<{ id: string }>('SELECT id FROM accounts WHERE lower(email) = lower($1)', [email])).rows[0]?.id;
const check = (res: LightMyRequestResponse) => h.req({ method: 'GET', url: '/auth/auth-check', headers: { cookie: cookiesOf(res) } });

describe('base info lists the providers', () => {
  it('with their callback pages and never a secret', async () => {
    const info = (await h.req({ method: 'GET', url: '/auth/base-info' })).json();
    expect(info.Providers).toEqual([
      { Id: 'corp', Name: 'Corp SSO', Type: 'oidc', CallbackPath: '/login-callback' },
      { Id: 'qq', Name: 'QQ', Type: 'oauth2', CallbackPath: '/qq_conn/login-callback' },
      { Id: 'blue-cloud', Name: 'Blue Cloud', Type: 'oauth2', CallbackPath: '/blue-cloud/login-callback' },
    ]);
    expect(info.BlueCloudInfo).toEqual({ Domain: p.url, ClientId: p.clientId });
    expect(JSON.stringify(info)).not.toContain(p.clientSecret);
  });
});

describe('OpenID Connect sign-in', () => {
  it('redirects to the provider with PKCE, state and nonce', async () => {
    const start = await h.req({ method: 'GET', url: `/auth/providers/corp/start?callbackUrl=${encodeURIComponent(`${ORIGIN}/login-callback`)}` });
    const to = new URL(start.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${p.url}/authorize`);
    for (const k of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(k)).toBeTruthy();
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login-callback`);
    expect(to.searchParams.get('scope')).toContain('openid');
    expect(start.cookies.find((c) => c.name === 'auth_state')).toMatchObject({ value: to.searchParams.get('state'), httpOnly: true });
    const stored = JSON.stringify((await h.db.query('SELECT * FROM auth_states')).rows);
    expect(stored).not.toContain(to.searchParams.get('state'));
  });

  it('creates an account for a new verified e-mail, and finds it again by subject', async () => {
    p.user = { sub: 'oidc-new', email: 'New.Person@example.com', email_verified: true };
    const res = await finish('corp', await authorize('corp', '/login-callback'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe('new.person@example.com');
    expect((await check(res)).json().user.email).toBe('new.person@example.com');
    const id = await accountId('new.person@example.com');
    // The provider's e-mail changed, the subject did not: the same account.
    p.user = { sub: 'oidc-new', email: 'renamed@example.com', email_verified: true };
    const again = await finish('corp', await authorize('corp', '/login-callback'));
    expect(again.json().user.id).toBe(id);
    expect(await accountId('renamed@example.com')).toBeUndefined();
    expect(p.refusals).toEqual([]);
  });

  it('links an existing account by its verified e-mail', async () => {
    p.user = { sub: 'oidc-demo', email: DEMO_USER.email, email_verified: true };
    const res = await finish('corp', await authorize('corp', '/login-callback'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(await accountId(DEMO_USER.email));
    const link = await h.db.query('SELECT account_id FROM account_identities WHERE provider = $1 AND subject = $2', ['corp', 'oidc-demo']);
    expect(link.rows).toEqual([{ account_id: await accountId(DEMO_USER.email) }]);
  });

  it('refuses an unverified e-mail and creates nothing', async () => {
    p.user = { sub: 'oidc-unverified', email: DEMO_USER.email.replace('demo', 'unverified'), email_verified: false };
    const res = await finish('corp', await authorize('corp', '/login-callback'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('the provider did not confirm an e-mail address');
    expect(await accountId('unverified@example.com')).toBeUndefined();
    // Nor may it take over the demo account.
    p.user = { sub: 'oidc-impostor', email: DEMO_USER.email, email_verified: false };
    expect((await finish('corp', await authorize('corp', '/login-callback'))).statusCode).toBe(400);
  });

  it('binds the sign-in to the browser that started it, once', async () => {
    p.user = { sub: 'oidc-state', email: 'state@example.com', email_verified: true };
    const a = await authorize('corp', '/login-callback');
    const noCookie = await finish('corp', a, { cookie: '' });
    expect(noCookie.statusCode).toBe(400);
    expect(fieldsOf(noCookie)).toEqual(['/state']);
    const otherBrowser = await finish('corp', a, { cookie: 'auth_state=somebody-else' });
    expect(otherBrowser.statusCode).toBe(400);
    expect((await finish('corp', a)).statusCode).toBe(200);
    expect((await finish('corp', a)).statusCode).toBe(400);
  });

  it('refuses a code the provider does not know (401) and an expired start (400)', async () => {
    p.user = { sub: 'oidc-code', email: 'code@example.com', email_verified: true };
    const a = await authorize('corp', '/login-callback');
    const forged = await finish('corp', { ...a, code: 'forged-code' });
    expect(forged.statusCode).toBe(401);
    expect(p.refusals).toEqual(['code']);
    expect(forged.json().message).toBe('external sign-in failed');
    const b = await authorize('corp', '/login-callback');
    await h.db.query("UPDATE auth_states SET expires_at = now() - interval '1 second'");
    expect((await finish('corp', b)).statusCode).toBe(400);
    expect(await accountId('code@example.com')).toBeUndefined();
  });

  it('answers 423 for a suspended account', async () => {
    p.user = { sub: 'oidc-suspended', email: 'suspended@example.com', email_verified: true };
    expect((await finish('corp', await authorize('corp', '/login-callback'))).statusCode).toBe(200);
    await h.db.query("UPDATE accounts SET status = 'suspended' WHERE email = 'suspended@example.com'");
    const res = await finish('corp', await authorize('corp', '/login-callback'));
    expect(res.statusCode).toBe(423);
    expect(res.cookies.find((c) => c.name === 'sst')).toBeUndefined();
  });

  it('refuses callbacks that are not the provider page on this console', async () => {
    for (const [provider, callbackUrl] of [
      ['corp', 'https://evil.example/login-callback'],
      ['corp', `${ORIGIN}/apps`],
      ['corp', `${ORIGIN}/qq_conn/login-callback`],
      ['corp', `${ORIGIN}/login-callback?next=/x`],
      ['qq', `${ORIGIN}/login-callback`],
    ]) {
      const res = await h.req({ method: 'GET', url: `/auth/providers/${provider}/start?callbackUrl=${encodeURIComponent(callbackUrl)}` });
      expect(res.statusCode, callbackUrl).toBe(400);
      expect(fieldsOf(res)).toEqual(['query.callbackUrl']);
    }
    const unknown = await h.req({ method: 'GET', url: `/auth/providers/nope/start?callbackUrl=${encodeURIComponent(`${ORIGIN}/login-callback`)}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('provider not configured');
    const login = await h.req({ method: 'POST', url: '/auth/auth-login', payload: { provider: 'nope', code: 'c', state: 's', callbackUrl: `${ORIGIN}/login-callback` } });
    expect(login.statusCode).toBe(400);
    const mixed = await h.req({ method: 'POST', url: '/auth/auth-login', payload: { provider: 'corp', code: 'c', state: 's', callbackUrl: `${ORIGIN}/login-callback`, password: 'x' } });
    expect(fieldsOf(mixed)).toContain('/password');
  });
});

describe('OAuth 2.0 sign-in (QQ)', () => {
  it('exchanges the code with PKCE and reads the id and e-mail from the configured fields', async () => {
    p.user = { sub: 'qq-openid-1', email: 'qq.player@example.com' };
    const a = await authorize('qq', '/qq_conn/login-callback');
    const res = await finish('qq', a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe('qq.player@example.com');
    const link = await h.db.query('SELECT provider, subject FROM account_identities WHERE account_id = $1', [res.json().user.id]);
    expect(link.rows).toEqual([{ provider: 'qq', subject: 'qq-openid-1' }]);
    expect(p.refusals).toEqual([]);
  });

  it('refuses a provider answer without an e-mail', async () => {
    p.user = { sub: 'qq-openid-2' };
    const res = await finish('qq', await authorize('qq', '/qq_conn/login-callback'));
    expect(res.statusCode).toBe(400);
  });
});

describe('linking an organisation to blue-cloud', () => {
  const link = (cookie: string, appId: string, body: object) => h.req({ method: 'POST', url: `/api/app/${appId}/auth-blue-cloud`, headers: { cookie }, payload: body });
  const links = async () => (await h.db.query('SELECT org_id, subject, email FROM org_external_accounts')).rows;

  it("links the app's organisation for its owner", async () => {
    p.user = { sub: 'bc-account-7', email: 'studio@bluecloud.example' };
    const a = await authorize('blue-cloud', '/blue-cloud/login-callback');
    const owner = await h.login();
    const res = await link(`${owner}; ${cookiesOf(a.start)}`, h.appId, { code: a.code, state: a.state, callbackUrl: a.callbackUrl });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Provider: 'blue-cloud', AccountId: 'bc-account-7', Email: 'studio@bluecloud.example' });
    const orgId = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0].org_id;
    expect(await links()).toEqual([{ org_id: orgId, subject: 'bc-account-7', email: 'studio@bluecloud.example' }]);
    const log = await h.db.query("SELECT app_id, target FROM audit_log WHERE action = 'org.blue-cloud.link'");
    expect(log.rows).toEqual([{ app_id: h.appId, target: orgId }]);
  });

  it("refuses another organisation's user (403) and anonymous callers (401), changing nothing", async () => {
    p.user = { sub: 'bc-attacker', email: 'attacker@bluecloud.example' };
    const a = await authorize('blue-cloud', '/blue-cloud/login-callback');
    const before = await links();
    const stranger = await h.login('other@example.com', 'other-password');
    const body = { code: a.code, state: a.state, callbackUrl: a.callbackUrl };
    expect((await link(`${stranger}; ${cookiesOf(a.start)}`, h.appId, body)).statusCode).toBe(403);
    expect((await link(cookiesOf(a.start), h.appId, body)).statusCode).toBe(401);
    expect((await link(stranger, 'no-such-app', body)).statusCode).toBe(403);
    expect(await links()).toEqual(before);
  });

  it('answers 400 when blue-cloud is not configured, and for bad bodies', async () => {
    const owner = await h.login();
    const bad = await link(owner, h.appId, { code: '', callbackUrl: `${ORIGIN}/blue-cloud/login-callback` });
    expect(fieldsOf(bad)).toContain('/code');
    h.ctx.config.authProviders = providers.filter((x) => x.id !== 'blue-cloud');
    const res = await link(owner, h.appId, { code: 'x', callbackUrl: `${ORIGIN}/blue-cloud/login-callback` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('provider not configured');
  });
});
