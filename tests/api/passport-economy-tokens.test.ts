import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOf } from '../../server/context';
import { records } from '../../server/engine/query';
import { sweepTokenClasses } from '../../server/services/passport/economy/tokens';
import { startHarness, type Harness } from './harness';
import { asOther, holdings, newPlayer, newResource, ok, type TestPlayer } from './passport-economy-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let gold: string;
let potion: string;

beforeAll(async () => {
  h = await startHarness();
  gold = await newResource(h, 'VirtualCurrency');
  potion = await newResource(h, 'Item');
});
afterAll(() => h.close());

const HOUR = 3600_000;
let classes = 0;

/** A gift pack of 100 gold and a potion, released unless told otherwise. */
async function newClass(extra: Record<string, unknown> = {}, release = true): Promise<string> {
  classes += 1;
  const created = ok<{ id: string }>(await h.svc('POST', `${B}/token/classes`, { name: `Gift ${classes}`, contents: [{ resource: gold, amount: '100' }, { resource: potion, amount: '1' }], ...extra }), 201);
  if (release) ok(await h.svc('POST', `${B}/token/classes/${created.id}/release`, {}));
  return created.id;
}

async function codesOf(tokenClassId: string, count: number): Promise<{ id: string; code: string; status: string; usedCount: number }[]> {
  ok(await h.svc('POST', `${B}/token/instances/generate`, { tokenClassId, count }));
  const found = ok<{ total: number; tokenInstances: { id: string; code: string; status: string; usedCount: number }[] }>(
    await h.svc('POST', `${B}/token/instances/search`, { count: 1000, start: 0, tokenClassId }),
  );
  expect(found.total).toBe(count);
  return found.tokenInstances;
}

const redeem = (p: TestPlayer, code: string) => p.call('POST', `${B}/sdk/tokens/redeem`, { code });

describe('generating codes', () => {
  it('makes a large batch of unique codes of 20 unambiguous characters (100 bits), looked up through an index', async () => {
    const id = await newClass();
    const made = ok<{ generated: number; batchId: string }>(await h.svc('POST', `${B}/token/instances/generate`, { tokenClassId: id, count: 10000 }));
    expect(made.generated).toBe(10000);
    const rows = await h.db.query<{ code: string }>(`SELECT data->>'code' AS code FROM ${h.tableOf('passport', 'tokenInstances')} WHERE kind = 'tokenInstances' AND data->>'tokenClassId' = $1`, [id]);
    const codes = rows.rows.map((r) => r.code);
    expect(codes).toHaveLength(10000);
    expect(new Set(codes).size).toBe(10000);
    // Crockford's base 32: no I, L, O or U; four groups of five.
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    // Every symbol of the alphabet shows up, roughly evenly (200,000 symbols over 32: about 6,250 each).
    const tally = new Map<string, number>();
    for (const ch of codes.join('').replace(/-/g, '')) tally.set(ch, (tally.get(ch) ?? 0) + 1);
    expect(tally.size).toBe(32);
    for (const n of tally.values()) expect(Math.abs(n - 6250)).toBeLessThan(600);
    // A lookup by code uses the unique index the declaration asks for.
    const plan = await h.db.query<Record<string, string>>(
      `EXPLAIN SELECT id FROM ${h.tableOf('passport', 'tokenInstances')} WHERE service = 'passport' AND kind = 'tokenInstances' AND scope_id = $1 AND (data->>'code') = $2`,
      [h.appId, codes[0]],
    );
    expect(JSON.stringify(plan.rows)).toMatch(/Index/);
    expect((await h.svc('POST', `${B}/token/instances/generate`, { tokenClassId: id, count: 10001 })).statusCode).toBe(400);
    expect((await h.svc('POST', `${B}/token/instances/generate`, { tokenClassId: 'no-such-class', count: 1 })).statusCode).toBe(400);
  });
});

