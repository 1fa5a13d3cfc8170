import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startHarness, type Harness } from './harness';
import { remoteConfig } from '../../resources/config';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const B = remoteConfig.base;
const config = (key: string, type: string, value: string, extra: object = {}) => ({ key, type, value, ...extra });

describe('configs', () => {
  it('lists the demo configs sorted by key, filtered by type and searched by text', async () => {
    const all = (await h.svc('GET', `${B}/configs`)).json();
    expect(all.total).toBe(5);
    const keys = all.items.map((c: { key: string }) => c.key);
    expect(keys).toEqual([...keys].sort());
    const ints = (await h.svc('GET', `${B}/configs?type=INT`)).json();
    expect(ints.items.map((c: { key: string }) => c.key)).toEqual(['daily_reward_coins']);
    const searched = (await h.svc('GET', `${B}/configs?q=DROP`)).json();
    expect(searched.items.map((c: { key: string }) => c.key)).toEqual(['drop_rate']);
    const page2 = (await h.svc('GET', `${B}/configs?page=2&pageSize=2&sort=key&order=desc`)).json();
    expect(page2.total).toBe(5);
    expect(page2.items.map((c: { key: string }) => c.key)).toEqual([...keys].reverse().slice(2, 4));
  });

  it('refuses list parameters it does not declare', async () => {
    for (const q of ['sort=value', 'pageSize=0', 'pageSize=1000', 'type=TEXT', 'page=-1', 'unknown=1']) {
      const res = await h.svc('GET', `${B}/configs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details[0].field, q).toMatch(/^query\./);
    }
  });

  it('accepts typed values as spec 002 §5 says and refuses the rest, naming the value field', async () => {
    const ok = [
      config('a_int', 'INT', '-42'),
      config('a_long', 'LONG', '9007199254740991'),
      config('a_float', 'FLOAT', '3.25'),
      config('a_bool', 'BOOL', 'anything'),
      config('a_str', 'STRING', 'hello'),
      config('a_json', 'JSON', '{"a":[1,2]}', { variableType: 'json' }),
    ];
    for (const body of ok) expect((await h.svc('POST', `${B}/configs`, body)).statusCode, body.key).toBe(201);
    const bad = [
      config('b_int', 'INT', '1.5'),
      config('b_long', 'LONG', '9007199254740992'),
      config('b_float', 'FLOAT', 'abc'),
      config('b_json', 'JSON', '{oops'),
      config('b_empty', 'STRING', ''),
    ];
    for (const body of bad) {
      const res = await h.svc('POST', `${B}/configs`, body);
      expect(res.statusCode, body.key).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), body.key).toContain('/value');
    }
    const jsonNotJson = await h.svc('POST', `${B}/configs`, config('b_var', 'STRING', 'x', { variableType: 'json' }));
    expect(jsonNotJson.statusCode).toBe(400);
    expect(jsonNotJson.json().details.map((d: { field: string }) => d.field)).toContain('/type');
    const badName = await h.svc('POST', `${B}/configs`, config('9 lives', 'INT', '9'));
    expect(badName.json().details[0].field).toBe('/key');
    const left = (await h.svc('GET', `${B}/configs?q=b_`)).json();
    expect(left.total).toBe(0);
  });

  it('refuses a duplicate key with 409 and keeps the first', async () => {
    const first = await h.svc('POST', `${B}/configs`, config('dup_key', 'INT', '1'));
    expect(first.statusCode).toBe(201);
    const second = await h.svc('POST', `${B}/configs`, config('dup_key', 'INT', '2'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'DUPLICATE', details: [{ field: '/key' }] });
    const found = (await h.svc('GET', `${B}/configs?q=dup_key`)).json();
    expect(found.items.map((c: { value: string }) => c.value)).toEqual(['1']);
  });

  it('updates with the version read, and deletes one or several at once', async () => {
    const c = (await h.svc('POST', `${B}/configs`, config('upd_me', 'INT', '1'))).json();
    const got = (await h.svc('GET', `${B}/configs/${c.id}`)).json();
    expect(got.value).toBe('1');
    const missingVersion = await h.svc('PUT', `${B}/configs/${c.id}`, config('upd_me', 'INT', '2'));
    expect(missingVersion.statusCode).toBe(400);
    const upd = await h.svc('PUT', `${B}/configs/${c.id}`, { ...config('upd_me', 'INT', '2'), version: 1 });
    expect(upd.json()).toMatchObject({ value: '2', version: 2 });
    expect((await h.svc('DELETE', `${B}/configs/${c.id}`)).statusCode).toBe(204);
    expect((await h.svc('DELETE', `${B}/configs/${c.id}`)).statusCode).toBe(404);

    const ids = [];
    for (const k of ['bulk_1', 'bulk_2', 'bulk_3']) ids.push((await h.svc('POST', `${B}/configs`, config(k, 'INT', '1'))).json().id);
    const del = await h.svc('DELETE', `${B}/configs?ids=${ids[0]}&ids=${ids[1]}`);
    expect(del.json()).toEqual({ deleted: 2 });
    expect((await h.svc('GET', `${B}/configs/${ids[2]}`)).statusCode).toBe(200);
    expect((await h.svc('DELETE', `${B}/configs`)).statusCode).toBe(400);
  });
});

describe('overrides', () => {
  const override = (extra: object = {}) => ({ name: 'VIP', rule: 'user.vip == true', variants: [{ name: 'variant 1', weight: 100, values: { daily_reward_coins: '500' } }], ...extra });

  it('creates an override enabled, with the default variant and priority', async () => {
    const res = await h.svc('POST', `${B}/overrides`, { name: 'Defaults only' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'enable', priority: 100, rolloutPercentage: 100, rule: '', variants: [{ name: 'variant 1', weight: 100, values: {} }] });
  });

  it('refuses broken rules, backwards schedules, bad weights and values for unknown or mistyped configs', async () => {
    const cases: [object, string][] = [
      [override({ rule: 'user.country == ' }), '/rule'],
      [override({ startTime: '2026-05-01T00:00:00Z', endTime: '2026-04-01T00:00:00Z' }), '/endTime'],
      [override({ variants: [{ name: 'variant 1', weight: 60, values: {} }] }), '/variants'],
      [override({ variants: [{ name: 'a', weight: 50, values: {} }, { name: 'a', weight: 50, values: {} }] }), '/variants/1/name'],
      [override({ variants: [{ name: 'variant 1', weight: 100, values: { no_such_key: '1' } }] }), '/variants/0/values/no_such_key'],
      [override({ variants: [{ name: 'variant 1', weight: 100, values: { daily_reward_coins: 'lots' } }] }), '/variants/0/values/daily_reward_coins'],
      [override({ rolloutPercentage: 101 }), '/rolloutPercentage'],
      [override({ status: 'disable' }), '/status'],
    ];
    const before = (await h.svc('GET', `${B}/overrides`)).json().total;
    for (const [body, field] of cases) {
      const res = await h.svc('POST', `${B}/overrides`, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), field).toContain(field);
    }
    expect((await h.svc('GET', `${B}/overrides`)).json().total).toBe(before);
  });

  it('validates rules and says where a broken one breaks', async () => {
    expect((await h.svc('POST', `${B}/overrides/validate-rule`, { rule: 'user.country == "CN"' })).json()).toEqual({ valid: true });
    expect((await h.svc('POST', `${B}/overrides/validate-rule`, { rule: '' })).json()).toEqual({ valid: true });
    const broken = (await h.svc('POST', `${B}/overrides/validate-rule`, { rule: 'user.level > 10 &&' })).json();
    expect(broken.valid).toBe(false);
    expect(typeof broken.error.message).toBe('string');
    expect((await h.svc('POST', `${B}/overrides/validate-rule`, {})).statusCode).toBe(400);
  });

  it('disables and enables only from the other state', async () => {
    const o = (await h.svc('POST', `${B}/overrides`, override())).json();
    expect((await h.svc('PUT', `${B}/overrides/${o.id}/enable`)).statusCode).toBe(409);
    const off = await h.svc('PUT', `${B}/overrides/${o.id}/disable`);
    expect(off.json()).toMatchObject({ status: 'disable', version: 2 });
    const again = await h.svc('PUT', `${B}/overrides/${o.id}/disable`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVALID_TRANSITION');
    expect((await h.svc('PUT', `${B}/overrides/${o.id}/enable`)).json().status).toBe('enable');
    const stale = await h.req({ method: 'PUT', url: `${B}/overrides/${o.id}/disable`, payload: { version: 1 }, headers: { authorization: h.basic } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
  });

  it('reads and replaces variants on their own path, with the same checks', async () => {
    const o = (await h.svc('POST', `${B}/overrides`, override())).json();
    const v = (await h.svc('GET', `${B}/overrides/${o.id}/variants`)).json();
    expect(v).toEqual({ variants: o.variants, version: 1 });
    const next = [
      { name: 'low', weight: 30, values: { daily_reward_coins: '200' } },
      { name: 'high', weight: 70, values: { daily_reward_coins: '400' } },
    ];
    const put = await h.svc('PUT', `${B}/overrides/${o.id}/variants`, { variants: next, version: 1 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ variants: next, version: 2, name: 'VIP' });
    const bad = await h.svc('PUT', `${B}/overrides/${o.id}/variants`, { variants: [{ name: 'x', weight: 10, values: {} }] });
    expect(bad.statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/overrides/${o.id}`)).json().variants).toEqual(next);
  });

  it('bulk-deletes overrides by repeated ids', async () => {
    const a = (await h.svc('POST', `${B}/overrides`, override({ name: 'del a' }))).json();
    const b = (await h.svc('POST', `${B}/overrides`, override({ name: 'del b' }))).json();
    expect((await h.svc('DELETE', `${B}/overrides?ids=${a.id}&ids=${b.id}`)).json()).toEqual({ deleted: 2 });
    expect((await h.svc('GET', `${B}/overrides/${a.id}`)).statusCode).toBe(404);
  });
});

