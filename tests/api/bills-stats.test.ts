import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, shanghaiMonth } from '../../resources/bills-api';
import { createTransaction } from '../../server/billing/ledger';
import { actorsOf, call, GB, moneyState, use, type Actors } from './bills-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
let a: Actors;

beforeAll(async () => {
  h = await startHarness();
  a = await actorsOf(h);
  // March 2025: CDN 2000 GB × 1.2 × 0.15 = 360.00 − 100 = 260.00; 50,000 fetches = 5 × 1 = 5.00 → 265.00 (billed below)
  await use(h, h.appId, 'asset-streaming', 'traffic', 2000 * GB, '2025-03-03T04:00:00Z');
  await use(h, h.appId, 'remote-config', 'fetch', 50_000, '2025-03-04T04:00:00Z');
  // April 2025, never billed: 1000 passport text messages × 0.042 = 42.00
  await use(h, h.appId, 'passport', 'sms', 1000, '2025-04-02T04:00:00Z');
  // Other Studio, March: 100 real-name checks × 0.08 = 8.00
  await use(h, h.otherAppId, 'passport', 'real-name', 100, '2025-03-05T04:00:00Z');
  expect((await call(h, 'POST', '/api/process-bill', a.admin, { Month: '2025-03' })).statusCode).toBe(200);
  // A deposit made in March (Asia/Shanghai), to see the totals per type.
  await h.db.transaction((q) => createTransaction(q, { orgId: a.demoOrg, type: 'Deposit', amount: '500.00', status: 'Active', createdBy: 'test' }));
  await h.db.query("UPDATE transactions SET created_at = '2025-03-10T02:00:00Z' WHERE type = 'Deposit'");
});
afterAll(() => h.close());

const get = (url: string, cookie = a.demo) => call(h, 'GET', url, cookie);

