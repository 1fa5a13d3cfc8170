import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { Invoice } from '../../resources/payments-api';
import { createTransaction } from '../../server/billing/ledger';
import { historyOf, paidDeposit, startWorld, type World } from './payments-fixtures';

let w: World;
let depositId: string;
beforeAll(async () => {
  w = await startWorld();
  depositId = (await paidDeposit(w, '100')).TransactionId;
});
afterAll(() => w.h.close());

const regular = (transactionId: string, extra: Record<string, unknown> = {}) => ({
  TransactionId: transactionId,
  Type: 'regular',
  Format: 'PDF',
  Title: '示例工作室有限公司',
  TaxId: '91350100M000100Y43',
  ...extra,
});
const vat = (transactionId: string) =>
  regular(transactionId, { Type: 'VAT', Format: 'OFD', BankName: '中国银行福州分行', BankAccount: '6222 0000 0000', Address: '福州市鼓楼区', Phone: '0591-55550000' });

const invoiceCount = async () => (await w.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices')).rows[0].n;

describe('POST /api/invoices', () => {
  it('takes one request per Active deposit, for its amount', async () => {
    const res = await w.owner.post('/api/invoices', regular(depositId));
    expect(res.statusCode).toBe(200);
    expect(res.json<Invoice>()).toMatchObject({ TransactionId: depositId, OrgId: w.demoOrg, Amount: '100.00', Status: 'Pending', Number: null, Version: 1 });
    const again = await w.owner.post('/api/invoices', regular(depositId, { Format: 'OFD' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('the transaction already had an invoice');
  });

  it('refuses a Pending deposit and anything that is not a deposit', async () => {
    const order = (await w.owner.post('/api/alipay', { OrgId: w.demoOrg, Amount: '5', Method: 'page' })).json<{ TransactionId: string }>();
    expect((await w.owner.post('/api/invoices', regular(order.TransactionId))).statusCode).toBe(409);
    const bill = await w.h.db.transaction((q) =>
      createTransaction(q, { orgId: w.demoOrg, appId: w.h.appId, type: 'Bill', amount: '3', status: 'Active', billMonth: '2020-01', createdBy: 'test' }),
    );
    const res = await w.owner.post('/api/invoices', regular(bill.Id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('only active deposits can be invoiced');
    expect((await w.owner.post('/api/invoices', regular('no-such-transaction'))).statusCode).toBe(404);
  });

  it('asks a VAT invoice for the bank, account, address and phone', async () => {
    const id = (await paidDeposit(w, '1')).TransactionId;
    const before = await invoiceCount();
    const res = await w.owner.post('/api/invoices', regular(id, { Type: 'VAT' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['/Address', '/BankAccount', '/BankName', '/Phone']);
    expect((await w.owner.post('/api/invoices', regular(id, { TaxId: 'not-a-tax-id' }))).statusCode).toBe(400);
    expect((await w.owner.post('/api/invoices', regular(id, { Format: 'DOCX' }))).statusCode).toBe(400);
    expect((await w.owner.post('/api/invoices', regular(id, { Title: '' }))).statusCode).toBe(400);
    expect(await invoiceCount()).toBe(before);
  });

  it('lets owners and admins of the organisation ask, no one else', async () => {
    const id = (await paidDeposit(w, '2')).TransactionId;
    const before = await invoiceCount();
    expect((await w.member.post('/api/invoices', regular(id))).statusCode).toBe(403);
    expect((await w.stranger.post('/api/invoices', regular(id))).statusCode).toBe(403);
    expect((await w.finance.post('/api/invoices', regular(id))).statusCode).toBe(403);
    expect((await w.anonymous.post('/api/invoices', regular(id))).statusCode).toBe(401);
    expect(await invoiceCount()).toBe(before);
    expect((await w.orgAdmin.post('/api/invoices', regular(id))).statusCode).toBe(200);
  });
});

describe('reading, changing and cancelling', () => {
  it("lists an organisation's invoices to its members and all to the back office, with filters", async () => {
    const mine = (await w.member.get(`/api/invoices?orgId=${w.demoOrg}&count=50`)).json<{ TotalCount: number; Items: Invoice[] }>();
    expect(mine.TotalCount).toBeGreaterThan(0);
    expect(mine.Items.every((i) => i.OrgId === w.demoOrg)).toBe(true);
    expect((await w.stranger.get('/api/invoices')).json().TotalCount).toBe(0);
    expect((await w.stranger.get(`/api/invoices?orgId=${w.demoOrg}`)).statusCode).toBe(403);
    const all = (await w.finance.get(`/api/invoices?transactionId=${depositId}`)).json<{ TotalCount: number; Items: Invoice[] }>();
    expect(all.Items.map((i) => i.TransactionId)).toEqual([depositId]);
    expect((await w.admin.get('/api/invoices?status=Finished')).json().TotalCount).toBe(0);
    expect((await w.admin.get('/api/invoices?status=Done')).statusCode).toBe(400);
  });

  it('edits a Pending invoice with the version it read, and refuses a stale one', async () => {
    const id = (await paidDeposit(w, '3')).TransactionId;
    const inv = (await w.owner.post('/api/invoices', regular(id))).json<Invoice>();
    const { TransactionId: _t, ...details } = vat(id);
    expect((await w.member.put(`/api/invoices/${inv.Id}`, { ...details, Version: 1 })).statusCode).toBe(403);
    expect((await w.stranger.put(`/api/invoices/${inv.Id}`, { ...details, Version: 1 })).statusCode).toBe(403);
    const changed = await w.owner.put(`/api/invoices/${inv.Id}`, { ...details, Version: 1 });
    expect(changed.json<Invoice>()).toMatchObject({ Type: 'VAT', Format: 'OFD', BankName: '中国银行福州分行', Version: 2 });
    expect((await w.owner.put(`/api/invoices/${inv.Id}`, { ...details, Title: 'Stale', Version: 1 })).statusCode).toBe(409);
    expect((await w.owner.get(`/api/invoices/${inv.Id}`)).json<Invoice>().Title).toBe('示例工作室有限公司');
  });

  it('cancels a Pending request, after which the transaction may be invoiced again', async () => {
    const id = (await paidDeposit(w, '4')).TransactionId;
    const inv = (await w.owner.post('/api/invoices', regular(id))).json<Invoice>();
    expect((await w.stranger.post(`/api/invoices/${inv.Id}/cancel`)).statusCode).toBe(403);
    expect((await w.owner.post(`/api/invoices/${inv.Id}/cancel`)).json<Invoice>().Status).toBe('Cancelled');
    expect((await w.owner.post(`/api/invoices/${inv.Id}/cancel`)).statusCode).toBe(409);
    const { TransactionId: _t, ...details } = regular(id);
    expect((await w.owner.put(`/api/invoices/${inv.Id}`, { ...details, Version: 2 })).statusCode).toBe(409);
    expect((await w.owner.post('/api/invoices', regular(id))).statusCode).toBe(200);
    expect(await historyOf(w.h, 'invoice.cancel', inv.Id)).toHaveLength(1);
  });
});

describe('finishing and invalidating', () => {
  it('issues a PDF: a number, the document to download for members and the back office', async () => {
    const inv = (await w.owner.get(`/api/invoices?transactionId=${depositId}`)).json<{ Items: Invoice[] }>().Items[0];
    expect((await w.owner.post(`/api/invoices/${inv.Id}/finish`)).statusCode).toBe(403);
    expect((await w.owner.get(`/api/invoices/${inv.Id}/document`)).statusCode).toBe(404);
    const done = await w.finance.post(`/api/invoices/${inv.Id}/finish`);
    expect(done.statusCode).toBe(200);
    const finished = done.json<Invoice>();
    expect(finished).toMatchObject({ Status: 'Finished', DocumentName: `invoice-${finished.Number}.pdf` });
    expect(finished.Number).toMatch(/^\d{12}$/);
    expect((await w.admin.post(`/api/invoices/${inv.Id}/finish`)).statusCode).toBe(409);
    const doc = await w.member.get(`/api/invoices/${inv.Id}/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toContain(`invoice-${finished.Number}.pdf`);
    expect(doc.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await w.stranger.get(`/api/invoices/${inv.Id}/document`)).statusCode).toBe(403);
    expect((await w.admin.get(`/api/invoices/${inv.Id}/document`)).statusCode).toBe(200);
    expect(await historyOf(w.h, 'invoice.finish', inv.Id)).toHaveLength(1);
  });

  it('issues an OFD package for an OFD request', async () => {
    const id = (await paidDeposit(w, '1010.07')).TransactionId;
    const inv = (await w.owner.post('/api/invoices', vat(id))).json<Invoice>();
    await w.admin.post(`/api/invoices/${inv.Id}/finish`);
    const doc = await w.owner.get(`/api/invoices/${inv.Id}/document`);
    expect(doc.headers['content-type']).toBe('application/ofd');
    const files = unzipSync(new Uint8Array(doc.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Doc_0/Document.xml', 'Doc_0/Pages/Page_0/Content.xml', 'Doc_0/PublicRes.xml', 'OFD.xml']);
    const content = strFromU8(files['Doc_0/Pages/Page_0/Content.xml']);
    expect(content).toContain('电子发票（增值税专用发票）');
    expect(content).toContain('壹仟零壹拾元零柒分');
    expect(content).toContain('示例工作室有限公司');
  });

  it('invalidates a Finished invoice from the back office only, freeing the transaction', async () => {
    const inv = (await w.owner.get(`/api/invoices?transactionId=${depositId}&status=Finished`)).json<{ Items: Invoice[] }>().Items[0];
    expect((await w.owner.post(`/api/invoices/${inv.Id}/invalidate`)).statusCode).toBe(403);
    expect((await w.anonymous.post(`/api/invoices/${inv.Id}/invalidate`)).statusCode).toBe(401);
    expect((await w.finance.post(`/api/invoices/${inv.Id}/invalidate`)).json<Invoice>().Status).toBe('Invalid');
    expect((await w.finance.post(`/api/invoices/${inv.Id}/invalidate`)).statusCode).toBe(409);
    expect((await w.owner.post('/api/invoices', regular(depositId))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await w.admin.post('/api/invoices/nope/finish')).statusCode).toBe(404);
    expect((await w.owner.get('/api/invoices/nope')).statusCode).toBe(404);
  });
});
