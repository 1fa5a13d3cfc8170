import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentType, TransactionStatus, TransactionType } from '../../resources/billing-api';
import { createOrganization } from '../../server/platform/accounts';
import { startHarness, type Harness } from './harness';
import { balanceOf, call, moneyCastOf, seedTransaction, type MoneyCast } from './transactions-fixtures';

/**
 * Random sequences of money events on a fresh organisation — deposits (Pending or Active), bills, refunds,
 * adjustments both ways, and activate / cancel / invalidate on any transaction, legal or not — checked after every
 * step against a model kept here with decimal.js: the balance is the sum of the signed Active transactions and
 * the sum of the ledger entries, the pending amount the sum of the Pending ones, refused moves change nothing,
 * and no transaction enters the ledger twice.
 */

let h: Harness;
let c: MoneyCast;
let ownerId: string;
let orgCount = 0;
beforeAll(async () => {
  h = await startHarness();
  c = await moneyCastOf(h);
  ownerId = (await h.db.query<{ id: string }>("SELECT id FROM accounts WHERE email = 'demo@example.com'")).rows[0].id;
});
afterAll(() => h.close());

type Kind = { type: 'Deposit' | 'Bill' | 'Refund' } | { type: 'Adjustment'; adjustmentType: AdjustmentType };
type Step = { op: 'create'; kind: Kind; cents: number; status: 'Pending' | 'Active' } | { op: 'move'; pick: number; action: 'activate' | 'cancel' | 'invalidate' };

interface Modelled {
  id: string;
  type: TransactionType;
  adjustmentType?: AdjustmentType;
  amount: Decimal;
  status: TransactionStatus;
}

/** Which way an Active transaction moves the balance, written out from spec 000 §3 rather than read from the code. */
const sign = (t: Modelled) => (t.type === 'Deposit' || (t.type === 'Adjustment' && t.adjustmentType === 'Increase') ? 1 : -1);

/** The moves spec 000 §4 allows: activate and cancel only a Pending one; invalidate a Pending or Active one. */
function next(status: TransactionStatus, action: string): TransactionStatus | undefined {
  if (action === 'activate') return status === 'Pending' ? 'Active' : undefined;
  if (action === 'cancel') return status === 'Pending' ? 'Cancelled' : undefined;
  return status === 'Pending' || status === 'Active' ? 'Invalid' : undefined;
}

const kinds: fc.Arbitrary<Kind> = fc.constantFrom<Kind>(
  { type: 'Deposit' },
  { type: 'Bill' },
  { type: 'Refund' },
  { type: 'Adjustment', adjustmentType: 'Increase' },
  { type: 'Adjustment', adjustmentType: 'Reduce' },
);

const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('create' as const), kind: kinds, cents: fc.integer({ min: 1, max: 10_000_000_00 }), status: fc.constantFrom('Pending' as const, 'Active' as const) }),
    fc.record({ op: fc.constant('move' as const), pick: fc.nat(), action: fc.constantFrom('activate' as const, 'cancel' as const, 'invalidate' as const) }),
  ),
  { minLength: 1, maxLength: 25 },
);

/** An amount as a person types it: whole numbers without decimals, otherwise with one or two. */
const amountText = (cents: number) => {
  const d = new Decimal(cents).div(100);
  return d.isInteger() ? d.toFixed(0) : d.toFixed(cents % 10 === 0 ? 1 : 2);
};

async function create(orgId: string, s: Extract<Step, { op: 'create' }>): Promise<string> {
  const Amount = amountText(s.cents);
  // Adjustments and deposits come through the back office's call; bills and refunds through the ledger itself.
  if (s.kind.type === 'Adjustment' || s.kind.type === 'Deposit') {
    const body = { OrgId: orgId, Type: s.kind.type, Amount, Note: 'property step', Status: s.status, ...(s.kind.type === 'Adjustment' ? { AdjustmentType: s.kind.adjustmentType } : {}) };
    const res = await call(h, c.admin, 'POST', '/api/transactions', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().Id;
  }
  return (await seedTransaction(h, { orgId, type: s.kind.type, amount: new Decimal(Amount).toFixed(2), status: s.status })).Id;
}

async function check(orgId: string, model: Modelled[]): Promise<void> {
  const sum = (ts: Modelled[], f: (t: Modelled) => Decimal) => ts.reduce((acc, t) => acc.plus(f(t)), new Decimal(0)).toFixed(2);
  const balance = await balanceOf(h, orgId);
  const expected = sum(model.filter((t) => t.status === 'Active'), (t) => t.amount.times(sign(t)));
  expect(balance.Balance).toBe(expected);
  const ledger = await h.db.query<{ total: string | null }>('SELECT sum(amount)::text AS total FROM ledger_entries WHERE org_id = $1', [orgId]);
  expect(new Decimal(ledger.rows[0].total ?? 0).toFixed(2)).toBe(expected);
  expect(balance.PendingAmount).toBe(sum(model.filter((t) => t.status === 'Pending'), (t) => t.amount));
  const twice = await h.db.query(
    "SELECT transaction_id FROM ledger_entries WHERE org_id = $1 AND reason = 'activate' GROUP BY transaction_id HAVING count(*) > 1",
    [orgId],
  );
  expect(twice.rows).toEqual([]);
  const stored = await h.db.query<{ id: string; status: string }>('SELECT id, status FROM transactions WHERE org_id = $1', [orgId]);
  expect(Object.fromEntries(stored.rows.map((r) => [r.id, r.status]))).toEqual(Object.fromEntries(model.map((t) => [t.id, t.status])));
}

describe('the ledger under random sequences of money events', () => {
  it('keeps the balance equal to the signed Active transactions and to the ledger, after every step', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (seq) => {
        const orgId = await createOrganization(h.db, `Property Studio ${++orgCount}`, ownerId);
        const model: Modelled[] = [];
        for (const s of seq) {
          if (s.op === 'create') {
            const id = await create(orgId, s);
            const adjustmentType = s.kind.type === 'Adjustment' ? s.kind.adjustmentType : undefined;
            model.push({ id, type: s.kind.type, adjustmentType, amount: new Decimal(s.cents).div(100), status: s.status });
          } else if (model.length) {
            const t = model[s.pick % model.length];
            const res = await call(h, c.finance, 'POST', `/api/transactions/${t.id}/${s.action}`);
            const to = next(t.status, s.action);
            expect(res.statusCode, `${s.action} from ${t.status}`).toBe(to ? 200 : 409);
            if (to) t.status = to;
          }
          await check(orgId, model);
        }
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
