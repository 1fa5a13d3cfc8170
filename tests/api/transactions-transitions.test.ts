import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionStatus } from '../../resources/billing-api';
import { startHarness, type Harness } from './harness';
import { insertToken } from './apps-fixtures';
import { auditOf, balanceOf, call, moneyCastOf, moneySnapshot, seedTransaction, type MoneyCast } from './transactions-fixtures';

let h: Harness;
let c: MoneyCast;
beforeAll(async () => {
  h = await startHarness();
  c = await moneyCastOf(h);
});
afterAll(() => h.close());

const act = (cookie: string | undefined, id: string, action: string) => call(h, cookie, 'POST', `/api/transactions/${id}/${action}`);

/** A deposit in the given status, reached through the ledger's own moves. */
async function depositIn(status: TransactionStatus, orgId = c.demoOrgId) {
  const t = await seedTransaction(h, { orgId, type: 'Deposit', amount: '10.00', status: status === 'Active' ? 'Active' : 'Pending' });
  if (status === 'Invalid') expect((await act(c.admin, t.Id, 'invalidate')).statusCode).toBe(200);
  if (status === 'Cancelled') expect((await act(c.admin, t.Id, 'cancel')).statusCode).toBe(200);
  return t;
}

const entriesOf = async (id: string) =>
  (await h.db.query<{ amount: string; reason: string }>('SELECT amount::text AS amount, reason FROM ledger_entries WHERE transaction_id = $1 ORDER BY id', [id])).rows;

// Spec 000 §4: cancel only while Pending; activate moves Pending to Active; invalidate ends a Pending or Active one.
const EXPECTED: Record<string, Record<TransactionStatus, TransactionStatus | 409>> = {
  activate: { Pending: 'Active', Active: 409, Invalid: 409, Cancelled: 409 },
  cancel: { Pending: 'Cancelled', Active: 409, Invalid: 409, Cancelled: 409 },
  invalidate: { Pending: 'Invalid', Active: 'Invalid', Invalid: 409, Cancelled: 409 },
};

describe('transaction moves by the back office, from every status', () => {
  for (const [action, outcomes] of Object.entries(EXPECTED)) {
    for (const [from, to] of Object.entries(outcomes) as [TransactionStatus, TransactionStatus | 409][]) {
      it(`${action} from ${from} → ${to}`, async () => {
        const t = await depositIn(from);
        const balance = (await balanceOf(h, c.demoOrgId)).Balance;
        const before = await moneySnapshot(h);
        const res = await act(c.finance, t.Id, action);
        if (to === 409) {
          expect(res.statusCode).toBe(409);
          if (action === 'cancel') expect(res.json().message).toBe('only pending transactions can be cancelled');
          expect(await moneySnapshot(h)).toBe(before);
          return;
        }
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ Id: t.Id, Status: to, Version: 2 });
        // Entering the ledger adds 10.00; leaving it after being Active takes 10.00 away; anything else moves nothing.
        const delta = action === 'activate' ? '10.00' : action === 'invalidate' && from === 'Active' ? '-10.00' : '0.00';
        expect(new Decimal((await balanceOf(h, c.demoOrgId)).Balance).minus(balance).toFixed(2)).toBe(delta);
        expect((await auditOf(h, t.Id)).at(-1)).toEqual({ actor: 'finance:finance@example.com', action: `billing.transaction.${action}` });
      });
    }
  }

  it('answers 404 for an unknown transaction', async () => {
    for (const action of Object.keys(EXPECTED)) expect((await act(c.admin, 'no-such-id', action)).statusCode).toBe(404);
  });
});

