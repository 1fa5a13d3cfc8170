import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { auditOf, balanceOf, call, moneyCastOf, moneySnapshot, seedTransaction, type MoneyCast } from './transactions-fixtures';

let h: Harness;
let c: MoneyCast;
beforeAll(async () => {
  h = await startHarness();
  c = await moneyCastOf(h);
});
afterAll(() => h.close());

const create = (cookie: string | undefined, body: Record<string, unknown>) => call(h, cookie, 'POST', '/api/transactions', body);
const adjustment = (over: Record<string, unknown> = {}) => ({ OrgId: c.demoOrgId, Type: 'Adjustment', AdjustmentType: 'Increase', Amount: '10.00', Note: 'goodwill', ...over });

describe('POST /api/transactions', () => {
  it('lets an administrator add an Active adjustment that moves the balance at once, written to the history', async () => {
    const before = await balanceOf(h, c.demoOrgId);
    const res = await create(c.admin, adjustment({ Amount: '12.5', AppId: h.appId }));
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(t).toMatchObject({ OrgId: c.demoOrgId, OrgName: 'Demo Studio', AppId: h.appId, Type: 'Adjustment', AdjustmentType: 'Increase', Amount: '12.50', Status: 'Active', Note: 'goodwill', CreatedBy: 'admin:admin@example.com', Version: 1 });
    const after = await balanceOf(h, c.demoOrgId);
    // 12.5 more, written with 2 decimals.
    expect(new Decimal(after.Balance).minus(before.Balance).toFixed(2)).toBe('12.50');
    expect(after.IncreasedAmount).toBe('12.50');
    expect(await auditOf(h, t.Id)).toEqual([{ actor: 'admin:admin@example.com', action: 'billing.transaction.create' }]);
  });

  it('lets a finance administrator reduce, and record a Pending manual deposit that waits for activation', async () => {
    const reduce = await create(c.finance, adjustment({ AdjustmentType: 'Reduce', Amount: '2.25' }));
    expect(reduce.statusCode).toBe(201);
    expect(reduce.json().CreatedBy).toBe('finance:finance@example.com');
    const pendingBefore = (await balanceOf(h, c.otherOrgId)).PendingAmount;
    const deposit = await create(c.finance, { OrgId: c.otherOrgId, Type: 'Deposit', Amount: '300', Note: 'transfer ref 0042', Status: 'Pending' });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json()).toMatchObject({ Type: 'Deposit', AdjustmentType: null, Status: 'Pending', Amount: '300.00' });
    expect(pendingBefore).toBe('0.00');
    expect(await balanceOf(h, c.otherOrgId)).toMatchObject({ Balance: '0.00', PendingAmount: '300.00' });
  });

  it('refuses amounts that break spec §5, naming the field, and stores nothing', async () => {
    const before = await moneySnapshot(h);
    for (const Amount of ['0', '0.00', '1.234', '-5', 'abc', '', '1e3', ' 1', '1.', '.5', '12345678901234567']) {
      const res = await create(c.admin, adjustment({ Amount }));
      expect(res.statusCode, Amount).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), Amount).toContain('/Amount');
    }
    expect(await moneySnapshot(h)).toBe(before);
    // Two decimals, one decimal and whole numbers are fine.
    for (const Amount of ['0.01', '7.5', '9999999999999999.99']) expect((await create(c.admin, adjustment({ Amount }))).statusCode, Amount).toBe(201);
  });

  it('refuses inconsistent kinds, unknown organisations, foreign apps and unknown fields', async () => {
    const before = await moneySnapshot(h);
    const cases: [Record<string, unknown>, string][] = [
      [adjustment({ AdjustmentType: undefined }), '/AdjustmentType'],
      [{ OrgId: c.demoOrgId, Type: 'Deposit', AdjustmentType: 'Increase', Amount: '1', Note: 'x' }, '/AdjustmentType'],
      [adjustment({ OrgId: 'no-such-org' }), '/OrgId'],
      [adjustment({ AppId: h.otherAppId }), '/AppId'],
      [adjustment({ Type: 'Bill' }), '/Type'],
      [adjustment({ Type: 'Refund' }), '/Type'],
      [adjustment({ Status: 'Invalid' }), '/Status'],
      [adjustment({ Note: '' }), '/Note'],
      [adjustment({ Note: '   ' }), '/Note'],
      [adjustment({ Note: 'x'.repeat(501) }), '/Note'],
      [adjustment({ Amount: 10 }), '/Amount'],
      [adjustment({ Balance: '5' }), '/Balance'],
    ];
    for (const [body, field] of cases) {
      const res = await create(c.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    expect(await moneySnapshot(h)).toBe(before);
  });

  it('refuses users of any role with 403 and anonymous callers with 401, storing nothing', async () => {
    const before = await moneySnapshot(h);
    expect((await create(c.owner, adjustment())).statusCode).toBe(403);
    expect((await create(c.orgAdmin, adjustment())).statusCode).toBe(403);
    expect((await create(c.stranger, adjustment())).statusCode).toBe(403);
    expect((await create(c.owner, { OrgId: c.demoOrgId, Type: 'Deposit', Amount: '1000', Note: 'free money' })).statusCode).toBe(403);
    expect((await create(undefined, adjustment())).statusCode).toBe(401);
    expect(await moneySnapshot(h)).toBe(before);
  });
});

