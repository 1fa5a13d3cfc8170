import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOf } from '../../server/context';
import { records } from '../../server/engine/query';
import { providerCredentials } from '../../server/services/passport/identity/id-providers';
import { startHarness, type Harness } from './harness';
import { asPlayer, call, historyOf, newPersona, newPlayer, newUser, P, unique } from './passport-identity-fixtures';

let h: Harness;
const other = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(h, { authorization: h.otherBasic }, method, url, payload);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('login providers', () => {
  const SPEC_ORDER = ['Wechat', 'Apple', 'QQ', 'Weibo', 'WechatWeb', 'QQWeb', 'ServiceLogin', 'Hykb', 'TapTap'];

  it('lists the nine providers of the spec, never with a secret', async () => {
    const res = await h.svc('GET', `${P}/id-providers`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(9);
    expect(res.json().idProviders.map((p: { id: string }) => p.id)).toEqual(SPEC_ORDER);
    const m = modelOf(h.ctx, 'passport', 'id-providers');
    const saved = await records(h.ctx.db, m).find(h.appId);
    const secrets = (await Promise.all(saved.map((r) => h.ctx.store.writeOnlyValues(m, h.appId, String(r.id))))).map((v) => String(v.appSecret ?? '')).filter(Boolean);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    const wechat = res.json().idProviders[0];
    expect(wechat).toMatchObject({ enabled: true, appSecretSet: true });
    expect(wechat.appSecretMasked).toMatch(/^••••••.{4}$/);
    expect(wechat).not.toHaveProperty('appSecret');
  });

  it('takes a secret write-only: answers, the list and the history show only that one is set', async () => {
    const secret = 'weibo-secret-7d1f0c9a2b3e';
    const noKey = await h.svc('PUT', `${P}/id-providers/Weibo`, { enabled: true });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().details[0].field).toBe('/appKey');

    const saved = await h.svc('PUT', `${P}/id-providers/Weibo`, { enabled: true, appKey: '3344556677', appSecret: secret, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'Weibo', enabled: true, appKey: '3344556677', appSecretSet: true, appSecretMasked: '••••••2b3e', version: 1 });
    expect(saved.body).not.toContain(secret);
    expect((await h.svc('GET', `${P}/id-providers`)).body).not.toContain(secret);
    const history = await historyOf(h, 'Weibo');
    expect(history.length).toBe(1);
    expect(JSON.stringify(history)).not.toContain(secret);
    expect(await providerCredentials(h.ctx, h.appId, 'Weibo')).toEqual({ appKey: '3344556677', appSecret: secret });

    // Left out, the secret is kept; empty, it is cleared.
    const disabled = await h.svc('PUT', `${P}/id-providers/Weibo`, { enabled: false, version: 1 });
    expect(disabled.json()).toMatchObject({ enabled: false, appSecretSet: true, version: 2 });
    expect(await providerCredentials(h.ctx, h.appId, 'Weibo')).toBeUndefined();
    const stale = await h.svc('PUT', `${P}/id-providers/Weibo`, { enabled: true, version: 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    const cleared = await h.svc('PUT', `${P}/id-providers/Weibo`, { enabled: true, appSecret: '' });
    expect(cleared.json()).toMatchObject({ enabled: true, appSecretSet: false, appSecretMasked: '' });
  });

  it('takes one of several saves carrying the same version, and stores one record for saves racing to create it', async () => {
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => other('PUT', `${P}/id-providers/Hykb`, { enabled: false, appKey: `hykb-${i}` })));
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(first.map((r) => r.json().version).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const stored = await records(h.ctx.db, modelOf(h.ctx, 'passport', 'id-providers')).find(h.otherAppId, { where: { provider: 'Hykb' } });
    expect(stored).toHaveLength(1);

    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => other('PUT', `${P}/id-providers/Hykb`, { enabled: false, appKey: `again-${i}`, version: 10 })));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(9).fill('VERSION_CONFLICT'));
    expect((await other('GET', `${P}/id-providers/Hykb`)).json()).toMatchObject({ id: 'Hykb', version: 11 });
  });

  it('enables server-side login without a key, refuses unknown providers, and keeps apps apart', async () => {
    expect((await h.svc('PUT', `${P}/id-providers/NoSuch`, { enabled: true })).statusCode).toBe(404);
    expect((await h.svc('PUT', `${P}/id-providers/Weibo`, { enabled: true, extra: 1 })).statusCode).toBe(400);
    expect((await other('PUT', `${P}/id-providers/ServiceLogin`, { enabled: true })).statusCode).toBe(200);
    const theirs = (await other('GET', `${P}/id-providers`)).json().idProviders as { id: string; enabled: boolean; version: number }[];
    // The demo app's Wechat settings are not the other app's.
    expect(theirs.find((p) => p.id === 'Wechat')).toMatchObject({ enabled: false, appKey: '', version: 0 });
    expect(theirs.find((p) => p.id === 'ServiceLogin')).toMatchObject({ enabled: true, version: 1 });
    // One provider's page, saved or not.
    expect((await other('GET', `${P}/id-providers/Wechat`)).json()).toMatchObject({ id: 'Wechat', provider: 'Wechat', enabled: false, appSecretSet: false, version: 0, updatedAt: null });
    expect((await h.svc('GET', `${P}/id-providers/Wechat`)).json()).toMatchObject({ id: 'Wechat', enabled: true, appSecretSet: true });
    expect((await h.svc('GET', `${P}/id-providers/NoSuch`)).statusCode).toBe(404);
    expect(await providerCredentials(h.ctx, h.otherAppId, 'Wechat')).toBeUndefined();
  });
});

