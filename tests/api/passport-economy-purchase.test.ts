import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asOther, give, holdings, newPlayer, newProduct, newResource, ok, type TestPlayer } from './passport-economy-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let gold: string;
let gem: string;
let potion: string;

beforeAll(async () => {
  h = await startHarness();
  gold = await newResource(h, 'VirtualCurrency');
  gem = await newResource(h, 'VirtualCurrency');
  potion = await newResource(h, 'Item');
});
afterAll(() => h.close());

const buy = (p: TestPlayer, productId: string, body?: unknown) => p.call('POST', `${B}/sdk/products/${productId}/purchase`, body);
const transactionsOf = async (personaId: string) =>
  Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE kind = 'transactions' AND data->>'personaId' = $1", [personaId])).rows[0].n);

describe('virtual purchases', () => {
  it('debit the price and credit the contents, and record a fulfilled VirtualPurchase', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '1000');
    const product = await newProduct(h, { resource: gold, amount: '300' }, [{ resource: gem, amount: '5' }, { resource: potion, amount: '2' }]);
    const answer = ok<{ transaction: Record<string, unknown> }>(await buy(p, product));
    expect(answer.transaction).toMatchObject({ type: 'VirtualPurchase', status: 'Fulfilled', productId: product, personaId: p.personaId, userId: p.userId, priceResource: gold, priceAmount: '300' });
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '700', [gem]: '5', [potion]: '2' });
    // The record is readable through the transactions search, filtered by persona.
    const found = ok<{ total: number; transactions: { id: string }[] }>(await h.svc('POST', `${B}/transactions/search`, { count: 10, start: 0, personaId: p.personaId }));
    expect(found.transactions.map((t) => t.id)).toEqual([answer.transaction.id]);
  });

  it('spending a whole balance removes the entry; contents add to what is held', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '300');
    await give(h, p.personaId, gem, '7');
    const product = await newProduct(h, { resource: gold, amount: '300' }, [{ resource: gem, amount: '5' }]);
    ok(await buy(p, product));
    expect(await holdings(h, p.personaId)).toEqual({ [gem]: '12' });
  });

  it('refuse a purchase the persona cannot pay for, changing nothing', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '299');
    const product = await newProduct(h, { resource: gold, amount: '300' }, [{ resource: gem, amount: '5' }]);
    const res = await buy(p, product);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'insufficient balance' });
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '299' });
    expect(await transactionsOf(p.personaId)).toBe(0);
  });

  it('only sell published products', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '1000');
    const draft = await newProduct(h, { resource: gold, amount: '1' }, [{ resource: gem, amount: '1' }], false);
    expect((await buy(p, draft)).json()).toMatchObject({ code: 'PRODUCT_NOT_PUBLISHED' });
    ok(await h.svc('POST', `${B}/products/${draft}/publish`, {}));
    ok(await buy(p, draft));
    ok(await h.svc('POST', `${B}/products/${draft}/revoke`, {}));
    const revoked = await buy(p, draft);
    expect(revoked.statusCode).toBe(409);
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '999', [gem]: '1' });
  });

  it('answer a retried purchase (same request id) with the first one instead of charging twice', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '1000');
    const product = await newProduct(h, { resource: gold, amount: '100' }, [{ resource: gem, amount: '1' }]);
    const first = ok<{ transaction: { id: string } }>(await buy(p, product, { requestId: 'order-1' }));
    const again = ok<{ transaction: { id: string } }>(await buy(p, product, { requestId: 'order-1' }));
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '900', [gem]: '1' });
    const other = await newProduct(h, { resource: gold, amount: '100' }, [{ resource: gem, amount: '1' }]);
    const clash = await buy(p, other, { requestId: 'order-1' });
    expect(clash.statusCode).toBe(409);
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '900', [gem]: '1' });
  });

  it('never overspend under concurrent purchases: exactly as many succeed as the balance pays for', async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '1000');
    const product = await newProduct(h, { resource: gold, amount: '300' }, [{ resource: gem, amount: '5' }]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => buy(p, product)));
    const codes = answers.map((a) => a.statusCode).sort();
    // 1000 pays for three purchases of 300; the other five are refused.
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '100', [gem]: '15' });
    expect(await transactionsOf(p.personaId)).toBe(3);
  });

  it('needs a selected persona', async () => {
    const p = await newPlayer(h, { select: false });
    const product = await newProduct(h, { resource: gold, amount: '1' }, [{ resource: gem, amount: '1' }]);
    const res = await buy(p, product);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PERSONA_NOT_SELECTED');
  });

  it("lists only published products to players, and sells the game's server a purchase for a persona it names", async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '50');
    const shown = await newProduct(h, { resource: gold, amount: '50' }, [{ resource: potion, amount: '1' }]);
    const hidden = await newProduct(h, { resource: gold, amount: '50' }, [{ resource: potion, amount: '1' }], false);
    const listed = ok<{ products: { id: string; status: string }[] }>(await p.call('GET', `${B}/sdk/products?count=1000`));
    expect(listed.products.map((x) => x.id)).toContain(shown);
    expect(listed.products.map((x) => x.id)).not.toContain(hidden);
    expect(listed.products.every((x) => x.status === 'published')).toBe(true);

    const bought = ok<{ transaction: { status: string } }>(await h.svc('POST', `${B}/products/${shown}/purchase`, { personaId: p.personaId }));
    expect(bought.transaction.status).toBe('Fulfilled');
    expect(await holdings(h, p.personaId)).toEqual({ [potion]: '1' });
  });
});

describe('isolation', () => {
  it("keeps another app out of this app's products, personas and transactions", async () => {
    const p = await newPlayer(h);
    await give(h, p.personaId, gold, '100');
    const product = await newProduct(h, { resource: gold, amount: '10' }, [{ resource: gem, amount: '1' }]);
    const mine = ok<{ transaction: { id: string } }>(await buy(p, product));

    // Another app's credential: the product, the persona and the transaction are not found; its searches are empty.
    expect((await asOther(h, 'POST', `${B}/products/${product}/purchase`, { personaId: p.personaId })).statusCode).toBe(400);
    expect((await asOther(h, 'GET', `${B}/products/${product}/detail`)).statusCode).toBe(404);
    expect((await asOther(h, 'GET', `${B}/transactions/${mine.transaction.id}`)).statusCode).toBe(404);
    expect((await asOther(h, 'POST', `${B}/transactions/${mine.transaction.id}/re-fulfil`)).statusCode).toBe(404);
    expect((await asOther(h, 'GET', `${B}/personas/${p.personaId}/inventory`)).statusCode).toBe(404);
    const theirs = ok<{ transactions: unknown[] }>(await asOther(h, 'POST', `${B}/transactions/search`, { count: 100, start: 0 }));
    expect(theirs.transactions).toEqual([]);

    // Another app's player cannot buy this app's product.
    const stranger = await newPlayer(h, { appId: h.otherAppId });
    expect((await buy(stranger, product)).statusCode).toBe(404);
    expect(await holdings(h, p.personaId)).toEqual({ [gold]: '90', [gem]: '1' });

    // No credential at all.
    expect((await h.req({ method: 'POST', url: `${B}/sdk/products/${product}/purchase` })).statusCode).toBe(401);
    expect((await h.req({ method: 'GET', url: `${B}/transactions/metrics` })).statusCode).toBe(401);
  });
});
