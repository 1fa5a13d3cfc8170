import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiMonth } from '../../resources/bills-api';
import { createApp } from '../../server/platform/accounts';
import { actorsOf, call, GB, moneyState, use, type Actors } from './bills-fixtures';
import { startHarness, type Harness } from './harness';

let h: Harness;
let a: Actors;
let zeroApp: string;

beforeAll(async () => {
  h = await startHarness();
  a = await actorsOf(h);
  zeroApp = await createApp(h.db, a.demoOrg, 'Zero Game', []);
  // January 2025 in Asia/Shanghai runs from 2024-12-31T16:00Z to 2025-01-31T16:00Z.
  await use(h, h.appId, 'asset-streaming', 'traffic', 1000 * GB, '2025-01-10T04:00:00Z');
  await use(h, h.appId, 'remote-config', 'fetch', 20_000, '2024-12-31T16:30:00Z'); // 1 January 00:30
  await use(h, h.appId, 'remote-config', 'fetch', 5_000, '2025-01-31T15:59:00Z'); // 31 January 23:59
  await use(h, h.appId, 'remote-config', 'fetch', 5_000, '2025-01-31T16:00:00Z'); // 1 February 00:00
  await use(h, zeroApp, 'asset-streaming', 'traffic', 100 * GB, '2025-01-20T04:00:00Z');
  await use(h, h.otherAppId, 'passport', 'sms', 250, '2025-01-05T04:00:00Z');
});
afterAll(() => h.close());

const processMonth = (Month: unknown, cookie = a.admin) => call(h, 'POST', '/api/process-bill', cookie, { Month });

describe('process-bill', () => {
  it('bills each app of an ended month from its usage and prices', async () => {
    const res = await processMonth('2025-01');
    expect(res.statusCode).toBe(200);
    const { Log, Bills } = res.json();
    // Demo Game: CDN 1000 GB × 1.2 × 0.15 = 180.00 − free credit 100 = 80.00; fetches 20,000 + 5,000 = 2.5 × 10,000 × 1 = 2.50;
    // together 82.50. Zero Game: 100 GB × 1.2 × 0.15 = 18.00, all free credit → 0.00, no bill transaction.
    // Other Game: 250 text messages × 0.042 = 10.50. Billed in this run: 82.50 + 10.50 = 93.00.
    expect(Log).toMatchObject({ Month: '2025-01', Status: 'Finished', AppCount: 3, BillCount: 2, TotalAmount: '93.00', Error: null, CreatedBy: 'admin:admin@example.com' });
    expect(Bills.map((b: { ProjectName: string; Amount: string }) => [b.ProjectName, b.Amount])).toEqual([
      ['Demo Game', '82.50'],
      ['Other Game', '10.50'],
      ['Zero Game', '0.00'],
    ]);
    const tx = await h.db.query<{ app_id: string; amount: string; status: string }>(
      "SELECT app_id, amount::text AS amount, status FROM transactions WHERE type = 'Bill' AND bill_month = '2025-01' ORDER BY amount",
    );
    expect(tx.rows).toEqual([
      { app_id: h.otherAppId, amount: '10.50', status: 'Active' },
      { app_id: h.appId, amount: '82.50', status: 'Active' },
    ]);
    const balance = await call(h, 'GET', `/api/monthly-amount?orgId=${a.demoOrg}&month=2025-01`, a.demo);
    expect(balance.json()).toEqual({ OrgId: a.demoOrg, Month: '2025-01', BilledAmount: '82.50', AccruedAmount: '0.00', Amount: '82.50' });
    const audit = await h.db.query<{ actor: string; target: string }>("SELECT actor, target FROM audit_log WHERE action = 'bill.process'");
    expect(audit.rows).toEqual([{ actor: 'admin:admin@example.com', target: Log.Id }]);
  });

  it('bills nothing new the second time and answers the same bills', async () => {
    const before = await moneyState(h);
    const first = (await call(h, 'GET', '/api/bills?month=2025-01&count=99999', a.admin)).json();
    const res = await processMonth('2025-01', a.finance);
    expect(res.statusCode).toBe(200);
    expect(res.json().Log).toMatchObject({ Status: 'Finished', AppCount: 3, BillCount: 0, TotalAmount: '0.00', CreatedBy: 'finance:finance@example.com' });
    expect(res.json().Bills).toEqual([...first.Items].sort((x, y) => x.ProjectName.localeCompare(y.ProjectName)));
    const after = JSON.parse(await moneyState(h));
    expect(after).toEqual({ ...JSON.parse(before), logs: JSON.parse(before).logs + 1 });
  });

  it('leaves a billed month alone when late usage arrives', async () => {
    await use(h, h.appId, 'remote-config', 'fetch', 10_000, '2025-01-15T04:00:00Z');
    await processMonth('2025-01');
    const bill = (await call(h, 'GET', `/api/app/${h.appId}/bill?month=2025-01`, a.demo)).json();
    expect(bill.Amount).toBe('82.50');
  });

  it('refuses a month that has not ended, writing nothing', async () => {
    const before = await moneyState(h);
    const [y, m] = shanghaiMonth().split('-').map(Number);
    for (const month of [shanghaiMonth(), `${y + 1}-${String(m).padStart(2, '0')}`]) {
      const res = await processMonth(month);
      expect(res.statusCode, month).toBe(400);
      expect(res.json()).toMatchObject({ message: 'invalid parameters', details: [{ field: 'body.Month', message: 'the month has not ended' }] });
    }
    expect(await moneyState(h)).toBe(before);
  });

  it('refuses bad input with the field named', async () => {
    for (const body of [{ Month: '2025-13' }, { Month: '2025-1' }, {}, { Month: '2025-01', extra: 1 }, { Month: 202501 }]) {
      const res = await call(h, 'POST', '/api/process-bill', a.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.length).toBeGreaterThan(0);
    }
  });

  it('is for the back office only', async () => {
    const before = await moneyState(h);
    expect((await processMonth('2024-12', a.demo)).statusCode).toBe(403);
    expect((await processMonth('2024-12', a.other)).statusCode).toBe(403);
    expect((await call(h, 'POST', '/api/process-bill', undefined, { Month: '2024-12' })).statusCode).toBe(401);
    expect(await moneyState(h)).toBe(before);
  });

  it('keeps the log of a failed run Pending with the error, and bills nothing of it', async () => {
    // An amount past numeric(18,2): 10^30 bytes = 10^21 GB × 1.2 × 0.15
    await use(h, zeroApp, 'asset-streaming', 'traffic', '1000000000000000000000000000000', '2024-11-10T04:00:00Z');
    const res = await processMonth('2024-11');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'BILLING_FAILED', message: 'the month could not be billed, see the bill log' });
    const logs = (await call(h, 'GET', '/api/bill-logs?month=2024-11', a.admin)).json();
    expect(logs.TotalCount).toBe(1);
    expect(logs.Items[0]).toMatchObject({ Month: '2024-11', Status: 'Pending', BillCount: 0, FinishedAt: null });
    expect(logs.Items[0].Error).toMatch(/overflow/i);
    const items = await h.db.query("SELECT 1 FROM bill_items WHERE month = '2024-11'");
    expect(items.rows).toHaveLength(0);
  });
});

