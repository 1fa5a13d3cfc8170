import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asOther, newPlayer, newProduct, newResource, notification, notify, ok } from './passport-economy-fixtures';
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

const fieldsOf = (res: { json: () => { details?: { field: string }[] } }) => (res.json().details ?? []).map((d) => d.field);
const count = async (kind: string, appId = h.appId) =>
  Number((await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${h.tableOf('passport', kind)} WHERE kind = $1 AND scope_id = $2`, [kind, appId])).rows[0].n);

describe('resources', () => {
  it('a real currency has a currency code and at most 2 decimals; nothing else has a code', async () => {
    const before = await count('resources');
    expect(fieldsOf(await h.svc('POST', `${B}/resources`, { slugName: 'usd-x', name: 'USD', type: 'Currency', decimals: 2 }))).toEqual(['/currencyCode']);
    expect(fieldsOf(await h.svc('POST', `${B}/resources`, { slugName: 'usd-y', name: 'USD', type: 'Currency', currencyCode: 'USD', decimals: 3 }))).toEqual(['/decimals']);
    expect(fieldsOf(await h.svc('POST', `${B}/resources`, { slugName: 'gold-z', name: 'Gold', type: 'VirtualCurrency', currencyCode: 'CNY' }))).toEqual(['/currencyCode']);
    expect(fieldsOf(await h.svc('POST', `${B}/resources`, { slugName: 'bad--slug', name: 'x', type: 'Item' }))).toEqual(['/slugName']);
    expect(await count('resources')).toBe(before);
  });

  it('are read by slug, and keep slug, type and decimals once products use them', async () => {
    const slug = await newResource(h, 'Item');
    const got = ok<{ id: string; version: number; name: string }>(await h.svc('GET', `${B}/resources/${slug}`));
    const rename = ok<{ version: number }>(await h.svc('PUT', `${B}/resources/${slug}`, { slugName: `${slug}-2`, name: got.name, type: 'Item', version: got.version }));
    await newProduct(h, { resource: gold, amount: '1' }, [{ resource: `${slug}-2`, amount: '1' }], false);
    const refused = await h.svc('PUT', `${B}/resources/${got.id}`, { slugName: `${slug}-3`, name: got.name, type: 'VirtualCurrency', version: rename.version });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual(['/slugName', '/type']);
    // The name is free to change.
    ok(await h.svc('PUT', `${B}/resources/${got.id}`, { slugName: `${slug}-2`, name: 'Renamed', type: 'Item', version: rename.version }));
  });
});

describe('products', () => {
  it('name existing resources, allowed amounts, a holdable content and an existing category', async () => {
    const before = await count('products');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ priceResource: 'nothing-here', priceAmount: '1', contents: [{ resource: potion, amount: '1' }] }, ['/priceResource']],
      [{ priceResource: gold, priceAmount: '1.5', contents: [{ resource: potion, amount: '1' }] }, ['/priceAmount']],
      [{ priceResource: gold, priceAmount: '0', contents: [{ resource: potion, amount: '1' }] }, ['/priceAmount']],
      [{ priceResource: cny, priceAmount: '6.001', contents: [{ resource: potion, amount: '1' }] }, ['/priceAmount']],
      [{ priceResource: gold, priceAmount: '1', contents: [{ resource: cny, amount: '1' }] }, ['/contents/0/resource']],
      [{ priceResource: gold, priceAmount: '1', contents: [{ resource: potion, amount: '1' }], categoryId: 'no-such-category' }, ['/categoryId']],
      [{ priceResource: gold, priceAmount: 1, contents: [{ resource: potion, amount: '1' }] }, ['/priceAmount']],
    ];
    for (const [body, fields] of cases) {
      const res = await h.svc('POST', `${B}/products`, { name: 'Bad', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
    expect(await count('products')).toBe(before);
  });

  it('in detail: with category, transaction type and resolved resources', async () => {
    const category = ok<{ id: string }>(await h.svc('POST', `${B}/categories`, { name: 'Top up' }), 201);
    const created = ok<{ id: string }>(await h.svc('POST', `${B}/products`, { name: 'Pack', categoryId: category.id, priceResource: cny, priceAmount: '6.00', contents: [{ resource: gold, amount: '600' }] }), 201);
    const detail = ok<Record<string, unknown>>(await h.svc('GET', `${B}/products/${created.id}/detail`));
    expect(detail).toMatchObject({
      product: { id: created.id, status: 'unpublished' },
      category: { id: category.id, name: 'Top up' },
      transactionType: 'RealMoneyPurchase',
      price: { resource: cny, amount: '6.00', type: 'Currency', currencyCode: 'CNY' },
      contents: [{ resource: gold, amount: '600', type: 'VirtualCurrency', available: true }],
    });
    expect((await asOther(h, 'GET', `${B}/products/${created.id}/detail`)).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('publish and revoke every product of the category at once, and only theirs', async () => {
    const cat = ok<{ id: string }>(await h.svc('POST', `${B}/categories`, { name: 'Weekend sale' }), 201);
    const mk = (categoryId?: string) =>
      h.svc('POST', `${B}/products`, { name: 'Item', categoryId, priceResource: gold, priceAmount: '5', contents: [{ resource: potion, amount: '1' }] }).then((r) => ok<{ id: string }>(r, 201).id);
    const inside = [await mk(cat.id), await mk(cat.id)];
    const outside = await mk();
    const statusOf = async (id: string) => ok<{ status: string }>(await h.svc('GET', `${B}/products/${id}`)).status;

    // Another app cannot touch the category.
    expect((await asOther(h, 'POST', `${B}/categories/${cat.id}/products/publish`)).statusCode).toBe(404);
    expect(await statusOf(inside[0])).toBe('unpublished');

    expect(ok<{ updated: number }>(await h.svc('POST', `${B}/categories/${cat.id}/products/publish`)).updated).toBe(2);
    expect([await statusOf(inside[0]), await statusOf(inside[1]), await statusOf(outside)]).toEqual(['published', 'published', 'unpublished']);
    expect(ok<{ updated: number }>(await h.svc('POST', `${B}/categories/${cat.id}/products/publish`)).updated).toBe(0);
    expect(ok<{ updated: number }>(await h.svc('POST', `${B}/categories/${cat.id}/products/revoke`)).updated).toBe(2);
    expect(await statusOf(inside[1])).toBe('unpublished');
    expect((await h.svc('POST', `${B}/categories/no-such-category/products/revoke`)).statusCode).toBe(404);

    // A product whose category was deleted can still be edited; naming a missing category is refused.
    const product = ok<Record<string, unknown>>(await h.svc('GET', `${B}/products/${inside[0]}`));
    expect((await h.svc('DELETE', `${B}/categories/${cat.id}`)).statusCode).toBe(204);
    const { id: _id, status: _s, createdAt: _c, updatedAt: _u, ...fields } = product;
    ok(await h.svc('PUT', `${B}/products/${inside[0]}`, { ...fields, name: 'Renamed' }));
    const moved = await h.svc('PUT', `${B}/products/${outside}`, { name: 'Item', categoryId: cat.id, priceResource: gold, priceAmount: '5', contents: [{ resource: potion, amount: '1' }], version: 1 });
    expect(fieldsOf(moved)).toEqual(['/categoryId']);
  });
});

describe('imports', () => {
  it('store the good rows of a resources CSV and report the bad ones by row', async () => {
    const before = await count('resources');
    const csv = [
      'slugName,name,type,decimals,currencyCode',
      'iron-ore,Iron ore,Item,0,',
      'bad slug,Broken,Item,0,',
      'iron-ore,Again,Item,0,',
      `${gold},Taken,VirtualCurrency,0,`,
      'euro,Euro,Currency,2,',
      'silver,Silver,VirtualCurrency,2,',
    ].join('\n');
    const report = ok<{ total: number; imported: number; failed: { row: number; errors: { field: string }[] }[] }>(
      await h.svc('POST', `${B}/resources/import`, { format: 'csv', content: csv }),
    );
    expect(report.total).toBe(6);
    expect(report.imported).toBe(2);
    expect(report.failed.map((f) => [f.row, f.errors.map((e) => e.field)])).toEqual([
      [2, ['/slugName']],
      [3, ['/slugName']],
      [4, ['/slugName']],
      [5, ['/currencyCode']],
    ]);
    expect(await count('resources')).toBe(before + 2);
    expect(ok<{ decimals: number }>(await h.svc('GET', `${B}/resources/silver`)).decimals).toBe(2);
  });

  it('store the good rows of a products JSON file and report the bad ones', async () => {
    const before = await count('products');
    const rows = [
      { name: 'Good', priceResource: gold, priceAmount: '10', contents: [{ resource: potion, amount: '2' }] },
      { name: 'Unknown resource', priceResource: 'nope', priceAmount: '10', contents: [{ resource: potion, amount: '2' }] },
      { name: 'No contents', priceResource: gold, priceAmount: '10', contents: [] },
      { name: 'Also good', priceResource: cny, priceAmount: '1.50', contents: [{ resource: gold, amount: '150' }] },
    ];
    const report = ok<{ imported: number; failed: { row: number }[] }>(await h.svc('POST', `${B}/products/import`, { format: 'json', content: JSON.stringify(rows) }));
    expect(report.imported).toBe(2);
    expect(report.failed.map((f) => f.row)).toEqual([2, 3]);
    expect(await count('products')).toBe(before + 2);
    expect((await h.svc('POST', `${B}/products/import`, { format: 'json', content: '{not json' })).statusCode).toBe(400);
    expect(await count('products')).toBe(before + 2);
  });
});

describe('transaction metrics', () => {
  it("count paid purchases and revenue per Shanghai day, by state and by product, for the caller's app only", async () => {
    // The other app has no purchases of its own: build its economy through its own credential.
    const post = async (url: string, body: unknown, status = 200) => {
      const res = await asOther(h, 'POST', url, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const coin = 'coin';
    await post(`${B}/resources`, { slugName: coin, name: 'Coin', type: 'VirtualCurrency' }, 201);
    await post(`${B}/resources`, { slugName: 'rmb', name: 'RMB', type: 'Currency', currencyCode: 'CNY', decimals: 2 }, 201);
    const real = (await post(`${B}/products`, { name: 'Coin pack', priceResource: 'rmb', priceAmount: '6.00', contents: [{ resource: coin, amount: '60' }] }, 201)).id;
    const virtual = (await post(`${B}/products`, { name: 'Coin swap', priceResource: coin, priceAmount: '10', contents: [{ resource: coin, amount: '1' }] }, 201)).id;
    await post(`${B}/products/${real}/publish`, {});
    await post(`${B}/products/${virtual}/publish`, {});
    const p = await newPlayer(h, { appId: h.otherAppId });
    const pay = async (result: 'paid' | 'closed' | 'none') => {
      const o = (await post(`${B}/products/${real}/purchase`, { personaId: p.personaId })).payment;
      if (result !== 'none') await notify(h, await notification(h, { outTradeNo: o.outTradeNo, amount: o.amount }, result === 'closed' ? { trade_status: 'TRADE_CLOSED' } : {}));
    };
    await pay('paid');
    await pay('paid');
    await pay('closed');
    await pay('none');
    await post(`${B}/products/${virtual}/purchase`, { personaId: p.personaId });

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const m = (await asOther(h, 'GET', `${B}/transactions/metrics?from=${today}&to=${today}`)).json();
    expect(m.totals).toEqual({ purchases: 3, realMoney: 2, virtual: 1, revenue: [{ currencyCode: 'CNY', amount: '12.00' }] });
    expect(m.daily).toEqual([{ date: today, realMoney: 2, virtual: 1 }]);
    expect(m.dailyRevenue).toEqual([{ date: today, currencyCode: 'CNY', amount: '12.00' }]);
    expect(m.byStatus).toEqual([
      { status: 'ChargeFailed', count: 1 },
      { status: 'Fulfilled', count: 3 },
      { status: 'Pending', count: 1 },
    ]);
    expect(m.topProducts[0]).toMatchObject({ productId: real, productName: 'Coin pack', purchases: 2, revenue: [{ currencyCode: 'CNY', amount: '12.00' }] });

    // The default range is the last 30 days; ranges must run forward and span at most 366 days.
    expect((await asOther(h, 'GET', `${B}/transactions/metrics`)).json().daily).toHaveLength(30);
    expect((await asOther(h, 'GET', `${B}/transactions/metrics?from=2026-02-02&to=2026-02-01`)).statusCode).toBe(400);
    expect((await asOther(h, 'GET', `${B}/transactions/metrics?from=2024-01-01&to=2026-01-01`)).statusCode).toBe(400);
    // The demo app's figures do not include the other app's purchases.
    const demo = ok<{ topProducts: { productId: string }[] }>(await h.svc('GET', `${B}/transactions/metrics?from=${today}&to=${today}`));
    expect(demo.topProducts.map((t) => t.productId)).not.toContain(real);
  });
});
