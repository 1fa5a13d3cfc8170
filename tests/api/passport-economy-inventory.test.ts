import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asOther, give, holdings, newPlayer, newProduct, newResource, ok, type TestPlayer } from './passport-economy-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let gold: string;
let potion: string;
let cny: string;

beforeAll(async () => {
  h = await startHarness();
  gold = await newResource(h, 'VirtualCurrency');
  potion = await newResource(h, 'Item');
  cny = await newResource(h, 'Currency');
});
afterAll(() => h.close());

const buy = (p: TestPlayer, productId: string) => p.call('POST', `${B}/sdk/products/${productId}/purchase`);
const entries = async (personaId: string) =>
  Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE kind = 'inventory' AND data->>'personaId' = $1", [personaId])).rows[0].n);
const fill = (personaId: string, n: number) =>
  h.db.query(
    `INSERT INTO records (service, kind, id, scope_id, data)
     SELECT 'passport', 'inventory', md5($2 || g::text), $1, jsonb_build_object('personaId', $2::text, 'resource', 'filler-' || g, 'amount', '1')
       FROM generate_series(1, $3::int) AS g`,
    [h.appId, personaId, n],
  );
/** Properties whose JSON is exactly `bytes` bytes of UTF-8, written with three-byte characters. */
const propsOfBytes = (bytes: number) => ({ k: '中'.repeat((bytes - 8) / 3) });

describe('inventory capacity (5000 entries per persona)', () => {
  it('refuses a purchase that would need a 5001st entry, applying nothing; adding to held entries still works', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '100');
    await fill(p.personaId, 4998);
    expect(await entries(p.personaId)).toBe(4999);
    const a = await newResource(h, 'Item');
    const b = await newResource(h, 'Item');
    const two = await newProduct(h, { resource: gold, amount: '10' }, [{ resource: a, amount: '1' }, { resource: b, amount: '1' }]);
    const refused = await buy(p, two);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INVENTORY_FULL', message: 'inventory capacity exceeded' });
    expect(await entries(p.personaId)).toBe(4999);
    expect((await holdings(h, p.personaId))[gold]).toBe('100');

    const one = await newProduct(h, { resource: gold, amount: '10' }, [{ resource: a, amount: '1' }]);
    ok(await buy(p, one));
    expect(await entries(p.personaId)).toBe(5000);
    // Full: another new resource is refused, more of a held one is not.
    expect((await buy(p, two)).statusCode).toBe(409);
    ok(await buy(p, one));
    const held = await holdings(h, p.personaId);
    expect([held[gold], held[a], held[b]]).toEqual(['80', '2', undefined]);
    // The game's server cannot add a 5001st entry either.
    const direct = await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: b, amount: '1' });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().details).toEqual([{ field: '/personaId', message: 'a persona holds at most 5000 inventory entries' }]);
  });
});

describe('entry properties (at most 512 bytes of UTF-8 JSON)', () => {
  it('accepts exactly 512 bytes and refuses 513 or more, counting bytes, not characters', async () => {
    const p = await newPlayer(h);
    const at = ok<{ id: string; version: number }>(await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: potion, amount: '1', properties: propsOfBytes(512) }), 201);
    const over = await h.svc('PUT', `${B}/inventory/${at.id}`, { personaId: p.personaId, resource: potion, amount: '1', properties: propsOfBytes(515), version: at.version });
    expect(over.statusCode).toBe(400);
    expect(over.json().details[0].field).toBe('/properties');
    expect((await h.svc('GET', `${B}/inventory/${at.id}`)).json().version).toBe(1);

    const product = await h.svc('POST', `${B}/products`, { name: 'Too rich', priceResource: gold, priceAmount: '1', contents: [{ resource: potion, amount: '1', properties: propsOfBytes(515) }] });
    expect(product.statusCode).toBe(400);
    expect(product.json().details).toEqual([{ field: '/contents/0/properties', message: 'properties exceed 512 bytes (515 bytes)' }]);
  });

  it('refuses a grant whose merged properties would pass the limit, applying nothing', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '50');
    ok(await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: potion, amount: '1', properties: { a: 'x'.repeat(300) } }), 201);
    const product = await newProduct(h, { resource: gold, amount: '10' }, [{ resource: potion, amount: '1', properties: { b: 'y'.repeat(300) } }]);
    const res = await buy(p, product);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONTENTS_UNAVAILABLE');
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '50', [potion]: '1' });
  });
});

