import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import type { AlipayOrder } from '../../resources/payments-api';
import { balanceOf, notification, postNotification, startWorld, type World } from './payments-fixtures';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.h.close());

type Kind = 'success' | 'finished' | 'closed' | 'forged' | 'wrong-amount' | 'repeat';
interface Event {
  payment: number;
  kind: Kind;
}

const amount = fc.integer({ min: 1, max: 99_999 }).map((cents) => new Decimal(cents).div(100).toFixed(2));
const scenario = fc.record({
  amounts: fc.array(amount, { minLength: 1, maxLength: 4 }),
  events: fc.array(
    fc.record({ payment: fc.nat({ max: 3 }), kind: fc.constantFrom<Kind>('success', 'finished', 'closed', 'forged', 'wrong-amount', 'repeat') }),
    { minLength: 1, maxLength: 12 },
  ),
  /** Events are sent in batches at once: sizes of the batches. */
  batch: fc.integer({ min: 1, max: 3 }),
});

/** The organisation's ledger summed directly. */
async function ledgerSum(orgId: string): Promise<string> {
  const res = await w.h.db.query<{ s: string }>('SELECT coalesce(sum(amount), 0)::text AS s FROM ledger_entries WHERE org_id = $1', [orgId]);
  return new Decimal(res.rows[0].s).toFixed(2);
}

describe('payment notifications in any order', () => {
  it('activate each paid deposit exactly once, and the balance stays the sum of the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ amounts, events, batch }) => {
        const start = new Decimal((await balanceOf(w.h, w.demoOrg)).Balance);
        const orders: AlipayOrder[] = [];
        for (const a of amounts) orders.push((await w.owner.post('/api/alipay', { OrgId: w.demoOrg, Amount: a, Method: 'page' })).json<AlipayOrder>());
        /** The first authentic settling word per payment decides it; everything after changes nothing. */
        const settled = new Map<number, 'paid' | 'failed'>();
        const sent = new Map<number, Record<string, string>>();
        let current: Promise<unknown>[] = [];
        const plan: { e: Event; params: Record<string, string> | undefined }[] = [];
        for (const e of events) {
          const i = e.payment % orders.length;
          const o = orders[i];
          let params: Record<string, string> | undefined;
          if (e.kind === 'repeat') params = sent.get(i);
          else if (e.kind === 'forged') params = await notification(w.h, o, { forgedKey: true });
          else if (e.kind === 'wrong-amount') params = await notification(w.h, o, { amount: new Decimal(o.Amount).plus('0.01').toFixed(2) });
          else {
            params = await notification(w.h, o, { status: { success: 'TRADE_SUCCESS', finished: 'TRADE_FINISHED', closed: 'TRADE_CLOSED' }[e.kind] });
            sent.set(i, params);
          }
          plan.push({ e: { ...e, payment: i }, params });
        }
        // Within a batch the order is whatever the server makes of it; the model settles a payment by the first
        // authentic word the server applied, read back afterwards.
        for (const { params } of plan) {
          if (params) current.push(postNotification(w.h, params));
          if (current.length >= batch) {
            await Promise.all(current);
            current = [];
          }
        }
        await Promise.all(current);

        let expectedGain = new Decimal(0);
        for (const [i, o] of orders.entries()) {
          const row = (await w.h.db.query<{ status: number }>('SELECT status FROM payments WHERE out_trade_no = $1', [o.OutTradeNo])).rows[0];
          const tx = (await w.h.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [o.TransactionId])).rows[0];
          const entries = (await w.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entries WHERE transaction_id = $1', [o.TransactionId])).rows[0].n;
          const authentic = plan.filter((p) => p.e.payment === i && ['success', 'finished', 'closed', 'repeat'].includes(p.e.kind) && p.params);
          if (!authentic.length) {
            // Only forgeries (or nothing) arrived: still waiting.
            expect(row.status).toBe(10);
            expect(tx.status).toBe('Pending');
            expect(entries).toBe(0);
            continue;
          }
          const kinds = new Set(authentic.map((p) => p.params!.trade_status));
          expect([30, 40]).toContain(row.status);
          if (row.status === 30) {
            expect(kinds.has('TRADE_SUCCESS') || kinds.has('TRADE_FINISHED')).toBe(true);
            expect(tx.status).toBe('Active');
            expect(entries).toBe(1);
            settled.set(i, 'paid');
            expectedGain = expectedGain.plus(o.Amount);
          } else {
            expect(kinds.has('TRADE_CLOSED')).toBe(true);
            expect(tx.status).toBe('Cancelled');
            expect(entries).toBe(0);
            settled.set(i, 'failed');
          }
          // Sent one at a time, the first authentic word decides.
          if (batch === 1) expect(settled.get(i)).toBe(authentic[0].params!.trade_status === 'TRADE_CLOSED' ? 'failed' : 'paid');
        }
        const balance = await balanceOf(w.h, w.demoOrg);
        expect(balance.Balance).toBe(start.plus(expectedGain).toFixed(2));
        expect(balance.Balance).toBe(await ledgerSum(w.demoOrg));
      }),
      { numRuns: 15 },
    );
  });
});