describe("users' moves", () => {
  it("lets an organisation's owner or admin cancel its own Pending deposit", async () => {
    for (const cookie of [c.owner, c.orgAdmin]) {
      const t = await depositIn('Pending');
      const res = await act(cookie, t.Id, 'cancel');
      expect(res.statusCode).toBe(200);
      expect(res.json().Status).toBe('Cancelled');
    }
    const t = await depositIn('Pending');
    await act(c.owner, t.Id, 'cancel');
    expect(await auditOf(h, t.Id)).toEqual([{ actor: 'user:demo@example.com', action: 'billing.transaction.cancel' }]);
  });

  it('refuses members, other organisations, activation and invalidation by users, and non-deposits, changing nothing', async () => {
    const t = await depositIn('Pending');
    const adj = await seedTransaction(h, { orgId: c.demoOrgId, type: 'Adjustment', adjustmentType: 'Increase', amount: '5', status: 'Pending' });
    const before = await moneySnapshot(h);
    expect((await act(c.member, t.Id, 'cancel')).statusCode).toBe(403);
    expect((await act(c.stranger, t.Id, 'cancel')).statusCode).toBe(404);
    expect((await act(c.owner, t.Id, 'activate')).statusCode).toBe(403);
    expect((await act(c.owner, t.Id, 'invalidate')).statusCode).toBe(403);
    expect((await act(c.owner, adj.Id, 'cancel')).statusCode).toBe(403);
    expect((await act(undefined, t.Id, 'cancel')).statusCode).toBe(401);
    const theirs = await depositIn('Pending', c.otherOrgId);
    const beforeTheirs = await moneySnapshot(h);
    for (const action of Object.keys(EXPECTED)) expect([403, 404]).toContain((await act(c.owner, theirs.Id, action)).statusCode);
    expect(await moneySnapshot(h)).toBe(beforeTheirs);
    expect(beforeTheirs).not.toBe(before);
  });
});

describe('concurrency', () => {
  it('lets one of two concurrent activations of a Pending deposit succeed: one 409, one ledger entry', async () => {
    const t = await depositIn('Pending');
    const balance = (await balanceOf(h, c.demoOrgId)).Balance;
    const answers = await Promise.all([act(c.admin, t.Id, 'activate'), act(c.finance, t.Id, 'activate')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesOf(t.Id)).toEqual([{ amount: '10.00', reason: 'activate' }]);
    expect(new Decimal((await balanceOf(h, c.demoOrgId)).Balance).minus(balance).toFixed(2)).toBe('10.00');
  });

  it('lets one of a concurrent cancel and activation win, never both', async () => {
    const t = await depositIn('Pending');
    const answers = await Promise.all([act(c.owner, t.Id, 'cancel'), act(c.admin, t.Id, 'activate')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const status = (await call(h, c.admin, 'GET', `/api/transactions/${t.Id}`)).json().Status;
    expect(await entriesOf(t.Id)).toEqual(status === 'Active' ? [{ amount: '10.00', reason: 'activate' }] : []);
  });
});

describe('redeemed credit codes', () => {
  it("raise the organisation's balance by the code's amount exactly once", async () => {
    const { id, token } = await insertToken(h, { kind: 'credit', amount: '66.60' });
    const before = await balanceOf(h, c.demoOrgId);
    const redeem = () => call(h, c.owner, 'POST', `/api/app/${h.appId}/redeem-token`, { Token: token });
    const answers = await Promise.all([redeem(), redeem()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await redeem()).statusCode).toBe(409);
    const after = await balanceOf(h, c.demoOrgId);
    expect(new Decimal(after.Balance).minus(before.Balance).toFixed(2)).toBe('66.60');
    expect(new Decimal(after.IncreasedAmount).minus(before.IncreasedAmount).toFixed(2)).toBe('66.60');
    const list = (await call(h, c.member, 'GET', `/api/transactions?orgId=${c.demoOrgId}`)).json();
    const credit = list.Items.filter((t: { Reference: string }) => t.Reference === `token:${id}`);
    expect(credit).toHaveLength(1);
    expect(credit[0]).toMatchObject({ Type: 'Adjustment', AdjustmentType: 'Increase', Status: 'Active', Amount: '66.60', AppId: h.appId });
    expect(credit[0].Note).toContain(token.slice(-5));
    expect(credit[0].Note).not.toContain(token.slice(0, 5));
  });
});