describe('inventory entries written by the game server', () => {
  it('must name a persona of the app, a holdable resource and an amount it allows; one entry per resource', async () => {
    const p = await newPlayer(h);
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    const cases: [Record<string, unknown>, string][] = [
      [{ personaId: stranger.personaId, resource: potion, amount: '1' }, '/personaId'],
      [{ personaId: p.personaId, resource: 'no-such-thing', amount: '1' }, '/resource'],
      [{ personaId: p.personaId, resource: cny, amount: '1' }, '/resource'],
      [{ personaId: p.personaId, resource: potion, amount: '1.5' }, '/amount'],
      [{ personaId: p.personaId, resource: potion, amount: '0' }, '/amount'],
    ];
    for (const [body, field] of cases) {
      const res = await h.svc('POST', `${B}/inventory`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await entries(p.personaId)).toBe(0);
    const entry = ok<{ id: string }>(await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: potion, amount: '2' }), 201);
    expect((await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: potion, amount: '3' })).statusCode).toBe(409);
    const moved = await h.svc('PUT', `${B}/inventory/${entry.id}`, { personaId: p.personaId, resource: gold, amount: '2', version: 1 });
    expect(moved.statusCode).toBe(400);
    ok(await h.svc('PUT', `${B}/inventory/${entry.id}`, { personaId: p.personaId, resource: potion, amount: '5', version: 1 }));
    expect(await holdings(h, p.personaId)).toEqual({ [potion]: '5' });
  });
});

describe("players' inventory calls", () => {
  it('list the selected persona’s entries only, and the game server reads any persona’s', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    await give(h, p.personaId, potion, '4');
    await give(h, q.personaId, gold, '9');
    const mine = ok<{ total: number; inventory: { resource: string; amount: string; personaId: string }[] }>(await p.call('GET', `${B}/sdk/inventory`));
    expect(mine.total).toBe(1);
    expect(mine.inventory.map((e) => [e.personaId, e.resource, e.amount])).toEqual([[p.personaId, potion, '4']]);
    const theirs = ok<{ inventory: { resource: string }[] }>(await h.svc('GET', `${B}/personas/${q.personaId}/inventory`));
    expect(theirs.inventory.map((e) => e.resource)).toEqual([gold]);
    expect((await h.svc('GET', `${B}/personas/no-such-persona/inventory`)).statusCode).toBe(404);
  });

  it('consume items: down to zero removes the entry; currencies, other players’ entries and too much are refused', async () => {
    const p = await newPlayer(h);
    const q = await newPlayer(h);
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    const item = ok<{ id: string }>(await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: potion, amount: '3' }), 201);
    const coins = ok<{ id: string }>(await h.svc('POST', `${B}/inventory`, { personaId: p.personaId, resource: gold, amount: '3' }), 201);
    const use = (who: TestPlayer, id: string, amount: string) => who.call('POST', `${B}/sdk/inventory/${id}/consume`, { amount });

    expect(ok<{ entry: { amount: string } }>(await use(p, item.id, '1')).entry.amount).toBe('2');
    expect((await use(p, item.id, '3')).json()).toMatchObject({ code: 'NOT_ENOUGH_ITEMS' });
    expect((await use(p, coins.id, '1')).json()).toMatchObject({ code: 'NOT_AN_ITEM' });
    expect((await use(p, item.id, '0.5')).statusCode).toBe(400);
    expect((await use(q, item.id, '1')).statusCode).toBe(404);
    expect((await use(stranger, item.id, '1')).statusCode).toBe(404);
    expect(await holdings(h, p.personaId)).toEqual({ [potion]: '2', [gold]: '3' });

    expect(ok<{ entry: unknown }>(await use(p, item.id, '2')).entry).toBeNull();
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '3' });
  });
});

describe('inventory metrics', () => {
  it('count entries, holders and the total held per resource', async () => {
    const shard = await newResource(h, 'VirtualCurrency');
    const before = ok<{ entries: number; personas: number }>(await h.svc('GET', `${B}/inventory/metrics`));
    const [p, q] = [await newPlayer(h), await newPlayer(h)];
    await give(h, p.personaId, shard, '10');
    await give(h, q.personaId, shard, '32');
    await give(h, q.personaId, potion, '1');
    const after = ok<{ entries: number; personas: number; resources: { resource: string; holders: number; total: string; type: string }[] }>(
      await h.svc('GET', `${B}/inventory/metrics`),
    );
    expect(after.entries - before.entries).toBe(3);
    expect(after.personas - before.personas).toBe(2);
    expect(after.resources.find((r) => r.resource === shard)).toMatchObject({ holders: 2, total: '42', type: 'VirtualCurrency' });
    const other = ok<{ resources: { resource: string }[] }>(await asOther(h, 'GET', `${B}/inventory/metrics`));
    expect(other.resources.map((r) => r.resource)).not.toContain(shard);
  });
});