describe('bill logs', () => {
  it('lists runs newest first with their states, filtered and paged', async () => {
    const all = (await call(h, 'GET', '/api/bill-logs', a.finance)).json();
    expect(all.TotalCount).toBeGreaterThanOrEqual(4);
    expect(all.Items[0].Month).toBe('2024-11');
    const pending = (await call(h, 'GET', '/api/bill-logs?status=Pending', a.admin)).json();
    expect(pending.Items.map((l: { Month: string }) => l.Month)).toEqual(['2024-11']);
    const page = (await call(h, 'GET', '/api/bill-logs?count=1&start=1', a.admin)).json();
    expect(page.Items).toHaveLength(1);
    expect(page.Items[0].Id).toBe(all.Items[1].Id);
  });

  it('is for the back office only', async () => {
    expect((await call(h, 'GET', '/api/bill-logs', a.demo)).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/bill-logs')).statusCode).toBe(401);
    expect((await call(h, 'GET', '/api/bill-logs?status=Done', a.admin)).statusCode).toBe(400);
  });
});

describe('reading bills', () => {
  it("lists a member's organisations' bills and everything for the back office", async () => {
    const mine = (await call(h, 'GET', '/api/bills?count=99999', a.demo)).json();
    expect(mine.Items.map((b: { ProjectName: string }) => b.ProjectName).sort()).toEqual(['Demo Game', 'Zero Game']);
    const all = (await call(h, 'GET', '/api/bills?month=2025-01&count=99999', a.admin)).json();
    expect(all.TotalCount).toBe(3);
    const other = all.Items.find((b: { AppId: string }) => b.AppId === h.otherAppId);
    expect(other).toMatchObject({ OrgId: a.otherOrg, OrganizationName: 'Other Studio', Amount: '10.50', Billed: true, TransactionStatus: 'Active' });
  });

  it('filters, searches, sorts and pages', async () => {
    const byOrg = (await call(h, 'GET', `/api/bills?orgId=${a.otherOrg}`, a.admin)).json();
    expect(byOrg.Items.map((b: { AppId: string }) => b.AppId)).toEqual([h.otherAppId]);
    const search = (await call(h, 'GET', '/api/bills?q=zero', a.admin)).json();
    expect(search.Items.map((b: { ProjectName: string }) => b.ProjectName)).toEqual(['Zero Game']);
    const cheapest = (await call(h, 'GET', '/api/bills?sort=amount&order=asc&count=1', a.admin)).json();
    expect(cheapest).toMatchObject({ TotalCount: 3, Items: [{ ProjectName: 'Zero Game', Amount: '0.00' }] });
    const second = (await call(h, 'GET', '/api/bills?sort=amount&order=desc&count=1&start=1', a.admin)).json();
    expect(second.Items[0]).toMatchObject({ ProjectName: 'Other Game' });
    const app = (await call(h, 'GET', `/api/bills?appId=${h.appId}`, a.demo)).json();
    expect(app.Items.map((b: { Month: string; Amount: string }) => [b.Month, b.Amount])).toEqual([['2025-01', '82.50']]);
  });

  it("refuses another organisation's bills and bad paging", async () => {
    expect((await call(h, 'GET', `/api/bills?orgId=${a.otherOrg}`, a.demo)).statusCode).toBe(403);
    expect((await call(h, 'GET', `/api/bills?appId=${h.otherAppId}`, a.demo)).statusCode).toBe(403);
    expect((await call(h, 'GET', '/api/bills')).statusCode).toBe(401);
    for (const q of ['count=100000', 'count=0', 'start=-1', 'month=2025-1', 'sort=name']) {
      expect((await call(h, 'GET', `/api/bills?${q}`, a.demo)).statusCode, q).toBe(400);
    }
  });

  it("answers an app's bill lines for a billed month", async () => {
    const res = await call(h, 'GET', `/api/app/${h.appId}/bill?month=2025-01`, a.demo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ AppId: h.appId, ProjectName: 'Demo Game', Month: '2025-01', Amount: '82.50', Billed: true, TransactionStatus: 'Active' });
    expect(res.json().Items).toEqual([
      { Service: 'asset-streaming', Meter: 'traffic', Quantity: String(1000 * GB), Units: '1200', UnitPrice: '0.1500', Gross: '180.00', Credit: '100.00', Amount: '80.00' },
      { Service: 'remote-config', Meter: 'fetch', Quantity: '25000', Units: '2.5', UnitPrice: '1.0000', Gross: '2.50', Credit: '0.00', Amount: '2.50' },
    ]);
  });

  it('answers what a month not billed yet has accrued', async () => {
    // 5,000 fetches on 1 February = 0.5 × 10,000 × 1 = 0.50
    const res = await call(h, 'GET', `/api/app/${h.appId}/bill?month=2025-02`, a.demo);
    expect(res.json()).toMatchObject({ Month: '2025-02', Amount: '0.50', Billed: false, TransactionId: null });
    expect(res.json().Items).toHaveLength(1);
  });

  it("refuses another organisation's app bill, and unknown apps or months", async () => {
    expect((await call(h, 'GET', `/api/app/${h.otherAppId}/bill?month=2025-01`, a.demo)).statusCode).toBe(403);
    expect((await call(h, 'GET', `/api/app/${h.otherAppId}/bill?month=2025-01`, a.admin)).statusCode).toBe(200);
    expect((await call(h, 'GET', '/api/app/no-such-app/bill', a.admin)).statusCode).toBe(404);
    expect((await call(h, 'GET', '/api/app/no-such-app/bill', a.demo)).statusCode).toBe(403);
    expect((await call(h, 'GET', `/api/app/${h.appId}/bill?month=January`, a.demo)).statusCode).toBe(400);
  });

  it("answers an organisation's bills month by month", async () => {
    const res = await call(h, 'GET', `/api/organizations/${a.demoOrg}/bills?year=2025`, a.demo);
    expect(res.statusCode).toBe(200);
    expect(res.json().TotalCount).toBe(1);
    expect(res.json().Items[0]).toMatchObject({ Month: '2025-01', Amount: '82.50' });
    expect(res.json().Items[0].Apps.map((b: { ProjectName: string }) => b.ProjectName)).toEqual(['Demo Game', 'Zero Game']);
    expect((await call(h, 'GET', `/api/organizations/${a.demoOrg}/bills?year=2024`, a.demo)).json()).toEqual({ TotalCount: 0, Items: [] });
    expect((await call(h, 'GET', `/api/organizations/${a.otherOrg}/bills`, a.demo)).statusCode).toBe(403);
    expect((await call(h, 'GET', `/api/organizations/${a.demoOrg}/bills?year=25`, a.demo)).statusCode).toBe(400);
  });
});
