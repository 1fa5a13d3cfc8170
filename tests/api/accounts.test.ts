import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCsrfGuard } from '../../server/auth/csrf';
import { codeSentTo, cookiesOf, fieldsOf, signUp } from './accounts-fixtures';
import { createAccount } from '../../server/platform/accounts';
import { DEMO_ADMIN, DEMO_USER, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  registerCsrfGuard(h.app, h.ctx.config);
});
afterAll(() => h.close());

const post = (url: string, payload: unknown, cookie?: string) => h.req({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
/** A sign-up call accepting the current terms (the config's default version), as the sign-up form does. */
const signUpCall = (payload: object) => post('/auth/sign-up', { policyVersion: h.ctx.config.policyVersion, ...payload });
const check = (cookie: string) => h.req({ method: 'GET', url: '/auth/auth-check', headers: { cookie } });
const accounts = async (email: string) => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE lower(email) = lower($1)', [email])).rows[0].n);
const audit = async (action: string, target: string) =>
  (await h.db.query<{ actor: string; after: unknown }>('SELECT actor, after FROM audit_log WHERE action = $1 AND target = $2 ORDER BY id', [action, target])).rows;

describe('sign-up with an e-mailed code', () => {
  it('sends a 6-digit code, creates the account with it, and signs in', async () => {
    const email = 'fresh@example.com';
    expect((await post('/auth/send-code', { email, purpose: 'sign-up' })).statusCode).toBe(204);
    const code = codeSentTo(h, email);
    expect(code).toMatch(/^\d{6}$/);
    const terms = (await h.req({ method: 'GET', url: '/auth/base-info' })).json().PolicyInfo.Version as string;
    const res = await post('/auth/sign-up', { email, password: 'a-good-password', name: 'Fresh', code, policyVersion: terms });
    expect(res.statusCode, res.body).toBe(200);
    // The terms were accepted in the sign-up form, so the new user is not asked again.
    expect(res.json().user).toMatchObject({ email, name: 'Fresh', isAdmin: false, isRealName: false, policyAccepted: true });
    expect(res.json().user.properties.policyVersion).toBe(terms);
    const sst = res.cookies.find((c) => c.name === 'sst');
    expect(sst).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await check(cookiesOf(res))).json().user.email).toBe(email);
    const signedIn = await h.req({ method: 'POST', url: '/auth/auth-login', payload: { email, password: 'a-good-password' } });
    expect(signedIn.statusCode).toBe(200);
    const row = (await h.db.query<{ id: string; last_login_at: Date | null; password_hash: string }>('SELECT id, last_login_at, password_hash FROM accounts WHERE email = $1', [email])).rows[0];
    expect(row.last_login_at).not.toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await audit('account.sign-up', row.id)).toHaveLength(1);
  });

  it('needs the current terms accepted, and uses no code without them', async () => {
    const email = 'terms-in-form@example.com';
    await post('/auth/send-code', { email, purpose: 'sign-up' });
    const code = codeSentTo(h, email);
    const body = { email, password: 'a-good-password', name: 'Terms', code };
    const missing = await post('/auth/sign-up', body);
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['/policyVersion']);
    const old = await post('/auth/sign-up', { ...body, policyVersion: '2001-01' });
    expect(old.statusCode).toBe(400);
    expect(fieldsOf(old)).toEqual(['/policyVersion']);
    expect(await accounts(email)).toBe(0);
    const terms = (await h.req({ method: 'GET', url: '/auth/base-info' })).json().PolicyInfo.Version as string;
    expect((await post('/auth/sign-up', { ...body, policyVersion: terms })).statusCode).toBe(200);
  });

  it('stores only a hash of the code', async () => {
    const email = 'hashed@example.com';
    await post('/auth/send-code', { email, purpose: 'sign-up' });
    const code = codeSentTo(h, email);
    const rows = (await h.db.query<Record<string, unknown>>('SELECT * FROM email_codes WHERE email = $1', [email])).rows;
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a taken e-mail with 409, case-insensitively, at send-code and at sign-up', async () => {
    const sent = await post('/auth/send-code', { email: 'DEMO@example.com', purpose: 'sign-up' });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('email already registered');
    const res = await signUpCall({ email: DEMO_USER.email, password: 'a-good-password', name: 'X', code: '123456' });
    expect(res.statusCode).toBe(409);
  });

  it('allows one code per e-mail per minute (429), whatever the purpose', async () => {
    const email = 'rate@example.com';
    expect((await post('/auth/send-code', { email, purpose: 'sign-up' })).statusCode).toBe(204);
    const before = h.ctx.mail.outbox.length;
    expect((await post('/auth/send-code', { email, purpose: 'sign-up' })).statusCode).toBe(429);
    expect((await post('/auth/send-code', { email: 'RATE@example.com', purpose: 'reset-password' })).statusCode).toBe(429);
    expect(h.ctx.mail.outbox.length).toBe(before);
    // A minute later another code may be sent.
    await h.db.query("UPDATE email_codes SET created_at = now() - interval '61 seconds' WHERE email = $1", [email]);
    expect((await post('/auth/send-code', { email, purpose: 'sign-up' })).statusCode).toBe(204);
  });

  it('refuses a wrong code on /code and creates nothing', async () => {
    const email = 'wrong-code@example.com';
    await post('/auth/send-code', { email, purpose: 'sign-up' });
    const code = codeSentTo(h, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await signUpCall({ email, password: 'a-good-password', name: 'W', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('invalid or expired verification code');
    expect(fieldsOf(res)).toEqual(['/code']);
    expect(await accounts(email)).toBe(0);
  });

  it('kills a code after 5 wrong tries, even if the right one follows', async () => {
    const email = 'guesser@example.com';
    await post('/auth/send-code', { email, purpose: 'sign-up' });
    const code = codeSentTo(h, email);
    const wrong = [0, 1, 2, 3, 4, 5].map((d) => String(d).repeat(6)).filter((c) => c !== code).slice(0, 5);
    for (const c of wrong) expect((await signUpCall({ email, password: 'a-good-password', name: 'G', code: c })).statusCode).toBe(400);
    const right = await signUpCall({ email, password: 'a-good-password', name: 'G', code });
    expect(right.statusCode).toBe(400);
    expect(await accounts(email)).toBe(0);
  });

  it('refuses an expired code and a used one', async () => {
    const email = 'expired@example.com';
    await post('/auth/send-code', { email, purpose: 'sign-up' });
    const code = codeSentTo(h, email);
    await h.db.query("UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE email = $1", [email]);
    expect((await signUpCall({ email, password: 'a-good-password', name: 'E', code })).statusCode).toBe(400);
    expect(await accounts(email)).toBe(0);
    // A sign-up code is not a reset code.
    const other = 'used@example.com';
    const { id } = await signUp(h, other);
    expect(id).toBeTruthy();
    const reused = await post('/auth/reset-password', { email: other, code: codeSentTo(h, other), password: 'another-password' });
    expect(reused.statusCode).toBe(400);
  });

  it('names the failing fields of bad input and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', password: 'a-good-password', name: 'X', code: '123456' }, '/email'],
      [{ email: 'short@example.com', password: 'short', name: 'X', code: '123456' }, '/password'],
      [{ email: 'long@example.com', password: 'x'.repeat(201), name: 'X', code: '123456' }, '/password'],
      [{ email: 'noname@example.com', password: 'a-good-password', code: '123456' }, '/name'],
      [{ email: 'blank@example.com', password: 'a-good-password', name: '   ', code: '123456' }, '/name'],
      [{ email: 'code@example.com', password: 'a-good-password', name: 'X', code: '12ab56' }, '/code'],
      [{ email: 'extra@example.com', password: 'a-good-password', name: 'X', code: '123456', isAdmin: true }, '/isAdmin'],
    ];
    for (const [payload, field] of cases) {
      const res = await signUpCall(payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const bad = await post('/auth/send-code', { email: 'x@example.com', purpose: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('/purpose');
    expect(await accounts('extra@example.com')).toBe(0);
  });

  it('is refused (403) when sign-up is turned off', async () => {
    h.ctx.config.signUp = false;
    try {
      expect((await post('/auth/send-code', { email: 'closed@example.com', purpose: 'sign-up' })).statusCode).toBe(403);
      const res = await signUpCall({ email: 'closed@example.com', password: 'a-good-password', name: 'C', code: '123456' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('sign-up is disabled');
      expect((await h.req({ method: 'GET', url: '/auth/base-info' })).json().SignUp).toBe(false);
    } finally {
      h.ctx.config.signUp = true;
    }
  });
});

describe('password reset', () => {
  it('answers 204 for an unknown e-mail without sending anything', async () => {
    const before = h.ctx.mail.outbox.length;
    expect((await post('/auth/send-code', { email: 'nobody-here@example.com', purpose: 'reset-password' })).statusCode).toBe(204);
    expect(h.ctx.mail.outbox.length).toBe(before);
    // Throttled just like a known e-mail, so the answers do not tell them apart.
    expect((await post('/auth/send-code', { email: 'nobody-here@example.com', purpose: 'reset-password' })).statusCode).toBe(429);
    const reset = await post('/auth/reset-password', { email: 'nobody-here@example.com', code: '123456', password: 'whatever-pass' });
    expect(reset.statusCode).toBe(400);
  });

  it('sets the new password and ends every session of the account', async () => {
    const email = 'resetme@example.com';
    const first = await signUp(h, email, 'old-password-1');
    const second = cookiesOf(await h.req({ method: 'POST', url: '/auth/auth-login', payload: { email, password: 'old-password-1' } }));
    await h.db.query("UPDATE email_codes SET created_at = now() - interval '61 seconds' WHERE email = $1", [email]);
    expect((await post('/auth/send-code', { email, purpose: 'reset-password' })).statusCode).toBe(204);
    const code = codeSentTo(h, email);
    const short = await post('/auth/reset-password', { email, code, password: 'short' });
    expect(fieldsOf(short)).toEqual(['/password']);
    // The refused call wrote nothing: the old password still works and the sessions live.
    expect((await check(first.cookie)).statusCode).toBe(200);
    const res = await post('/auth/reset-password', { email, code, password: 'new-password-2' });
    expect(res.statusCode, res.body).toBe(204);
    for (const cookie of [first.cookie, second]) expect((await check(cookie)).statusCode).toBe(401);
    expect((await h.req({ method: 'POST', url: '/auth/auth-login', payload: { email, password: 'old-password-1' } })).statusCode).toBe(401);
    expect((await h.req({ method: 'POST', url: '/auth/auth-login', payload: { email, password: 'new-password-2' } })).statusCode).toBe(200);
    // The code is used up.
    expect((await post('/auth/reset-password', { email, code, password: 'new-password-3' })).statusCode).toBe(400);
    expect(await audit('account.password.reset', first.id)).toHaveLength(1);
  });
});

describe('the current user', () => {
  it('answers every identity with the spec properties', async () => {
    const cookie = await h.login();
    const res = await check(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(String),
        email: DEMO_USER.email,
        name: 'Demo Developer',
        isAdmin: false,
        isFinanceAdmin: false,
        isInternal: false,
        isRealName: false,
        // The demo people have accepted the current terms (server/demo.ts).
        properties: { policyVersion: h.ctx.config.policyVersion, isRealNameVerified: 'false', email: DEMO_USER.email },
        policyAccepted: true,
      },
      admin: null,
      financeAdmin: null,
    });
    const admin = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
    const both = (await check(`${cookie}; ${admin}`)).json();
    expect(both.user.email).toBe(DEMO_USER.email);
    expect(both.admin).toMatchObject({ email: DEMO_ADMIN.email, isAdmin: true });
  });

  it('marks internal users by their e-mail domain', async () => {
    const { cookie } = await signUp(h, `staff@${h.ctx.config.internalDomain}`);
    expect((await check(cookie)).json().user.isInternal).toBe(true);
  });

  it('records the accepted terms version, refusing any other version', async () => {
    // Accounts not made by sign-up (here: created for an organisation) have accepted no terms yet.
    await createAccount(h.db, { email: 'terms@example.com', password: 'terms-password', name: 'Terms' });
    const cookie = await h.login('terms@example.com', 'terms-password');
    expect((await post('/auth/accept-policy', { version: h.ctx.config.policyVersion })).statusCode).toBe(401);
    const wrong = await post('/auth/accept-policy', { version: '1999-01' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['/version']);
    expect((await post('/auth/accept-policy', {}, cookie)).statusCode).toBe(400);
    expect((await check(cookie)).json().user.policyAccepted).toBe(false);
    const ok = await post('/auth/accept-policy', { version: h.ctx.config.policyVersion }, cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ policyAccepted: true, properties: { policyVersion: h.ctx.config.policyVersion } });
    expect((await check(cookie)).json().user.policyAccepted).toBe(true);
    // Another user is untouched.
    const other = await h.login('other@example.com', 'other-password');
    expect((await check(other)).json().user.policyAccepted).toBe(false);
  });
});

describe('real-name verification', () => {
  const VALID = '11010519491231002X';

  it('needs a user session', async () => {
    expect((await post('/auth/real-name-verify', { name: '张三', idNumber: VALID })).statusCode).toBe(401);
    const admin = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
    expect((await post('/auth/real-name-verify', { name: '张三', idNumber: VALID }, admin)).statusCode).toBe(401);
  });

  it('refuses invalid numbers on /idNumber and bad names on /name, changing nothing', async () => {
    const { cookie, id } = await signUp(h, 'realname-bad@example.com');
    for (const idNumber of ['110105194912310021', '11010519990230001X', '123', '11010520990101001X']) {
      const res = await post('/auth/real-name-verify', { name: '张三', idNumber }, cookie);
      expect(res.statusCode, idNumber).toBe(400);
      expect(res.json().message).toBe('invalid id number');
      expect(fieldsOf(res)).toEqual(['/idNumber']);
    }
    for (const name of ['张', 'x'.repeat(31), ' 张三']) {
      const res = await post('/auth/real-name-verify', { name, idNumber: VALID }, cookie);
      expect(fieldsOf(res)).toContain('/name');
    }
    const row = (await h.db.query<{ real_name: string | null }>('SELECT real_name FROM accounts WHERE id = $1', [id])).rows[0];
    expect(row.real_name).toBeNull();
    expect((await check(cookie)).json().user.isRealName).toBe(false);
  });

  it('verifies a valid number, keeping it only masked, once', async () => {
    const { cookie, id } = await signUp(h, 'realname@example.com');
    const res = await post('/auth/real-name-verify', { name: '张三', idNumber: '11010519491231002x' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ RealName: '张三', IdNumber: '110***********002X', user: { isRealName: true, properties: { isRealNameVerified: 'true' } } });
    expect((await check(cookie)).json().user.properties.isRealNameVerified).toBe('true');
    const stored = JSON.stringify((await h.db.query('SELECT * FROM accounts WHERE id = $1', [id])).rows);
    expect(stored).not.toContain('11010519491231002');
    const status = await h.req({ method: 'GET', url: '/auth/real-name-verify', headers: { cookie } });
    expect(status.json()).toMatchObject({ Verified: true, RealName: '张三', IdNumber: '110***********002X' });
    expect((await post('/auth/real-name-verify', { name: '李四', idNumber: VALID }, cookie)).statusCode).toBe(409);
    expect(await audit('account.real-name.verify', id)).toHaveLength(1);
    // Nobody else became verified.
    expect((await check(await h.login())).json().user.isRealName).toBe(false);
  });
});

describe('finance administrators', () => {
  it('sign in to bc_admin_sst only with the finance flag', async () => {
    expect((await post('/auth/bc-admin-login', DEMO_ADMIN)).statusCode).toBe(401);
    const { id } = await signUp(h, 'cashier@example.com', 'finance-password');
    const payload = { email: 'cashier@example.com', password: 'finance-password' };
    expect((await post('/auth/bc-admin-login', payload)).statusCode).toBe(401);
    await h.db.query('UPDATE accounts SET is_finance_admin = true WHERE id = $1', [id]);
    const res = await post('/auth/bc-admin-login', payload);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => c.name)).toEqual(['bc_admin_sst']);
    const who = (await check(cookiesOf(res))).json();
    expect(who).toMatchObject({ user: null, admin: null, financeAdmin: { email: 'cashier@example.com', isFinanceAdmin: true } });
    // The session lasts only while the flag does.
    await h.db.query('UPDATE accounts SET is_finance_admin = false WHERE id = $1', [id]);
    expect((await check(cookiesOf(res))).statusCode).toBe(401);
  });
});

