import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../../resources/payments-api';
import { historyOf, startWorld, type World } from './payments-fixtures';
import type { Client } from './org-fixtures';

let w: World;
let licence: string;
let otherLicence: string;
beforeAll(async () => {
  w = await startWorld();
  licence = await upload(w.owner, w.h.appId);
  otherLicence = await upload(w.stranger, w.h.otherAppId);
});
afterAll(() => w.h.close());

/** A licence file granted through POST /api/cos-token for one of the caller's apps. */
async function upload(c: Client, appId: string): Promise<string> {
  const res = await c.post('/api/cos-token', { AppId: appId, FileName: 'licence.png', ContentType: 'image/png', Size: 1000 });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ Key: string }>().Key;
}

// 91350100M000100Y43: its check character works out by hand (see tests/unit/payments-credit-code.test.ts).
const request = (extra: Record<string, unknown> = {}) => ({
  OrgId: w.demoOrg,
  CompanyName: '示例工作室有限公司',
  CreditCode: '91350100M000100Y43',
  LegalPerson: '张三',
  LicenseKey: licence,
  ...extra,
});

const org = async (id: string) =>
  (await w.h.db.query<{ status: string; company_name: string }>('SELECT status, company_name FROM organizations WHERE id = $1', [id])).rows[0];
const requests = async () => (await w.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enterprise_certifications')).rows[0].n;

describe('POST /api/enterprise-certification', () => {
  it('refuses bad input naming the fields, and stores nothing', async () => {
    const before = await requests();
    const bad = await w.owner.post('/api/enterprise-certification', request({ CreditCode: '91350100M000100Y44', LicenseKey: otherLicence }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['/CreditCode', '/LicenseKey']);
    expect((await w.owner.post('/api/enterprise-certification', request({ LegalPerson: '' }))).statusCode).toBe(400);
    expect((await w.owner.post('/api/enterprise-certification', request({ Extra: 1 }))).statusCode).toBe(400);
    expect(await requests()).toBe(before);
  });

  it('is for the owner only', async () => {
    const before = await requests();
    expect((await w.orgAdmin.post('/api/enterprise-certification', request())).statusCode).toBe(403);
    expect((await w.member.post('/api/enterprise-certification', request())).statusCode).toBe(403);
    expect((await w.stranger.post('/api/enterprise-certification', request())).statusCode).toBe(403);
    expect((await w.admin.post('/api/enterprise-certification', request())).statusCode).toBe(403);
    expect((await w.anonymous.post('/api/enterprise-certification', request())).statusCode).toBe(401);
    expect(await requests()).toBe(before);
  });

  it('takes one Pending request per organisation', async () => {
    const res = await w.owner.post('/api/enterprise-certification', request());
    expect(res.statusCode).toBe(200);
    expect(res.json<Certification>()).toMatchObject({ OrgId: w.demoOrg, OrgName: 'Demo Studio', Status: 'Pending', Version: 1 });
    const again = await w.owner.post('/api/enterprise-certification', request());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('a certification request is already pending');
  });
});

describe('reading and correcting', () => {
  it("shows members their organisation's requests, the back office all, others nothing", async () => {
    const mine = (await w.member.get('/api/enterprise-certification')).json<{ TotalCount: number; Items: Certification[] }>();
    expect(mine.Items.map((c) => c.OrgId)).toEqual([w.demoOrg]);
    expect((await w.stranger.get('/api/enterprise-certification')).json().TotalCount).toBe(0);
    expect((await w.stranger.get(`/api/enterprise-certification?orgId=${w.demoOrg}`)).statusCode).toBe(403);
    const id = mine.Items[0].Id;
    expect((await w.stranger.get(`/api/enterprise-certification/${id}`)).statusCode).toBe(403);
    const detail = (await w.finance.get(`/api/enterprise-certification/${id}`)).json<Certification>();
    expect(detail.LicenseUrl).toContain(licence);
    expect((await w.admin.get('/api/enterprise-certification?status=Pending&q=示例')).json().TotalCount).toBe(1);
    expect((await w.admin.get('/api/enterprise-certification?status=Approved')).json().TotalCount).toBe(0);
    expect((await w.owner.get('/api/enterprise-certification/nope')).statusCode).toBe(404);
  });

  it('lets the owner correct a Pending request with the version read', async () => {
    const id = (await w.owner.get('/api/enterprise-certification')).json<{ Items: Certification[] }>().Items[0].Id;
    const body = { CompanyName: '示例游戏有限公司', CreditCode: '91350100M000100Y43', LegalPerson: '李四', LicenseKey: licence, Version: 1 };
    expect((await w.member.put(`/api/enterprise-certification/${id}`, body)).statusCode).toBe(403);
    expect((await w.stranger.put(`/api/enterprise-certification/${id}`, body)).statusCode).toBe(403);
    expect((await w.owner.put(`/api/enterprise-certification/${id}`, { ...body, CreditCode: '000000000000000001' })).statusCode).toBe(400);
    expect((await w.owner.put(`/api/enterprise-certification/${id}`, body)).json<Certification>()).toMatchObject({ CompanyName: '示例游戏有限公司', Version: 2 });
    expect((await w.owner.put(`/api/enterprise-certification/${id}`, body)).statusCode).toBe(409);
  });
});

describe('approving and invalidating', () => {
  it('approves from the back office: the organisation becomes Approved under the company name', async () => {
    const id = (await w.owner.get('/api/enterprise-certification')).json<{ Items: Certification[] }>().Items[0].Id;
    expect((await w.owner.post(`/api/enterprise-certification/${id}/approve`)).statusCode).toBe(403);
    expect(await org(w.demoOrg)).toEqual({ status: 'Pending', company_name: '' });
    const approved = await w.admin.post(`/api/enterprise-certification/${id}/approve`);
    expect(approved.json<Certification>()).toMatchObject({ Status: 'Approved', ReviewedBy: 'admin:admin@example.com' });
    expect(await org(w.demoOrg)).toEqual({ status: 'Approved', company_name: '示例游戏有限公司' });
    expect((await w.admin.post(`/api/enterprise-certification/${id}/approve`)).statusCode).toBe(409);
    const [entry] = await historyOf(w.h, 'org.certification.approve', id);
    expect(entry.after).toMatchObject({ Organization: { Status: 'Approved', CompanyName: '示例游戏有限公司' } });
  });

  it('keeps an approved organisation approved when a later request is turned down, and invalidates it with its approval', async () => {
    const later = (await w.owner.post('/api/enterprise-certification', request({ CompanyName: '新公司' }))).json<Certification>();
    expect((await w.finance.post(`/api/enterprise-certification/${later.Id}/invalidate`)).json<Certification>().Status).toBe('Invalid');
    expect(await org(w.demoOrg)).toEqual({ status: 'Approved', company_name: '示例游戏有限公司' });
    const approvedId = (await w.admin.get('/api/enterprise-certification?status=Approved')).json<{ Items: Certification[] }>().Items[0].Id;
    expect((await w.stranger.post(`/api/enterprise-certification/${approvedId}/invalidate`)).statusCode).toBe(403);
    expect((await w.finance.post(`/api/enterprise-certification/${approvedId}/invalidate`)).statusCode).toBe(200);
    expect((await org(w.demoOrg)).status).toBe('Invalid');
    expect((await w.finance.post(`/api/enterprise-certification/${approvedId}/invalidate`)).statusCode).toBe(409);
    // Another organisation was never touched.
    expect(await org(w.otherOrg)).toEqual({ status: 'Pending', company_name: '' });
  });
});