describe('evaluation', () => {
  it('simulates what a player gets and why, and the player fetch agrees', async () => {
    const context = { user: { id: 'player-1', country: 'CN' }, app: { version: '1.0.0' } };
    const sim = await h.svc('POST', `${B}/settings/simulate`, { context });
    expect(sim.statusCode, sim.body).toBe(200);
    const body = sim.json();
    expect(body.settings.daily_reward_coins).toBe(150);
    expect(body.settings.drop_rate).toBe(0.05);
    expect(body.settings.shop_layout).toEqual({ tabs: ['featured', 'coins', 'skins'], columns: 3 });
    const china = body.overrides.find((o: { name: string }) => o.name === 'Mainland China reward boost');
    expect(china).toMatchObject({ applied: true, reason: 'applied', variant: 'variant 1' });
    const spring = body.overrides.find((o: { name: string }) => o.name === 'Spring event A/B');
    expect(spring).toMatchObject({ applied: false, reason: 'rule-false' });
    const coins = body.configs.find((c: { key: string }) => c.key === 'daily_reward_coins');
    expect(coins).toMatchObject({ source: 'override', overrideName: 'Mainland China reward boost' });

    const fetched = await h.svc('POST', `${B}/settings`, { context });
    expect(fetched.json().settings).toEqual(body.settings);
    const appliedInSimulation = body.overrides
      .filter((o: { applied: boolean }) => o.applied)
      .map((o: { id: string; name: string; variant: string }) => ({ overrideId: o.id, overrideName: o.name, variant: o.variant }));
    expect(fetched.json().applied).toEqual(appliedInSimulation);
    expect(appliedInSimulation).toContainEqual({ overrideId: china.id, overrideName: china.name, variant: 'variant 1' });

    const elsewhere = (await h.svc('POST', `${B}/settings/simulate`, { context: { user: { id: 'player-1', country: 'FR' } } })).json();
    expect(elsewhere.settings.daily_reward_coins).toBe(100);
  });

  it('refuses a context that is not an object', async () => {
    expect((await h.svc('POST', `${B}/settings/simulate`, { context: 'x' })).statusCode).toBe(400);
    expect((await h.svc('POST', `${B}/settings/simulate`, {})).statusCode).toBe(400);
  });

  it('counts fetches and simulations per day', async () => {
    const before = (await h.svc('GET', `${B}/usages/total`)).json();
    await h.svc('POST', `${B}/settings/simulate`, { context: { user: { id: 'u' } } });
    await h.svc('POST', `${B}/settings`, { context: { user: { id: 'u' } } });
    await h.svc('POST', `${B}/settings`, { context: { user: { id: 'u' } } });
    const after = (await h.svc('GET', `${B}/usages/total`)).json();
    expect(after.fetch - before.fetch).toBe(2);
    expect(after.simulate - before.simulate).toBe(1);
    expect(after.total).toBe(after.fetch + after.simulate);
    const days = (await h.svc('GET', `${B}/usages/date?start=2026-01-01&end=2026-01-07`)).json();
    expect(days.items).toHaveLength(7);
    expect(days.items[0]).toEqual({ date: '2026-01-01', fetch: 0, simulate: 0 });
    const recent = (await h.svc('GET', `${B}/usages/date`)).json().items;
    expect(recent).toHaveLength(30);
    expect(recent.reduce((s: number, d: { fetch: number }) => s + d.fetch, 0)).toBe(after.fetch);
    const byApp = (await h.svc('GET', `${B}/usages/app`)).json().items;
    expect(byApp).toEqual([{ appId: h.appId, fetch: after.fetch, simulate: after.simulate }]);
    expect((await h.svc('GET', `${B}/usages/date?start=2026-02-01&end=2026-01-01`)).statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/usages/date?start=2020-01-01&end=2026-01-01`)).statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/usages/date?start=yesterday`)).statusCode).toBe(400);
  });
});