describe('tags', () => {
  it("list the users and personas carrying them, page by page, and nothing of another app's", async () => {
    const tag = (await h.svc('POST', `${P}/tags`, { name: unique('tag'), color: 'red' })).json();
    const untagged = await newUser(h);
    const users = [await newUser(h), await newUser(h), await newUser(h)];
    for (const id of users) {
      const user = (await h.svc('GET', `${P}/users/${id}`)).json();
      const put = await h.svc('PUT', `${P}/users/${id}/tags`, { tags: [tag.id], version: user.version });
      expect(put.statusCode, put.body).toBe(200);
    }
    const persona = await newPersona(h, untagged);
    const p = (await h.svc('GET', `${P}/personas/${persona}`)).json();
    expect((await h.svc('PUT', `${P}/personas/${persona}/tags`, { tags: [tag.id], version: p.version })).statusCode).toBe(200);

    const tagged = await h.svc('GET', `${P}/tags/${tag.id}/users`);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().total).toBe(3);
    expect(tagged.json().users.map((u: { id: string }) => u.id).sort()).toEqual([...users].sort());
    const page = (await h.svc('GET', `${P}/tags/${tag.id}/users?count=2&start=2`)).json();
    expect(page.total).toBe(3);
    expect(page.users).toHaveLength(1);
    const personas = (await h.svc('GET', `${P}/tags/${tag.id}/personas`)).json();
    expect(personas).toMatchObject({ total: 1, personas: [{ id: persona }] });

    expect((await other('GET', `${P}/tags/${tag.id}/users`)).statusCode).toBe(404);
    const theirs = (await other('POST', `${P}/tags`, { name: unique('tag') })).json();
    expect((await other('GET', `${P}/tags/${theirs.id}/users`)).json()).toEqual({ total: 0, users: [] });
    expect((await h.svc('GET', `${P}/tags/no-such-tag/personas`)).statusCode).toBe(404);
  });
});

