import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES, type PurchaseStatus } from '../../resources/passport/economy-flow';
import { startHarness, type Harness } from './harness';
import { holdings, newPlayer, newProduct, newResource, notification, notify, ok, transactionOf, type TestPlayer } from './passport-economy-fixtures';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
let gold: string;
let cny: string;
let product: string;
let p: TestPlayer;

interface Order {
  transaction: { id: string; status: string; type: string };
  payment: { outTradeNo: string; amount: string; currencyCode: string; provider: string; orderString?: string };
}

beforeAll(async () => {
  h = await startHarness();
  gold = await newResource(h, 'VirtualCurrency');
  cny = await newResource(h, 'Currency');
  product = await newProduct(h, { resource: cny, amount: '6' }, [{ resource: gold, amount: '600' }]);
  p = await newPlayer(h);
});
afterAll(() => h.close());

/** A real-money purchase for the player, pending its payment. */
async function order(who: TestPlayer = p): Promise<Order & { order: { outTradeNo: string; amount: string } }> {
  const answer = ok<Order>(await who.call('POST', `${B}/sdk/products/${product}/purchase`));
  return { ...answer, order: { outTradeNo: answer.payment.outTradeNo, amount: answer.payment.amount } };
}

const setStatus = (id: string, status: string) => h.db.query('UPDATE records SET status = $2 WHERE id = $1', [id, status]);
const refusalsOf = async (outTradeNo: string) =>
  Number((await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'passport.payment.notification.refused' AND target = $1", [outTradeNo])).rows[0].n);

describe('real-money purchases', () => {
  it('wait for payment: a Pending RealMoneyPurchase with an order to pay, nothing granted yet', async () => {
    const o = await order();
    expect(o.transaction).toMatchObject({ type: 'RealMoneyPurchase', status: 'Pending' });
    expect(o.payment).toMatchObject({ amount: '6.00', currencyCode: 'CNY', provider: 'sandbox' });
    // Alipay's app order string: the signed request the client's Alipay SDK opens.
    expect(o.payment.orderString).toMatch(/out_trade_no/);
    expect(o.payment.orderString).toMatch(/sign=/);
    expect(await holdings(h, p.personaId)).toEqual({});
  });

  it('are charged and fulfilled by the paid notification, once: the same notification again changes nothing', async () => {
    const q = await newPlayer(h);
    const o = await order(q);
    const paid = await notification(h, o.order);
    const first = await notify(h, paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).toBe('success');
    const after = await transactionOf(h, o.transaction.id);
    expect(after).toMatchObject({ status: 'Fulfilled', tradeNo: paid.trade_no });
    expect(after.chargedAt).toEqual(expect.any(String));
    expect(after.fulfilledAt).toEqual(expect.any(String));
    expect(await holdings(h, q.personaId)).toEqual({ [gold]: '600' });

    const again = await notify(h, paid);
    expect(again.statusCode).toBe(200);
    expect((await transactionOf(h, o.transaction.id)).version).toBe(after.version);
    expect(await holdings(h, q.personaId)).toEqual({ [gold]: '600' });
  });

  it('refuse forged notifications (bad signature, other merchant app, unknown trade, wrong amount) and change nothing', async () => {
    const q = await newPlayer(h);
    const o = await order(q);
    const cases: [Record<string, string>, string][] = [
      [await notification(h, o.order, {}, 'stranger'), '/sign'],
      [await notification(h, o.order, { app_id: 'another-merchant' }), '/app_id'],
      [await notification(h, { ...o.order, outTradeNo: 'no-such-order-123' }), '/out_trade_no'],
      [await notification(h, { ...o.order, amount: '0.01' }), '/total_amount'],
    ];
    for (const [params, field] of cases) {
      const res = await notify(h, params);
      expect(res.statusCode, field).toBe(403);
      expect(res.json()).toMatchObject({ code: 'NOTIFICATION_REFUSED', message: 'payment notification refused', details: [{ field }] });
    }
    // A signed notification whose signature no longer matches after a field was changed.
    const tampered = { ...(await notification(h, o.order)), total_amount: '600.00' };
    expect((await notify(h, tampered)).statusCode).toBe(403);
    expect(await transactionOf(h, o.transaction.id)).toMatchObject({ status: 'Pending', version: 1 });
    expect(await holdings(h, q.personaId)).toEqual({});
    expect(await refusalsOf(o.order.outTradeNo)).toBe(4);
  });

  it('fail when the provider closes the trade, and are refunded by a full refund notification', async () => {
    const closed = await order();
    expect((await notify(h, await notification(h, closed.order, { trade_status: 'TRADE_CLOSED' }))).body).toBe('success');
    expect(await transactionOf(h, closed.transaction.id)).toMatchObject({ status: 'ChargeFailed', failureReason: 'payment closed' });

    const q = await newPlayer(h);
    const refunded = await order(q);
    await notify(h, await notification(h, refunded.order));
    // A partial refund changes nothing; a full one marks the purchase refunded (the contents stay granted).
    await notify(h, await notification(h, refunded.order, { trade_status: 'TRADE_SUCCESS', refund_fee: '1.00' }));
    expect((await transactionOf(h, refunded.transaction.id)).status).toBe('Fulfilled');
    await notify(h, await notification(h, refunded.order, { trade_status: 'TRADE_CLOSED', refund_fee: '6.00' }));
    expect((await transactionOf(h, refunded.transaction.id)).status).toBe('Refunded');
    expect(await holdings(h, q.personaId)).toEqual({ [gold]: '600' });
  });

  it('end FulfillFailed when the inventory is full, keep the charge, and are fulfilled again once there is room', async () => {
    const q = await newPlayer(h);
    await h.db.query(
      `INSERT INTO records (service, kind, id, scope_id, data)
       SELECT 'passport', 'inventory', md5($2 || g::text), $1, jsonb_build_object('personaId', $2::text, 'resource', 'filler-' || g, 'amount', '1')
         FROM generate_series(1, 5000) AS g`,
      [h.appId, q.personaId],
    );
    const o = await order(q);
    expect((await notify(h, await notification(h, o.order))).body).toBe('success');
    const failed = await transactionOf(h, o.transaction.id);
    expect(failed).toMatchObject({ status: 'FulfillFailed', failureReason: 'inventory capacity exceeded' });
    expect(failed.chargedAt).toEqual(expect.any(String));
    expect((await holdings(h, q.personaId))[gold]).toBeUndefined();

    const stillFull = await h.svc('POST', `${B}/transactions/${o.transaction.id}/re-fulfil`);
    expect(stillFull.statusCode).toBe(409);
    expect(stillFull.json().code).toBe('INVENTORY_FULL');
    expect((await transactionOf(h, o.transaction.id)).status).toBe('FulfillFailed');

    await h.db.query("DELETE FROM records WHERE kind = 'inventory' AND data->>'personaId' = $1 AND data->>'resource' = 'filler-1'", [q.personaId]);
    const done = ok<{ status: string }>(await h.svc('POST', `${B}/transactions/${o.transaction.id}/re-fulfil`));
    expect(done.status).toBe('Fulfilled');
    expect((await holdings(h, q.personaId))[gold]).toBe('600');
  });
});

describe('the purchase state machine', () => {
  // What each call does from each state; `null` means refused (409) or, for a notification, nothing changes.
  const PAID_PENDING_ONLY: Record<PurchaseStatus, PurchaseStatus | null> = {
    Pending: 'Fulfilled',
    Charged: null,
    Fulfilled: null,
    FulfillFailed: null,
    ChargeFailed: null,
    Refunded: null,
  };
  const expected: Record<string, Record<PurchaseStatus, PurchaseStatus | null>> = {
    'paid notification': PAID_PENDING_ONLY,
    'closed notification': { Pending: 'ChargeFailed', Charged: null, Fulfilled: null, FulfillFailed: null, ChargeFailed: null, Refunded: null },
    'full refund notification': { Pending: null, Charged: 'Refunded', Fulfilled: 'Refunded', FulfillFailed: 'Refunded', ChargeFailed: null, Refunded: null },
    'refund action': { Pending: null, Charged: 'Refunded', Fulfilled: 'Refunded', FulfillFailed: 'Refunded', ChargeFailed: null, Refunded: null },
    're-fulfil': { Pending: null, Charged: null, Fulfilled: null, FulfillFailed: 'Fulfilled', ChargeFailed: null, Refunded: null },
  };

  type Run = (o: Awaited<ReturnType<typeof order>>) => Promise<{ statusCode: number }>;
  const runs: Record<string, Run> = {
    'paid notification': async (o) => notify(h, await notification(h, o.order)),
    'closed notification': async (o) => notify(h, await notification(h, o.order, { trade_status: 'TRADE_CLOSED' })),
    'full refund notification': async (o) => notify(h, await notification(h, o.order, { trade_status: 'TRADE_CLOSED', refund_fee: '6.00' })),
    'refund action': (o) => h.svc('POST', `${B}/transactions/${o.transaction.id}/refund`),
    're-fulfil': (o) => h.svc('POST', `${B}/transactions/${o.transaction.id}/re-fulfil`),
  };
  const notification_ = (name: string) => name.endsWith('notification');

  it.each(Object.keys(expected))('%s: moves exactly the allowed states, leaves the others', async (name) => {
    for (const from of PURCHASE_STATUSES) {
      const q = await newPlayer(h);
      const o = await order(q);
      await setStatus(o.transaction.id, from);
      const res = await runs[name](o);
      const to = expected[name][from];
      const now = await transactionOf(h, o.transaction.id);
      if (to) {
        expect(res.statusCode, `${name} from ${from}`).toBe(200);
        expect(now.status, `${name} from ${from}`).toBe(to);
      } else {
        // Notifications are answered `success` either way (the provider would only repeat them); calls are refused.
        expect(res.statusCode, `${name} from ${from}`).toBe(notification_(name) ? 200 : 409);
        expect(now.status, `${name} from ${from}`).toBe(from);
        expect(now.version, `${name} from ${from}`).toBe(1);
      }
      const granted = (await holdings(h, q.personaId))[gold];
      expect(granted, `${name} from ${from}: contents granted`).toBe(to === 'Fulfilled' ? '600' : undefined);
    }
  });
});
