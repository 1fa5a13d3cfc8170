import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, createTransaction, transition } from '../../server/billing/ledger';
import type { Queryable } from '../../server/db';
import { startHarness, type Harness } from './harness';

let h: Harness;
let orgId: string;
beforeAll(async () => {
  h = await startHarness();
  orgId = (await h.db.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Demo Studio'")).rows[0].id;
});
afterAll(() => h.close());

const tx = <T>(fn: (q: Queryable) => Promise<T>) => h.db.transaction(fn);
const balance = async () => (await balancesOf(h.db, [orgId]))[0];

describe('the ledger', () => {
  it('starts every balance field at 0.00', async () => {
    expect(await balance()).toEqual({
      OrgId: orgId,
      Balance: '0.00',
      LastMonthBalance: '0.00',
      DepositAmount: '0.00',
      AdjustmentAmount: '0.00',
      IncreasedAmount: '0.00',
      ReducedAmount: '0.00',
      RefundAmount: '0.00',
      PendingAmount: '0.00',
      TotalBillAmount: '0.00',
    });
  });

  it('enters a transaction when it becomes Active and takes it out when invalidated', async () => {
    const deposit = await tx(async (q) => createTransaction(q, { orgId, type: 'Deposit', amount: '100.10', status: 'Pending', createdBy: 'test' }));
    expect(await balance()).toMatchObject({ Balance: '0.00', PendingAmount: '100.10' });
    await tx((q) => transition(q, deposit.Id, 'activate'));
    await tx((q) => createTransaction(q, { orgId, type: 'Bill', amount: '30.05', status: 'Active', billMonth: '2026-10', appId: h.appId, createdBy: 'test' }));
    await tx((q) => createTransaction(q, { orgId, type: 'Adjustment', adjustmentType: 'Increase', amount: '5', status: 'Active', createdBy: 'test' }));
    await tx((q) => createTransaction(q, { orgId, type: 'Adjustment', adjustmentType: 'Reduce', amount: '1.01', status: 'Active', createdBy: 'test' }));
    // 100.10 − 30.05 + 5.00 − 1.01 = 74.04
    expect(await balance()).toMatchObject({
      Balance: '74.04',
      DepositAmount: '100.10',
      TotalBillAmount: '30.05',
      IncreasedAmount: '5.00',
      ReducedAmount: '1.01',
      AdjustmentAmount: '3.99',
      PendingAmount: '0.00',
    });
    await tx((q) => transition(q, deposit.Id, 'invalidate'));
    expect((await balance()).Balance).toBe('-26.06');
    const entries = await h.db.query<{ amount: string; reason: string }>('SELECT amount::text AS amount, reason FROM ledger_entries WHERE transaction_id = $1 ORDER BY id', [deposit.Id]);
    expect(entries.rows).toEqual([
      { amount: '100.10', reason: 'activate' },
      { amount: '-100.10', reason: 'invalidate' },
    ]);
  });

  it("refuses to cancel anything but a Pending transaction, with the spec's message", async () => {
    const t = await tx(async (q) => createTransaction(q, { orgId, type: 'Deposit', amount: '1', status: 'Active', createdBy: 'test' }));
    await expect(tx((q) => transition(q, t.Id, 'cancel'))).rejects.toMatchObject({ status: 409, message: 'only pending transactions can be cancelled' });
  });

  it('keeps ledger entries append-only', async () => {
    await expect(h.db.query('UPDATE ledger_entries SET amount = 0')).rejects.toThrow(/append-only/);
    await expect(h.db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
  });

  it('bills an app once per month', async () => {
    await expect(
      tx((q) => createTransaction(q, { orgId, type: 'Bill', amount: '1', status: 'Active', billMonth: '2026-10', appId: h.appId, createdBy: 'test' })),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