describe('credentials', () => {
  it("keeps another organisation's app credential on its own data", async () => {
    const other = (await h.req({ method: 'GET', url: `${B}/configs`, headers: { authorization: h.otherBasic } })).json();
    expect(other.total).toBe(0);
    const demo = (await h.svc('GET', `${B}/configs`)).json();
    const res = await h.req({ method: 'GET', url: `${B}/configs/${demo.items[0].id}`, headers: { authorization: h.otherBasic } });
    expect(res.statusCode).toBe(404);
    const sim = await h.req({ method: 'POST', url: `${B}/settings/simulate`, payload: { context: {} }, headers: { authorization: h.otherBasic } });
    expect(sim.json().settings).toEqual({});
  });

  it('lets an administrator in with both app-id headers, and no one without them', async () => {
    const cookie = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
    const ok = await h.req({ method: 'GET', url: `${B}/configs`, headers: { cookie, 'x-app-id': h.appId, 'x-lodestar-app-id': h.appId } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBeGreaterThan(0);
    const one = await h.req({ method: 'GET', url: `${B}/configs`, headers: { cookie, 'x-app-id': h.appId } });
    expect(one.statusCode).toBe(403);
    const userCookie = await h.login();
    const user = await h.req({ method: 'GET', url: `${B}/configs`, headers: { cookie: userCookie, 'x-app-id': h.appId, 'x-lodestar-app-id': h.appId } });
    expect(user.statusCode).toBe(401);
  });

  it('refuses an app without the service enabled', async () => {
    await h.db.query(`UPDATE apps SET services = '{}'::jsonb WHERE app_id = $1`, [h.otherAppId]);
    await h.req({ method: 'POST', url: `${B}/refresh-token`, headers: { authorization: h.otherBasic } });
    const res = await h.req({ method: 'GET', url: `${B}/configs`, headers: { authorization: h.otherBasic } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('service not enabled');
  });

  it('drops a cached credential on refresh-token so a rotated secret takes effect', async () => {
    const original = (await h.db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [h.appId])).rows[0].s;
    expect((await h.svc('GET', `${B}/configs`)).statusCode).toBe(200);
    await h.db.query(`UPDATE apps SET app_service_secret = 'rotated-secret' WHERE app_id = $1`, [h.appId]);
    expect((await h.svc('POST', `${B}/refresh-token`)).json()).toEqual({ refreshed: true });
    expect((await h.svc('GET', `${B}/configs`)).statusCode).toBe(401);
    const fresh = `Basic ${Buffer.from(`${h.appId}:rotated-secret`).toString('base64')}`;
    expect((await h.req({ method: 'GET', url: `${B}/configs`, headers: { authorization: fresh } })).statusCode).toBe(200);
    await h.db.query('UPDATE apps SET app_service_secret = $1 WHERE app_id = $2', [original, h.appId]);
    h.ctx.apps.forget(h.appId);
  });
});

describe('hostile input', () => {
  const raw = (url: string, payload: string) =>
    h.req({ method: 'POST', url, payload, headers: { authorization: h.basic, 'content-type': 'application/json' } });

  it('refuses text with NUL characters with 400 and stores nothing', async () => {
    const before = (await h.svc('GET', `${B}/configs`)).json().total;
    for (const body of [{ key: 'nul_a', type: 'STRING', value: 'a\u0000b' }, { key: 'nul_b', type: 'STRING', value: 'x', description: '\u0000' }]) {
      const res = await h.svc('POST', `${B}/configs`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETERS');
    }
    expect((await h.svc('GET', `${B}/configs?q=%00`)).statusCode).toBe(400);
    expect((await h.svc('GET', `${B}/configs`)).json().total).toBe(before);
    // An escaped backslash before "u0000" is ordinary text.
    const literal = await h.svc('POST', `${B}/configs`, { key: 'not_nul', type: 'STRING', value: '\\u0000' });
    expect(literal.statusCode).toBe(201);
    expect(literal.json().value).toBe('\\u0000');
  });

  it('refuses deeply nested contexts and oversized versions with 400, never a 500', async () => {
    const deep = await raw(`${B}/settings/simulate`, `{"context":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('INVALID_PARAMETERS');
    const c = (await h.svc('GET', `${B}/configs`)).json().items[0];
    const huge = await h.svc('PUT', `${B}/configs/${c.id}`, { key: c.key, type: c.type, value: c.value, version: 99999999999 });
    expect(huge.statusCode).toBe(400);
    expect((await raw(`${B}/configs`, '{"key": "broken",')).statusCode).toBe(400);
  });
});