describe('redeeming codes', () => {
  it('grants the pack into the selected persona’s inventory, once per single-use code', async () => {
    const [code] = await codesOf(await newClass({ maxUsesPerPlayer: 5 }), 1);
    const p = await newPlayer(h);
    const done = ok<{ contents: unknown[] }>(await redeem(p, code.code.toLowerCase().replace(/-/g, ' ')));
    expect(done.contents).toHaveLength(2);
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '100', [potion]: '1' });
    const again = await redeem(await newPlayer(h), code.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'token has been fulfilled' });
    const info = ok<{ total: number; usedInfo: { userId: string; personaId: string }[] }>(await h.svc('GET', `${B}/token/instances/${code.id}/used-info`));
    expect(info.total).toBe(1);
    expect(info.usedInfo).toEqual([{ userId: p.userId, personaId: p.personaId, redeemedAt: expect.any(String) }]);
  });

  it("answers the spec's messages: an unknown code is 'failed to find token'", async () => {
    const res = await redeem(await newPlayer(h), 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('failed to find token');
  });

  it('lets exactly one of many concurrent redeems of a single-use code through', async () => {
    const [code] = await codesOf(await newClass(), 1);
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(h)));
    const answers = await Promise.all(players.map((p) => redeem(p, code.code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const granted = await Promise.all(players.map((p) => holdings(h, p.personaId)));
    expect(granted.filter((g) => g[gold] === '100')).toHaveLength(1);
    expect(ok<{ status: string; usedCount: number }>(await h.svc('GET', `${B}/token/instances/${code.id}`))).toMatchObject({ status: 'fulfilled', usedCount: 1 });
  });

  it('shares a multi-use code until its uses run out, and holds each player to the per-player limit', async () => {
    const id = await newClass({ maxUsesPerCode: 3, maxUsesPerPlayer: 1 });
    const [shared, second] = await codesOf(id, 2);
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => newPlayer(h)));
    ok(await redeem(a, shared.code));
    const twice = await redeem(a, second.code);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('token redeem limit reached');
    ok(await redeem(b, shared.code));
    ok(await redeem(c, shared.code));
    expect((await redeem(d, shared.code)).json().message).toBe('token has been fulfilled');
    expect(await holdings(h, a.personaId)).toEqual({ [gold]: '100', [potion]: '1' });
  });

  it('only while the pack is released and within its window', async () => {
    const p = await newPlayer(h);
    const [unreleased] = await codesOf(await newClass({}, false), 1);
    expect((await redeem(p, unreleased.code)).json().message).toBe('token class is not released');
    const [early] = await codesOf(await newClass({ validFrom: new Date(Date.now() + HOUR).toISOString() }), 1);
    expect((await redeem(p, early.code)).json().message).toBe('token is not yet valid');
    const lateClass = await newClass({ validFrom: new Date(Date.now() - 2 * HOUR).toISOString(), validUntil: new Date(Date.now() - HOUR).toISOString() });
    const [late] = await codesOf(lateClass, 1);
    expect((await redeem(p, late.code)).json().message).toBe('token has expired');
    expect(await holdings(h, p.personaId)).toEqual({});

    // Suspending takes a released pack back out; time moves released packs along (pending → active → expired).
    const suspended = await newClass();
    const [held] = await codesOf(suspended, 1);
    ok(await h.svc('POST', `${B}/token/classes/${suspended}/suspend`, {}));
    expect((await redeem(p, held.code)).json().message).toBe('token class is not released');
    await sweepTokenClasses(h.ctx);
    const statusOf = async (id: string) => ok<{ status: string }>(await h.svc('GET', `${B}/token/classes/${id}`)).status;
    expect(await statusOf(lateClass)).toBe('expired');
    const startingSoon = await newClass({ validFrom: new Date(Date.now() + HOUR).toISOString() });
    await sweepTokenClasses(h.ctx);
    expect(await statusOf(startingSoon)).toBe('pending');
    // Two hours on, the sweep starts it (read as stored: a call answers by the clock, where it has not started).
    await sweepTokenClasses(h.ctx, new Date(Date.now() + 2 * HOUR));
    const stored = await records(h.ctx.db, modelOf(h.ctx, 'passport', 'tokenClasses')).findEverywhere({ where: { id: startingSoon } });
    expect(stored.map((s) => s.record.status)).toEqual(['active']);
  });

  it('refuses invalidated codes; invalidation is single or in batch and only touches active codes', async () => {
    const id = await newClass({ maxUsesPerPlayer: 10 });
    const codes = await codesOf(id, 4);
    const p = await newPlayer(h);
    ok(await redeem(p, codes[3].code));
    ok(await h.svc('POST', `${B}/token/instances/${codes[0].id}/invalidate`, {}));
    expect((await redeem(p, codes[0].code)).json().message).toBe('token has been invalidated');
    const batch = ok<{ invalidated: number }>(await h.svc('POST', `${B}/token/instances/batch-invalidate`, { ids: codes.map((c) => c.id) }));
    expect(batch.invalidated).toBe(2);
    const statuses = await Promise.all(codes.map(async (c) => ok<{ status: string }>(await h.svc('GET', `${B}/token/instances/${c.id}`)).status));
    expect(statuses).toEqual(['invalidated', 'invalidated', 'invalidated', 'fulfilled']);
  });
});

describe('exporting codes', () => {
  it('answers a CSV attachment that parses back to the stored codes', async () => {
    const id = await newClass();
    const codes = await codesOf(id, 25);
    const res = await h.svc('GET', `${B}/token/instances/export?tokenClassId=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="redeem-codes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => r.code).sort()).toEqual(codes.map((c) => c.code).sort());
    expect(rows.every((r) => r.tokenClassId === id && r.status === 'active' && r.usedCount === '0')).toBe(true);
    const none = await h.svc('GET', `${B}/token/instances/export?tokenClassId=${id}&status=fulfilled`);
    expect(parse(none.body, { columns: true, bom: true })).toEqual([]);
  });
});

describe('isolation', () => {
  it("keeps another app and its players away from this app's codes and packs", async () => {
    const id = await newClass();
    const [code] = await codesOf(id, 1);
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    expect((await redeem(stranger, code.code)).json().message).toBe('failed to find token');
    expect((await asOther(h, 'POST', `${B}/token/instances/generate`, { tokenClassId: id, count: 5 })).statusCode).toBe(400);
    expect((await asOther(h, 'POST', `${B}/token/instances/${code.id}/invalidate`)).statusCode).toBe(404);
    expect(ok<{ invalidated: number }>(await asOther(h, 'POST', `${B}/token/instances/batch-invalidate`, { ids: [code.id] })).invalidated).toBe(0);
    expect((await asOther(h, 'GET', `${B}/token/instances/${code.id}/used-info`)).statusCode).toBe(404);
    const exported = await asOther(h, 'GET', `${B}/token/instances/export?tokenClassId=${id}`);
    expect(parse(exported.body, { columns: true, bom: true })).toEqual([]);
    const names = ok<{ names: { id: string }[] }>(await asOther(h, 'GET', `${B}/token/classes/names`));
    expect(names.names.map((n) => n.id)).not.toContain(id);
    expect(ok<{ names: { id: string; name: string }[] }>(await h.svc('GET', `${B}/token/classes/names`)).names.map((n) => n.id)).toContain(id);
    expect(ok<{ status: string }>(await h.svc('GET', `${B}/token/instances/${code.id}`)).status).toBe('active');
  });
});