describe('month statistics', () => {
  it('answers the billed amount of a processed month and what an unprocessed one accrued', async () => {
    expect((await get(`/api/monthly-amount?orgId=${a.demoOrg}&month=2025-03`)).json()).toEqual({
      OrgId: a.demoOrg,
      Month: '2025-03',
      BilledAmount: '265.00',
      AccruedAmount: '0.00',
      Amount: '265.00',
    });
    expect((await get(`/api/monthly-amount?orgId=${a.demoOrg}&month=2025-04`)).json()).toMatchObject({ BilledAmount: '0.00', AccruedAmount: '42.00', Amount: '42.00' });
  });

  it('accrues the current month from usage so far', async () => {
    // The demo's own usage this month (device and baking time of its sessions) is accrued already.
    const before = new Decimal((await get(`/api/monthly-amount?orgId=${a.demoOrg}`, a.finance)).json().AccruedAmount);
    // 30,000 fetches now = 3 × 1 = 3.00
    await use(h, h.appId, 'remote-config', 'fetch', 30_000, new Date().toISOString());
    const res = await get(`/api/monthly-amount?orgId=${a.demoOrg}`, a.finance);
    const accrued = before.plus('3').toFixed(2);
    expect(res.json()).toMatchObject({ Month: shanghaiMonth(), BilledAmount: '0.00', AccruedAmount: accrued, Amount: accrued });
    const trend = (await get(`/api/transactions/monthly-trend?orgId=${a.demoOrg}`)).json();
    expect(trend.Items).toHaveLength(12);
    expect(trend.Items[0].Month).toBe(addMonths(shanghaiMonth(), -11));
    expect(trend.Items[11]).toEqual({ Month: shanghaiMonth(), Amount: accrued });
  });

  it('answers the monthly totals per transaction type', async () => {
    const res = (await get(`/api/transactions/monthly?orgId=${a.demoOrg}&year=2025`)).json();
    expect(res.Items).toHaveLength(12);
    expect(res.Items[2]).toEqual({ Month: '2025-03', Deposit: '500.00', Bill: '265.00', Refund: '0.00', Increase: '0.00', Reduce: '0.00' });
    expect(res.Items[3]).toMatchObject({ Month: '2025-04', Deposit: '0.00', Bill: '0.00' });
  });

  it('answers the bills per month and service', async () => {
    const res = (await get(`/api/transactions/monthly-bills?orgId=${a.demoOrg}&year=2025`)).json();
    expect(res.Items[2]).toEqual({ Month: '2025-03', Amount: '265.00', Services: { 'asset-streaming': '260.00', 'remote-config': '5.00' } });
    expect(res.Items[3]).toEqual({ Month: '2025-04', Amount: '42.00', Services: { passport: '42.00' } });
    expect(res.Items[0]).toEqual({ Month: '2025-01', Amount: '0.00', Services: {} });
  });

  it('compares a month with the one before', async () => {
    // April 42.00 against March 265.00: −223.00, −223 / 265 = −84.150943…% → −84.15
    expect((await get(`/api/transactions/monthly-bill-diff?orgId=${a.demoOrg}&month=2025-04`)).json()).toEqual({
      OrgId: a.demoOrg,
      Month: '2025-04',
      PreviousMonth: '2025-03',
      Amount: '42.00',
      PreviousAmount: '265.00',
      Diff: '-223.00',
      Percent: '-84.15',
    });
    // March against an empty February: no percent
    expect((await get(`/api/transactions/monthly-bill-diff?orgId=${a.demoOrg}&month=2025-03`)).json()).toMatchObject({ Diff: '265.00', Percent: null });
  });

  it("answers a month's statement with every app's lines and the balance at the month's end", async () => {
    const march = (await get(`/api/month-statement?orgId=${a.demoOrg}&month=2025-03`)).json();
    expect(march).toMatchObject({ OrganizationName: 'Demo Studio', Month: '2025-03', Start: '2025-02-28T16:00:00.000Z', End: '2025-03-31T16:00:00.000Z', Amount: '265.00' });
    expect(march.Apps.map((b: { ProjectName: string; Amount: string; Billed: boolean }) => [b.ProjectName, b.Amount, b.Billed])).toEqual([['Demo Game', '265.00', true]]);
    // The deposit entered the ledger today, after March ended; March's bill counts: 0 − 265.00
    expect(march.BalanceAtEnd).toBe('-265.00');
    // April, not billed: 42.00 accrued, and the balance still holds March's bill only
    const april = (await get(`/api/month-statement?orgId=${a.demoOrg}&month=2025-04`)).json();
    expect(april).toMatchObject({ Amount: '42.00', BalanceAtEnd: '-265.00' });
    expect(april.Apps[0]).toMatchObject({ Billed: false, Amount: '42.00' });
    // This month: the deposit 500.00 − March's bill 265.00 = 235.00
    expect((await get(`/api/month-statement?orgId=${a.demoOrg}`)).json().BalanceAtEnd).toBe('235.00');
  });

  it("keeps each organisation's amounts to itself", async () => {
    expect((await get(`/api/monthly-amount?orgId=${a.otherOrg}&month=2025-03`, a.other)).json()).toMatchObject({ BilledAmount: '8.00' });
  });

  it("refuses another organisation's figures, missing or bad input, and no session", async () => {
    const before = await moneyState(h);
    for (const path of ['/api/monthly-amount', '/api/transactions/monthly', '/api/transactions/monthly-bills', '/api/transactions/monthly-bill-diff', '/api/transactions/monthly-trend', '/api/month-statement']) {
      expect((await get(`${path}?orgId=${a.otherOrg}`)).statusCode, path).toBe(403);
      expect((await get(`${path}?orgId=${a.demoOrg}`, a.other)).statusCode, path).toBe(403);
      expect((await get(path)).statusCode, path).toBe(400);
      expect((await call(h, 'GET', `${path}?orgId=${a.demoOrg}`)).statusCode, path).toBe(401);
      expect((await get(`${path}?orgId=no-such-org`, a.admin)).statusCode, path).toBe(404);
      expect((await get(`${path}?orgId=${a.demoOrg}&bogus=1`)).statusCode, path).toBe(400);
    }
    expect((await get(`/api/monthly-amount?orgId=${a.demoOrg}&month=2025-00`)).statusCode).toBe(400);
    expect((await get(`/api/transactions/monthly?orgId=${a.demoOrg}&year=last`)).statusCode).toBe(400);
    expect(await moneyState(h)).toBe(before);
  });
});
