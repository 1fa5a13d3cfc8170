import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { smsOutbox } from '../../server/services/passport/identity/codes';
import { startHarness, type Harness } from './harness';
import { asPlayer, createRealm, signedIn, signInServerSide, unique } from './passport-players-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let realm: string;
beforeAll(async () => {
  h = await startHarness();
  realm = await createRealm(h);
});
afterAll(() => h.close());
afterEach(() => vi.restoreAllMocks());

const login = (payload: Record<string, unknown>, authorization?: string) =>
  h.req({
    method: 'POST',
    url: `${B}/login/external`,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    payload: JSON.stringify(payload),
  });

const userCount = async () => Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE service = 'passport' AND kind = 'users'")).rows[0].n);

describe('server-side sign-in', () => {
  it('creates the user at the first sign-in and finds the same user again later', async () => {
    const externalId = unique('p');
    const first = await signInServerSide(h, realm, externalId, { nickname: 'Lin' });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.token).toMatch(/^pt_/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(body.user).toMatchObject({ name: 'Lin', loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId, platform: 'Android', realmId: realm, status: 'Active' });
    const again = await signInServerSide(h, realm, externalId);
    expect(again.json().user.id).toBe(body.user.id);
    expect(again.json().token).not.toBe(body.token);
    const me = await asPlayer(h, body.token, 'GET', `${B}/sdk/me`);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ user: { id: body.user.id }, persona: null, realName: { verified: false } });
  });

  it('creates exactly one user when the same new player signs in many times at once', async () => {
    const externalId = unique('race');
    const before = await userCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => signInServerSide(h, realm, externalId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().user.id)).size).toBe(1);
    expect(await userCount()).toBe(before + 1);
  });

  it('finds a user created in the console by its sign-in identity', async () => {
    const externalId = unique('known');
    const made = await h.svc('POST', `${B}/users`, { name: 'Known', loginMethod: 'ServerSide', externalId });
    expect(made.statusCode, made.body).toBe(201);
    const res = await signInServerSide(h, realm, externalId);
    expect(res.json().user.id).toBe(made.json().id);
    const duplicate = await h.svc('POST', `${B}/users`, { name: 'Twin', loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId });
    expect(duplicate.statusCode).toBe(409);
  });

  it('needs the app credential, and refuses a credential naming another app', async () => {
    expect((await login({ method: 'ServerSide', platform: 'Android', realmId: realm, externalId: 'x' })).statusCode).toBe(401);
    const wrong = await login({ method: 'ServerSide', platform: 'Android', realmId: realm, externalId: 'x', appId: h.appId }, `Basic ${Buffer.from(`${h.appId}:nope`).toString('base64')}`);
    expect(wrong.statusCode).toBe(401);
    const crossed = await login({ method: 'ServerSide', platform: 'Android', realmId: realm, externalId: 'x', appId: h.otherAppId }, h.basic);
    expect(crossed.statusCode).toBe(403);
    // Another app's credential cannot sign players in to this app's realm: the realm is not found there.
    const other = await signInServerSide(h, realm, unique('p'), { basic: h.otherBasic });
    expect(other.statusCode).toBe(404);
  });

  it('refuses bad input with the fields named, and stores nothing', async () => {
    const before = await userCount();
    const cases = [
      { method: 'ServerSide', platform: 'Android', realmId: realm },
      { method: 'ServerSide', platform: 'PlayStation', realmId: realm, externalId: 'x' },
      { method: 'Carrier', platform: 'Android', realmId: realm, externalId: 'x' },
      { method: 'Phone', platform: 'Android', realmId: realm, phone: '13800138000' },
      { method: 'OAuth', platform: 'Android', realmId: realm, code: 'c' },
      { method: 'ServerSide', platform: 'Android', realmId: realm, externalId: 'x', extra: 1 },
    ];
    for (const payload of cases) {
      const res = await login(payload, h.basic);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.length).toBeGreaterThan(0);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('realm states', () => {
  it('lets players in only while the realm is Open, and says so during maintenance', async () => {
    const id = await createRealm(h, { open: false });
    const externalId = unique('p');
    const created = await signInServerSide(h, id, externalId);
    expect([created.statusCode, created.json().code]).toEqual([409, 'REALM_NOT_OPEN']);
    expect((await h.svc('POST', `${B}/realms/${id}/open`)).statusCode).toBe(200);
    expect((await signInServerSide(h, id, externalId)).statusCode).toBe(200);
    expect((await h.svc('POST', `${B}/realms/${id}/maintain`)).statusCode).toBe(200);
    const maintenance = await signInServerSide(h, id, externalId);
    expect(maintenance.statusCode).toBe(409);
    expect(maintenance.json()).toMatchObject({ code: 'REALM_MAINTENANCE', message: 'the realm is under maintenance' });
    expect((await h.svc('POST', `${B}/realms/${id}/reopen`)).statusCode).toBe(200);
    expect((await signInServerSide(h, id, externalId)).statusCode).toBe(200);
    expect((await h.svc('POST', `${B}/realms/${id}/close`)).statusCode).toBe(200);
    expect((await signInServerSide(h, id, externalId)).json().code).toBe('REALM_NOT_OPEN');
    const unknown = await signInServerSide(h, 'no-such-realm', externalId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().details).toEqual([{ field: '/realmId', message: 'no such realm' }]);
  });

  it('refuses transitions the realm states do not allow', async () => {
    const id = await createRealm(h, { open: false });
    expect((await h.svc('POST', `${B}/realms/${id}/maintain`)).statusCode).toBe(409);
    expect((await h.svc('POST', `${B}/realms/${id}/reopen`)).statusCode).toBe(409);
    expect((await h.svc('POST', `${B}/realms/${id}/open`)).json().status).toBe('Open');
    expect((await h.svc('POST', `${B}/realms/${id}/open`)).statusCode).toBe(409);
  });
});

describe('phone sign-in', () => {
  const sendCode = async (phone: string) => {
    const res = await h.req({ method: 'POST', url: `${B}/sdk/verification-codes`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ appId: h.appId, phone }) });
    expect(res.statusCode, res.body).toBe(200);
    const text = smsOutbox(h.ctx).filter((m) => m.phone === phone).at(-1)!.text;
    return /(\d{6})/.exec(text)![1];
  };

  it('signs in with the code sent to the number, once', async () => {
    const phone = '13912345678';
    const code = await sendCode(phone);
    const wrong = await login({ appId: h.appId, method: 'Phone', platform: 'Ios', realmId: realm, phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('verification code invalid or expired');
    const ok = await login({ appId: h.appId, method: 'Phone', platform: 'Ios', realmId: realm, phone, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ loginMethod: 'Phone', externalId: phone, phone, platform: 'Ios' });
    expect((await login({ appId: h.appId, method: 'Phone', platform: 'Ios', realmId: realm, phone, code })).statusCode).toBe(401);
  });

  it('needs the app named when no credential is sent', async () => {
    const res = await login({ method: 'Phone', platform: 'Ios', realmId: realm, phone: '13912345000', code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/appId');
  });
});

describe('provider sign-in', () => {
  it('refuses a provider the app has not configured, without calling anyone', async () => {
    const calls = vi.spyOn(globalThis, 'fetch');
    const res = await login({ appId: h.appId, method: 'AccessToken', provider: 'QQ', platform: 'Android', realmId: realm, token: 'tok' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_NOT_CONFIGURED', message: 'the login provider is not configured' });
    expect(calls).not.toHaveBeenCalled();
    const web = await h.req({ method: 'POST', url: `${B}/third_party/qq-web-login`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ appId: h.appId, redirectUri: 'https://game.example/qq_conn/login-callback' }) });
    expect(web.statusCode).toBe(409);
  });

  it("checks a configured provider's token with the provider, and signs in the user it names", async () => {
    const saved = await h.svc('PUT', `${B}/id-providers/QQ`, { enabled: true, appKey: '101010', appSecret: 'qq-secret-value' });
    expect(saved.statusCode, saved.body).toBe(200);
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      fetched.push(url);
      const token = new URL(url).searchParams.get('access_token');
      const body = token === 'good-token' ? { client_id: '101010', openid: 'QQ-OPENID-1' } : token === 'other-app' ? { client_id: '999', openid: 'X' } : { error: 100016, error_description: 'access token check failed' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const ok = await login({ appId: h.appId, method: 'AccessToken', provider: 'QQ', platform: 'Android', realmId: realm, token: 'good-token' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ loginMethod: 'AccessToken', loginProvider: 'QQ', externalId: 'QQ-OPENID-1' });
    expect(fetched[0]).toMatch(/^https:\/\/graph\.qq\.com\/oauth2\.0\/me\?/);
    expect((await login({ appId: h.appId, method: 'AccessToken', provider: 'QQ', platform: 'Android', realmId: realm, token: 'bad-token' })).statusCode).toBe(401);
    // A token QQ issued to another app is not proof for this one.
    expect((await login({ appId: h.appId, method: 'AccessToken', provider: 'QQ', platform: 'Android', realmId: realm, token: 'other-app' })).statusCode).toBe(401);
  });

  it('says so when the provider cannot be reached', async () => {
    await h.svc('PUT', `${B}/id-providers/Weibo`, { enabled: true, appKey: 'wb-key', appSecret: 'wb-secret-value' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const res = await login({ appId: h.appId, method: 'AccessToken', provider: 'Weibo', platform: 'Android', realmId: realm, token: 't' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('the login provider could not be reached');
  });

  it('answers the QQ authorization page once QQ web is configured', async () => {
    await h.svc('PUT', `${B}/id-providers/QQWeb`, { enabled: true, appKey: '202020', appSecret: 'qqweb-secret-value' });
    const res = await h.req({
      method: 'POST',
      url: `${B}/third_party/qq-web-login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ appId: h.appId, redirectUri: 'https://game.example/qq_conn/login-callback' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().authorizeUrl);
    expect(url.origin + url.pathname).toBe('https://graph.qq.com/oauth2.0/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: '202020', redirect_uri: 'https://game.example/qq_conn/login-callback', state: res.json().state });
  });
});

describe("the app's sign-in settings", () => {
  it('refuses disabled methods and platforms, and issues tokens for the configured lifetime', async () => {
    const current = (await h.svc('GET', `${B}/config`)).json();
    const saved = await h.svc('POST', `${B}/config`, { ...pick(current), loginPlatforms: ['Ios', 'ServerSide'], loginMethods: ['ServerSide'], tokenLifetimeHours: 2, version: current.version });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await signInServerSide(h, realm, unique('p'))).statusCode).toBe(403);
      const res = await login({ method: 'ServerSide', platform: 'Ios', realmId: realm, externalId: unique('p') }, h.basic);
      expect(res.statusCode, res.body).toBe(200);
      const hours = (new Date(res.json().expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(1.9);
      expect(hours).toBeLessThanOrEqual(2);
      const phone = await login({ appId: h.appId, method: 'Phone', platform: 'Ios', realmId: realm, phone: '13700000000', code: '123456' });
      expect([phone.statusCode, phone.json().message]).toEqual([403, 'login method not enabled']);
    } finally {
      const restored = await h.svc('POST', `${B}/config`, { ...pick(current), version: saved.json().version });
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it('keeps players out of play until they pass the real-name check when the app requires one', async () => {
    const player = await signedIn(h, realm);
    const current = (await h.svc('GET', `${B}/config`)).json();
    const saved = await h.svc('POST', `${B}/config`, { ...pick(current), realNameRequired: true, version: current.version });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const blocked = await asPlayer(h, player.token, 'GET', `${B}/sdk/personas`);
      expect([blocked.statusCode, blocked.json().message]).toEqual([403, 'real-name verification required']);
      expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(200);
      const passed = await asPlayer(h, player.token, 'POST', `${B}/sdk/real-name`, { name: '张三', idNumber: '11010519491231002X' });
      expect(passed.statusCode, passed.body).toBe(200);
      expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/personas`)).statusCode).toBe(200);
    } finally {
      const now = (await h.svc('GET', `${B}/config`)).json();
      expect((await h.svc('POST', `${B}/config`, { ...pick(current), version: now.version })).statusCode).toBe(200);
    }
  });
});

/** The settings' own fields (without the record's bookkeeping). */
function pick(config: Record<string, unknown>) {
  const { loginPlatforms, loginMethods, tokenLifetimeHours, realNameRequired } = config;
  return { loginPlatforms, loginMethods, tokenLifetimeHours, realNameRequired };
}

describe('player tokens', () => {
  it('refuses calls without a token or with a wrong one', async () => {
    expect((await h.req({ method: 'GET', url: `${B}/sdk/me` })).statusCode).toBe(401);
    expect((await asPlayer(h, 'pt_not-a-token', 'GET', `${B}/sdk/me`)).statusCode).toBe(401);
  });

  it("stops working while the app's passport service is not enabled", async () => {
    const player = await signedIn(h, realm);
    const setStatus = (status: string) =>
      h.db.query(`UPDATE apps SET services = jsonb_set(services, '{passport,Status}', to_jsonb($2::text)) WHERE app_id = $1`, [h.appId, status]);
    await setStatus('Suspended');
    try {
      const res = await asPlayer(h, player.token, 'GET', `${B}/sdk/me`);
      expect([res.statusCode, res.json().message]).toEqual([403, 'service not enabled']);
    } finally {
      await setStatus('Enabled');
    }
    expect((await asPlayer(h, player.token, 'GET', `${B}/sdk/me`)).statusCode).toBe(200);
  });

  it('stops working when the user is deleted', async () => {
    const player = await signedIn(h, realm);
    expect((await h.svc('DELETE', `${B}/users/${player.userId}`)).statusCode).toBe(204);
    const res = await asPlayer(h, player.token, 'GET', `${B}/sdk/me`);
    expect([res.statusCode, res.json().message]).toEqual([401, 'player token invalid or expired']);
  });

  it('records every sign-in in the operation history', async () => {
    const player = await signedIn(h, realm);
    const rows = await h.db.query<{ action: string; actor: string }>('SELECT action, actor FROM audit_log WHERE app_id = $1 AND target = $2 ORDER BY id', [h.appId, player.userId]);
    expect(rows.rows.map((r) => r.action)).toEqual(['passport.users.create', 'passport.users.login']);
    expect(rows.rows[0].actor).toBe(`app:${h.appId}`);
  });
});