describe('entitlements', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const create = async (body: Record<string, unknown>) => {
    const res = await h.svc('POST', `${P}/entitlements`, { name: unique('ent'), type: 'MonthlyCard', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it('are Pending before their start, Active from it, and Expired after their end, in reads, lists and history', async () => {
    const userId = await newUser(h);
    const started = await create({ userId, startTime: inDays(-1), endTime: inDays(30) });
    expect(started.status).toBe('Active');
    const later = await create({ userId, startTime: inDays(3), endTime: inDays(30) });
    expect(later.status).toBe('Pending');

    await h.db.query(`UPDATE ${h.tableOf('passport', 'entitlements')} SET data = jsonb_set(data, '{startTime}', to_jsonb($2::text)) WHERE id = $1`, [later.id, inDays(-1)]);
    expect((await h.svc('GET', `${P}/entitlements/${later.id}`)).json().status).toBe('Active');

    await h.db.query(`UPDATE ${h.tableOf('passport', 'entitlements')} SET data = jsonb_set(data, '{endTime}', to_jsonb($2::text)) WHERE id = $1`, [started.id, inDays(-0.01)]);
    const expired = await h.svc('POST', `${P}/entitlements/search`, { status: 'Expired', userId });
    expect(expired.json().entitlements.map((e: { id: string }) => e.id)).toEqual([started.id]);
    const read = (await h.svc('GET', `${P}/entitlements/${started.id}`)).json();
    expect(read.status).toBe('Expired');
    expect(read.version).toBe(started.version + 1);
    const moved = (await historyOf(h, started.id)).filter((r) => r.actor === 'system:entitlement-clock');
    // Created Pending, it became Active as its start had passed, then Expired.
    expect(moved.map((r) => r.action)).toEqual(['passport.entitlements.activate', 'passport.entitlements.expire']);
    expect((await h.svc('POST', `${P}/entitlements/${started.id}/restore`)).statusCode).toBe(409);
  });

  it('expire while suspended, and a restore after the end gives an expired entitlement', async () => {
    const userId = await newUser(h);
    const e = await create({ userId, startTime: inDays(-1), endTime: inDays(1) });
    const suspended = await h.svc('POST', `${P}/entitlements/${e.id}/suspend`);
    expect(suspended.json().status).toBe('Suspended');
    await h.db.query(`UPDATE ${h.tableOf('passport', 'entitlements')} SET data = jsonb_set(data, '{endTime}', to_jsonb($2::text)) WHERE id = $1`, [e.id, inDays(-0.5)]);
    expect((await h.svc('POST', `${P}/entitlements/${e.id}/restore`)).statusCode).toBe(409);
    expect((await h.svc('GET', `${P}/entitlements/${e.id}`)).json().status).toBe('Expired');

    const f = await create({ userId, startTime: inDays(-1), endTime: inDays(1) });
    await h.svc('POST', `${P}/entitlements/${f.id}/suspend`);
    const updated = await h.svc('PUT', `${P}/entitlements/${f.id}`, { name: f.name, type: f.type, userId, startTime: f.startTime, endTime: inDays(-0.1), version: f.version + 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().status).toBe('Expired');
  });

  it("belong to a user of the app, to that user's persona, and end after they start", async () => {
    const userId = await newUser(h);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await h.svc('POST', `${P}/entitlements`, { name: 'x', type: 'Vip', startTime: inDays(1), ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    };
    await bad({ userId, endTime: inDays(0.5) }, '/endTime');
    await bad({ userId: 'no-such-user' }, '/userId');
    const someoneElse = await newPersona(h, await newUser(h));
    await bad({ userId, personaId: someoneElse }, '/personaId');
    const theirUser = await newUser(h, h.otherBasic);
    await bad({ userId: theirUser }, '/userId');
  });

  it('count by type, and a player reads only their own', async () => {
    const types = (await h.svc('GET', `${P}/entitlements/types`)).json();
    expect(types.types.map((t: { type: string }) => t.type)).toEqual(['MonthlyCard', 'Subscription', 'Vip', 'Dlc', 'AdFree', 'Other']);
    const before = types.types.find((t: { type: string }) => t.type === 'AdFree').count;
    const player = await newPlayer(h);
    const mine = await create({ userId: player.userId, type: 'AdFree', startTime: inDays(-1) });
    await create({ userId: await newUser(h), type: 'AdFree', startTime: inDays(-1) });
    const after = (await h.svc('GET', `${P}/entitlements/types`)).json().types.find((t: { type: string }) => t.type === 'AdFree').count;
    expect(after).toBe(before + 2);
    const own = await asPlayer(h, player, 'GET', `${P}/sdk/entitlements`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ total: 1, entitlements: [{ id: mine.id, status: 'Active' }] });
    expect((await other('GET', `${P}/entitlements/${mine.id}`)).statusCode).toBe(404);
    expect((await other('GET', `${P}/entitlements/types`)).json().types.every((t: { count: number }) => t.count === 0)).toBe(true);
  });
});

describe('terms, anti-addiction and namespaces', () => {
  it('give the game its terms before sign-in and its anti-addiction rules after it', async () => {
    const terms = await call(h, {}, 'GET', `${P}/sdk/tos?appId=${h.appId}`);
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toMatchObject({ termsVersion: '2026-01' });
    expect((await call(h, {}, 'GET', `${P}/sdk/tos?appId=${h.otherAppId}`)).statusCode).toBe(404);

    const player = await newPlayer(h);
    const rules = await asPlayer(h, player, 'GET', `${P}/sdk/anti-addiction`);
    expect(rules.statusCode, rules.body).toBe(200);
    expect(rules.json()).toMatchObject({
      enforced: false,
      ageBand: null,
      rules: null,
      bands: { under8: { monthlySpendingLimit: '0' }, from8to16: { dailyMinutes: 60, allowedFrom: '20:00', allowedTo: '21:00' }, over18: { dailyMinutes: 1440 } },
    });
    expect((await call(h, {}, 'GET', `${P}/sdk/anti-addiction`)).statusCode).toBe(401);
  });

  it('address namespaces by name', async () => {
    expect((await h.svc('GET', `${P}/namespaces/events`)).json()).toMatchObject({ name: 'events' });
    expect((await h.svc('GET', `${P}/namespaces`)).json().namespaces.map((n: { name: string }) => n.name)).toContain('season-1');
    expect((await other('GET', `${P}/namespaces/events`)).statusCode).toBe(404);
  });
});
