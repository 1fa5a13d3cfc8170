import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { registerCsrfGuard } from '../../server/auth/csrf';
import { fieldsOf, signUp } from './accounts-fixtures';
import { DEMO_ADMIN, DEMO_USER, startHarness, type Harness } from './harness';

let h: Harness;
let admin: string;
let adminId: string;
let demoId: string;
let otherId: string;

const idOf = async (email: string) => (await h.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [email])).rows[0].id;

beforeAll(async () => {
  h = await startHarness();
  registerCsrfGuard(h.app, h.ctx.config);
  admin = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
  [adminId, demoId, otherId] = await Promise.all([DEMO_ADMIN.email, DEMO_USER.email, 'other@example.com'].map(idOf));
});
afterAll(() => h.close());

const as = (cookie: string | undefined, method: InjectOptions['method'], url: string, payload?: unknown) =>
  h.req({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const check = (cookie: string) => h.req({ method: 'GET', url: '/auth/auth-check', headers: { cookie } });
const statusOf = async (id: string) => (await h.db.query<{ status: string; name: string; is_admin: boolean }>('SELECT status, name, is_admin FROM accounts WHERE id = $1', [id])).rows[0];

describe('users list (administrators)', () => {
  it('needs an administrator session: 401 without one, 403 for a signed-in user', async () => {
    const user = await h.login();
    for (const [method, url, payload] of [
      ['GET', '/api/users'],
      ['GET', `/api/users/${otherId}`],
      ['PUT', `/api/users/${otherId}`, { Name: 'Hijacked' }],
      ['DELETE', `/api/users/${otherId}/clear-login-state`],
    ] as const) {
      expect((await as(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(user, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await statusOf(otherId)).name).toBe('Other');
  });

  it('lists users newest first with their organisations and roles', async () => {
    const res = await as(admin, 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.TotalCount).toBe(4);
    expect(body.Items.map((u: { Email: string }) => u.Email)).toEqual(['other@example.com', 'finance@example.com', DEMO_ADMIN.email, DEMO_USER.email]);
    const demo = body.Items.find((u: { Id: string }) => u.Id === demoId);
    expect(demo).toMatchObject({
      Email: DEMO_USER.email,
      Name: 'Demo Developer',
      Status: 'active',
      IsAdmin: false,
      IsFinanceAdmin: false,
      IsRealName: false,
      LastLoginAt: expect.any(String),
      Organizations: [{ Id: expect.any(String), Name: 'Demo Studio', Role: 'owner' }],
    });
    expect(new Date(demo.CreatedAt).toISOString()).toBe(demo.CreatedAt);
    expect(body.Items.find((u: { Id: string }) => u.Id === adminId)).toMatchObject({ IsAdmin: true, Organizations: [] });
  });

  it('searches e-mail and name, treating % and _ literally, and filters by status', async () => {
    const search = async (query: string) => (await as(admin, 'GET', `/api/users?${query}`)).json();
    expect((await search('q=OTHER@')).Items.map((u: { Id: string }) => u.Id)).toEqual([otherId]);
    expect((await search('q=demo%20developer')).Items.map((u: { Id: string }) => u.Id)).toEqual([demoId]);
    expect((await search('q=%25')).TotalCount).toBe(0);
    expect((await search('q=_')).TotalCount).toBe(0);
    expect((await search('status=suspended')).TotalCount).toBe(0);
    expect((await search('status=active')).TotalCount).toBe(4);
  });

  it('pages with count and start', async () => {
    const all = (await as(admin, 'GET', '/api/users')).json().Items.map((u: { Id: string }) => u.Id);
    const page = (await as(admin, 'GET', '/api/users?count=1&start=1')).json();
    expect(page.TotalCount).toBe(4);
    expect(page.Items.map((u: { Id: string }) => u.Id)).toEqual([all[1]]);
    expect((await as(admin, 'GET', '/api/users?count=2&start=4')).json()).toEqual({ TotalCount: 4, Items: [] });
  });

  it('refuses bad queries with 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['count=0', 'query.count'],
      ['count=10000', 'query.count'],
      ['start=-1', 'query.start'],
      ['status=deleted', 'query.status'],
      ['sort=name', 'query.sort'],
    ]) {
      const res = await as(admin, 'GET', `/api/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(fieldsOf(res), query).toContain(field);
    }
  });

  it('shows one user, 404 for an unknown id', async () => {
    expect((await as(admin, 'GET', `/api/users/${otherId}`)).json()).toMatchObject({ Id: otherId, Organizations: [{ Name: 'Other Studio', Role: 'owner' }] });
    expect((await as(admin, 'GET', '/api/users/no-such-user')).statusCode).toBe(404);
    expect((await as(admin, 'GET', '/api/users/bad%20id')).statusCode).toBe(400);
  });
});

describe('changing users', () => {
  it('renames and sets flags, recording the change', async () => {
    const res = await as(admin, 'PUT', `/api/users/${otherId}`, { Name: '  Renamed  ', IsFinanceAdmin: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Id: otherId, Name: 'Renamed', IsFinanceAdmin: true, IsAdmin: false, Status: 'active' });
    const log = (await h.db.query<{ actor: string; before: { Name: string }; after: { Name: string; IsFinanceAdmin: boolean } }>(
      "SELECT actor, before, after FROM audit_log WHERE action = 'user.update' AND target = $1", [otherId])).rows;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: `admin:${DEMO_ADMIN.email}`, before: { Name: 'Other' }, after: { Name: 'Renamed', IsFinanceAdmin: true } });
    await as(admin, 'PUT', `/api/users/${otherId}`, { Name: 'Other', IsFinanceAdmin: false });
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    for (const [payload, field] of [
      [{}, '/'],
      [{ Name: '' }, '/Name'],
      [{ Name: 'x'.repeat(51) }, '/Name'],
      [{ Status: 'deleted' }, '/Status'],
      [{ IsAdmin: 'yes' }, '/IsAdmin'],
      [{ Email: 'new@example.com' }, '/Email'],
    ] as const) {
      const res = await as(admin, 'PUT', `/api/users/${otherId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect(await statusOf(otherId)).toEqual({ status: 'active', name: 'Other', is_admin: false });
    expect((await as(admin, 'PUT', '/api/users/no-such-user', { Name: 'X' })).statusCode).toBe(404);
  });

  it('does not let administrators suspend or demote themselves', async () => {
    for (const payload of [{ Status: 'suspended' }, { IsAdmin: false }]) {
      const res = await as(admin, 'PUT', `/api/users/${adminId}`, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('administrators cannot suspend or demote themselves');
    }
    expect(await statusOf(adminId)).toMatchObject({ status: 'active', is_admin: true });
    expect((await check(admin)).statusCode).toBe(200);
  });

  it('suspends at once: live sessions stop working and sign-in answers 423; reactivating lets the user back', async () => {
    const other = { email: 'other@example.com', password: 'other-password' };
    const session = await h.login(other.email, other.password);
    expect((await check(session)).statusCode).toBe(200);
    const res = await as(admin, 'PUT', `/api/users/${otherId}`, { Status: 'suspended' });
    expect(res.json().Status).toBe('suspended');
    expect((await check(session)).statusCode).toBe(401);
    expect((await h.req({ method: 'GET', url: `/api/app/${h.otherAppId}`, headers: { cookie: session } })).statusCode).toBe(401);
    const refused = await h.req({ method: 'POST', url: '/auth/auth-login', payload: other });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe('the account violated the terms of use and cannot log in');
    expect((await as(admin, 'GET', '/api/users?status=suspended')).json().Items.map((u: { Id: string }) => u.Id)).toEqual([otherId]);
    expect((await as(admin, 'PUT', `/api/users/${otherId}`, { Status: 'active' })).statusCode).toBe(200);
    // The old session stays ended; a new sign-in works.
    expect((await check(session)).statusCode).toBe(401);
    expect((await h.req({ method: 'POST', url: '/auth/auth-login', payload: other })).statusCode).toBe(200);
  });

  it('ends administrator sessions when the role is taken away', async () => {
    const { id } = await signUp(h, 'second-admin@example.com', 'second-admin-pass');
    expect((await as(admin, 'PUT', `/api/users/${id}`, { IsAdmin: true })).json().IsAdmin).toBe(true);
    const second = await h.login('second-admin@example.com', 'second-admin-pass', '/auth/admin-login');
    expect((await as(second, 'GET', '/api/users')).statusCode).toBe(200);
    expect((await as(admin, 'PUT', `/api/users/${id}`, { IsAdmin: false })).statusCode).toBe(200);
    expect((await as(second, 'GET', '/api/users')).statusCode).toBe(401);
    expect((await check(second)).statusCode).toBe(401);
  });

  it('clears the login state: every session of that user ends, and no one else\'s', async () => {
    const a = await h.login();
    const b = await h.login();
    const bystander = await h.login('other@example.com', 'other-password');
    const res = await as(admin, 'DELETE', `/api/users/${demoId}/clear-login-state`);
    expect(res.statusCode).toBe(200);
    expect(res.json().Ended).toBeGreaterThanOrEqual(2);
    for (const cookie of [a, b]) expect((await check(cookie)).statusCode).toBe(401);
    expect((await check(bystander)).statusCode).toBe(200);
    expect((await as(admin, 'DELETE', `/api/users/${demoId}/clear-login-state`)).json()).toEqual({ Ended: 0 });
    expect((await as(admin, 'DELETE', '/api/users/no-such-user/clear-login-state')).statusCode).toBe(404);
    const log = await h.db.query("SELECT 1 FROM audit_log WHERE action = 'user.clear-login-state' AND target = $1", [demoId]);
    expect(log.rows).toHaveLength(2);
  });
});

describe('cross-site request protection', () => {
  const rename = (headers: Record<string, string>, Name: string) =>
    h.req({ method: 'PUT', url: `/api/users/${otherId}`, headers: { cookie: admin, ...headers }, payload: { Name } });

  it('refuses cross-site and same-site requests by Sec-Fetch-Site, changing nothing', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await rename({ 'sec-fetch-site': site }, 'Forged');
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toEqual({ message: 'cross-site request refused', code: 'PERMISSION_DENIED' });
    }
    expect((await statusOf(otherId)).name).toBe('Other');
    const login = await h.req({ method: 'POST', url: '/auth/auth-login', payload: DEMO_USER, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(login.statusCode).toBe(403);
    expect(login.cookies).toHaveLength(0);
  });

  it('without Sec-Fetch-Site, refuses a foreign Origin and accepts our own or the public address', async () => {
    expect((await rename({ origin: 'https://evil.example' }, 'Forged')).statusCode).toBe(403);
    expect((await rename({ origin: 'null' }, 'Forged')).statusCode).toBe(403);
    expect((await statusOf(otherId)).name).toBe('Other');
    expect((await rename({ origin: 'http://localhost' }, 'Same Origin')).statusCode).toBe(200);
    expect((await rename({ origin: 'https://console.example.com', host: 'console.example.com', 'x-forwarded-proto': 'https' }, 'Ignored')).statusCode).toBe(403);
    h.ctx.config.publicUrl = 'https://console.example.com';
    try {
      expect((await rename({ origin: 'https://console.example.com' }, 'Public Origin')).statusCode).toBe(200);
    } finally {
      h.ctx.config.publicUrl = undefined;
    }
  });

  it('accepts same-origin requests, header-less clients, and reads from anywhere', async () => {
    expect((await rename({ 'sec-fetch-site': 'same-origin' }, 'Fetched')).statusCode).toBe(200);
    expect((await rename({ 'sec-fetch-site': 'none' }, 'Typed')).statusCode).toBe(200);
    expect((await rename({}, 'Other')).statusCode).toBe(200);
    expect((await statusOf(otherId)).name).toBe('Other');
    const read = await h.req({ method: 'GET', url: '/api/users', headers: { cookie: admin, 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });
});