describe('base info', () => {
  it('answers the spec fields from configuration, without secrets', async () => {
    const res = await h.req({ method: 'GET', url: '/auth/base-info', headers: { host: 'console.example.com' } });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toEqual({
      AuthInfo: { Domain: 'http://console.example.com', Client: 'lodestar-console', IDDomain: 'http://console.example.com', ProjectDomain: 'http://console.example.com' },
      BlueCloudInfo: { Domain: '', ClientId: '' },
      AssInfo: { APIDomain: 'http://console.example.com', ContentDomain: 'http://console.example.com' },
      LobbyInfo: { Domain: 'http://console.example.com' },
      PolicyInfo: { Version: h.ctx.config.policyVersion },
      Environment: 'dev',
      Providers: [],
      SignUp: true,
      Analytics: { Hosts: [] },
    });
  });

  it('says prod only for LODESTAR_ENV=prod', async () => {
    const saved = h.ctx.config.environment;
    try {
      h.ctx.config.environment = 'prod';
      expect((await h.req({ method: 'GET', url: '/auth/base-info' })).json().Environment).toBe('prod');
      h.ctx.config.environment = 'staging';
      expect((await h.req({ method: 'GET', url: '/auth/base-info' })).json().Environment).toBe('dev');
    } finally {
      h.ctx.config.environment = saved;
    }
  });
});