describe('GET /api/transactions', () => {
  it("gives a member their organisation's transactions only, newest first, with paging and filters", async () => {
    await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '40', status: 'Pending' });
    await seedTransaction(h, { orgId: c.otherOrgId, type: 'Deposit', amount: '41', status: 'Active' });
    const all = (await call(h, c.member, 'GET', `/api/transactions?orgId=${c.demoOrgId}`)).json();
    expect(all.TotalCount).toBe(all.Items.length);
    expect(all.Items.every((t: { OrgId: string }) => t.OrgId === c.demoOrgId)).toBe(true);
    const times = all.Items.map((t: { CreatedAt: string }) => Date.parse(t.CreatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = (await call(h, c.member, 'GET', `/api/transactions?orgId=${c.demoOrgId}&count=2&start=1`)).json();
    expect(page.TotalCount).toBe(all.TotalCount);
    expect(page.Items.map((t: { Id: string }) => t.Id)).toEqual(all.Items.slice(1, 3).map((t: { Id: string }) => t.Id));
    const pending = (await call(h, c.member, 'GET', `/api/transactions?orgId=${c.demoOrgId}&status=Pending&type=Deposit`)).json();
    expect(pending.Items.length).toBeGreaterThan(0);
    expect(pending.Items.every((t: { Status: string; Type: string }) => t.Status === 'Pending' && t.Type === 'Deposit')).toBe(true);
    const withApp = (await call(h, c.member, 'GET', `/api/transactions?orgId=${c.demoOrgId}&appId=${h.appId}`)).json();
    expect(withApp.Items.length).toBeGreaterThan(0);
    expect(withApp.Items.every((t: { AppId: string }) => t.AppId === h.appId)).toBe(true);
  });

  it('filters by time: from inclusive, to exclusive; a range ending before it starts is 400', async () => {
    const t = await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '3', status: 'Active' });
    const at = encodeURIComponent(t.CreatedAt);
    const later = encodeURIComponent(new Date(Date.parse(t.CreatedAt) + 1).toISOString());
    const ids = async (qs: string) => (await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.demoOrgId}&${qs}`)).json().Items.map((x: { Id: string }) => x.Id);
    expect(await ids(`from=${at}&to=${later}`)).toContain(t.Id);
    expect(await ids(`to=${at}`)).not.toContain(t.Id);
    expect(await ids(`from=${later}`)).not.toContain(t.Id);
    const bad = await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.demoOrgId}&from=${later}&to=${at}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('query.from');
    expect((await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.demoOrgId}&from=yesterday`)).statusCode).toBe(400);
  });

  it("refuses another organisation's list, a list without orgId, and the back office's search options", async () => {
    expect((await call(h, c.stranger, 'GET', `/api/transactions?orgId=${c.demoOrgId}`)).statusCode).toBe(403);
    expect((await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.otherOrgId}`)).statusCode).toBe(403);
    const missing = await call(h, c.owner, 'GET', '/api/transactions');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('query.orgId');
    for (const extra of ['orgName=Demo', 'companyName=x', 'type=Adjustment', 'adjustmentType=Increase']) {
      expect((await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.demoOrgId}&${extra}`)).statusCode, extra).toBe(403);
    }
    expect((await call(h, undefined, 'GET', `/api/transactions?orgId=${c.demoOrgId}`)).statusCode).toBe(401);
    expect((await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.demoOrgId}&status=Done`)).statusCode).toBe(400);
    expect((await call(h, c.owner, 'GET', `/api/transactions?orgId=${c.demoOrgId}&count=0`)).statusCode).toBe(400);
  });

  it('gives the back office every organisation, searchable by organisation id, name, company and adjustment type', async () => {
    await h.db.query("UPDATE organizations SET company_name = 'Other Holdings Ltd' WHERE id = $1", [c.otherOrgId]);
    for (const cookie of [c.admin, c.finance]) {
      const all = (await call(h, cookie, 'GET', '/api/transactions')).json();
      expect(new Set(all.Items.map((t: { OrgId: string }) => t.OrgId))).toEqual(new Set([c.demoOrgId, c.otherOrgId]));
      const byName = (await call(h, cookie, 'GET', '/api/transactions?orgName=other%20stud')).json();
      expect(byName.Items.length).toBeGreaterThan(0);
      expect(byName.Items.every((t: { OrgName: string }) => t.OrgName === 'Other Studio')).toBe(true);
      const byCompany = (await call(h, cookie, 'GET', '/api/transactions?companyName=holdings')).json();
      expect(byCompany.TotalCount).toBe(byName.TotalCount);
      const byId = (await call(h, cookie, 'GET', `/api/transactions?orgId=${c.demoOrgId}&type=Adjustment&adjustmentType=Reduce`)).json();
      expect(byId.Items.length).toBeGreaterThan(0);
      expect(byId.Items.every((t: { OrgId: string; AdjustmentType: string }) => t.OrgId === c.demoOrgId && t.AdjustmentType === 'Reduce')).toBe(true);
    }
  });
});

describe('GET /api/transactions/:id', () => {
  it('shows a transaction to members of its organisation and the back office, and to nobody else', async () => {
    const t = await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '8.8', status: 'Pending' });
    for (const cookie of [c.owner, c.member, c.admin, c.finance]) {
      const res = await call(h, cookie, 'GET', `/api/transactions/${t.Id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Id: t.Id, Amount: '8.80', OrgName: 'Demo Studio' });
    }
    expect((await call(h, c.stranger, 'GET', `/api/transactions/${t.Id}`)).statusCode).toBe(404);
    expect((await call(h, undefined, 'GET', `/api/transactions/${t.Id}`)).statusCode).toBe(401);
    expect((await call(h, c.admin, 'GET', '/api/transactions/no-such-id')).statusCode).toBe(404);
  });
});

