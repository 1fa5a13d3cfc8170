import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { call, moneyCastOf, seedTransaction, type MoneyCast } from './transactions-fixtures';

let h: Harness;
let c: MoneyCast;
let thirdOrgId: string;
beforeAll(async () => {
  h = await startHarness();
  c = await moneyCastOf(h);
  const created = await call(h, c.owner, 'POST', '/api/organizations', { Name: 'Third Studio', CompanyName: 'Third Games Co' });
  thirdOrgId = created.json().Id;
  // Demo Studio: 100.00 deposited, 30.05 billed, 5.00 added, 1.01 taken, 20.00 refunded, 7.77 waiting.
  await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '100', status: 'Active' });
  await seedTransaction(h, { orgId: c.demoOrgId, type: 'Bill', amount: '30.05', status: 'Active', appId: h.appId, billMonth: '2026-01' });
  await seedTransaction(h, { orgId: c.demoOrgId, type: 'Adjustment', adjustmentType: 'Increase', amount: '5', status: 'Active' });
  await seedTransaction(h, { orgId: c.demoOrgId, type: 'Adjustment', adjustmentType: 'Reduce', amount: '1.01', status: 'Active' });
  await seedTransaction(h, { orgId: c.demoOrgId, type: 'Refund', amount: '20', status: 'Active' });
  await seedTransaction(h, { orgId: c.demoOrgId, type: 'Deposit', amount: '7.77', status: 'Pending' });
  await seedTransaction(h, { orgId: c.otherOrgId, type: 'Deposit', amount: '1.5', status: 'Active' });
});
afterAll(() => h.close());

const get = (cookie: string | undefined, qs = '') => call(h, cookie, 'GET', `/api/balance${qs}`);
const orgsOf = (res: { json: () => { Items: { OrgId: string }[] } }) => res.json().Items.map((b) => b.OrgId);

describe('GET /api/balance', () => {
  it('gives every field of spec 000 §3 as 2-decimal strings', async () => {
    const res = await get(c.member, `?orgId[]=${c.demoOrgId}`);
    expect(res.statusCode).toBe(200);
    // 100 − 30.05 + 5 − 1.01 − 20 = 53.94; adjustments net 3.99; all of it this month, so none before it.
    expect(res.json()).toEqual({
      TotalCount: 1,
      Items: [
        {
          OrgId: c.demoOrgId,
          OrgName: 'Demo Studio',
          CompanyName: '',
          Balance: '53.94',
          LastMonthBalance: '0.00',
          DepositAmount: '100.00',
          AdjustmentAmount: '3.99',
          IncreasedAmount: '5.00',
          ReducedAmount: '1.01',
          RefundAmount: '20.00',
          PendingAmount: '7.77',
          TotalBillAmount: '30.05',
        },
      ],
    });
  });

  it("gives a user without ids all their organisations' balances, and takes orgId repeated or orgId[]", async () => {
    expect(orgsOf(await get(c.owner)).sort()).toEqual([c.demoOrgId, thirdOrgId].sort());
    expect(orgsOf(await get(c.member))).toEqual([c.demoOrgId]);
    expect(orgsOf(await get(c.owner, `?orgId=${c.demoOrgId}&orgId=${thirdOrgId}`)).sort()).toEqual([c.demoOrgId, thirdOrgId].sort());
    expect(orgsOf(await get(c.owner, `?orgId[]=${thirdOrgId}`))).toEqual([thirdOrgId]);
    const third = (await get(c.owner, `?orgId=${thirdOrgId}`)).json().Items[0];
    expect(third).toMatchObject({ Balance: '0.00', PendingAmount: '0.00', TotalBillAmount: '0.00', CompanyName: 'Third Games Co' });
  });

  it("refuses another organisation's balance to users, also mixed with their own, and anonymous callers", async () => {
    expect((await get(c.owner, `?orgId=${c.otherOrgId}`)).statusCode).toBe(403);
    expect((await get(c.owner, `?orgId=${c.demoOrgId}&orgId=${c.otherOrgId}`)).statusCode).toBe(403);
    expect((await get(c.stranger, `?orgId[]=${c.demoOrgId}`)).statusCode).toBe(403);
    expect((await get(c.member, '?orgName=Demo')).statusCode).toBe(403);
    expect((await get(undefined, `?orgId=${c.demoOrgId}`)).statusCode).toBe(401);
    expect((await get(c.owner, '?orgId=bad%20id')).statusCode).toBe(400);
    // A stranger's own list holds only their organisation.
    expect(orgsOf(await get(c.stranger))).toEqual([c.otherOrgId]);
  });

  it('gives the back office any organisation, every one without ids, paged by name, with the search options', async () => {
    for (const cookie of [c.admin, c.finance]) {
      const all = (await get(cookie)).json();
      expect(all.TotalCount).toBe(3);
      expect(all.Items.map((b: { OrgName: string }) => b.OrgName)).toEqual(['Demo Studio', 'Other Studio', 'Third Studio']);
      const page = (await get(cookie, '?count=1&start=1')).json();
      expect(page).toMatchObject({ TotalCount: 3, Items: [{ OrgName: 'Other Studio', Balance: '1.50' }] });
      expect(orgsOf(await get(cookie, `?orgId=${c.otherOrgId}`))).toEqual([c.otherOrgId]);
      expect(orgsOf(await get(cookie, '?orgName=third'))).toEqual([thirdOrgId]);
      expect(orgsOf(await get(cookie, '?companyName=GAMES%20co'))).toEqual([thirdOrgId]);
      expect(orgsOf(await get(cookie, `?q=${c.demoOrgId}`))).toEqual([c.demoOrgId]);
      expect(orgsOf(await get(cookie, '?q=studio'))).toHaveLength(3);
      expect((await get(cookie, '?orgId=no-such-org')).statusCode).toBe(404);
    }
  });
});