describe('PUT /api/transactions/:id', () => {
  it('changes the note at the version read, refuses a stale version with 409, and never the amount', async () => {
    const t = await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '20', status: 'Active', note: 'first' });
    const res = await call(h, c.finance, 'PUT', `/api/transactions/${t.Id}`, { Note: 'transfer ref 77', Version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Note: 'transfer ref 77', Version: 2, Amount: '20.00', Status: 'Active' });
    const stale = await call(h, c.admin, 'PUT', `/api/transactions/${t.Id}`, { Note: 'overwrite', Version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('version conflict');
    const amount = await call(h, c.admin, 'PUT', `/api/transactions/${t.Id}`, { Note: 'more', Version: 2, Amount: '9999' });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().details[0].field).toBe('/Amount');
    expect((await call(h, c.admin, 'GET', `/api/transactions/${t.Id}`)).json()).toMatchObject({ Note: 'transfer ref 77', Version: 2, Amount: '20.00' });
    expect(await auditOf(h, t.Id)).toEqual([{ actor: 'finance:finance@example.com', action: 'billing.transaction.update' }]);
  });

  it('refuses users, unknown ids and bad bodies, changing nothing', async () => {
    const t = await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '1', status: 'Pending', note: 'keep' });
    const before = await moneySnapshot(h);
    expect((await call(h, c.owner, 'PUT', `/api/transactions/${t.Id}`, { Note: 'mine', Version: 1 })).statusCode).toBe(403);
    expect((await call(h, c.stranger, 'PUT', `/api/transactions/${t.Id}`, { Note: 'theirs', Version: 1 })).statusCode).toBe(403);
    expect((await call(h, undefined, 'PUT', `/api/transactions/${t.Id}`, { Note: 'anon', Version: 1 })).statusCode).toBe(401);
    expect((await call(h, c.admin, 'PUT', '/api/transactions/no-such-id', { Note: 'x', Version: 1 })).statusCode).toBe(404);
    for (const body of [{}, { Note: 'x' }, { Version: 1 }, { Note: '', Version: 1 }, { Note: 'x', Version: 0 }, { Note: 'x', Version: '1' }]) {
      expect((await call(h, c.admin, 'PUT', `/api/transactions/${t.Id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await moneySnapshot(h)).toBe(before);
  });
});
