import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipaySdk } from 'alipay-sdk';
import type { AlipayOrder, Payment, Remittance, SandboxCheckout } from '../../resources/payments-api';
import { sandboxKeys } from '../../server/payments/alipay/signing';
import { balanceOf, historyOf, notification, postNotification, startWorld, statusOfTransaction, type World } from './payments-fixtures';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.h.close());

const order = async (amount: string, method = 'page') => (await w.owner.post('/api/alipay', { OrgId: w.demoOrg, Amount: amount, Method: method })).json<AlipayOrder>();

describe('POST /api/alipay', () => {
  it('creates a waiting payment and a Pending deposit referencing it, and answers the checkout page', async () => {
    const before = await balanceOf(w.h, w.demoOrg);
    const res = await w.owner.post('/api/alipay', { OrgId: w.demoOrg, Amount: '12.5', Method: 'page' });
    expect(res.statusCode).toBe(200);
    const o = res.json<AlipayOrder>();
    expect(o).toMatchObject({ OrgId: w.demoOrg, Amount: '12.50', Method: 'page', Status: 10, StatusName: 'callback', Provider: 'sandbox' });
    expect(o.PayUrl).toMatch(new RegExp(`/payments/sandbox/${o.OutTradeNo}$`));
    const tx = await w.h.db.query<{ type: string; status: string; reference: string; amount: string }>(
      'SELECT type, status, reference, amount::text AS amount FROM transactions WHERE id = $1',
      [o.TransactionId],
    );
    expect(tx.rows[0]).toEqual({ type: 'Deposit', status: 'Pending', reference: `alipay:${o.OutTradeNo}`, amount: '12.50' });
    const after = await balanceOf(w.h, w.demoOrg);
    expect(after.Balance).toBe(before.Balance);
    // 12.50 more is waiting for its payment.
    expect(Number(after.PendingAmount) * 100 - Number(before.PendingAmount) * 100).toBe(1250);
    expect(await historyOf(w.h, 'payment.create', o.OutTradeNo)).toHaveLength(1);
  });

  it('answers an order string signed with RSA2 for the app method, verifiable with the signing key', async () => {
    const o = await order('3', 'app');
    expect(o.PayUrl).toBeUndefined();
    const fields = Object.fromEntries(new URLSearchParams(o.OrderString!));
    expect(fields).toMatchObject({ method: 'alipay.trade.app.pay', sign_type: 'RSA2' });
    expect(JSON.parse(fields.biz_content)).toMatchObject({ out_trade_no: o.OutTradeNo, total_amount: '3.00', product_code: 'QUICK_MSECURITY_PAY' });
    const keys = await sandboxKeys(w.h.db);
    const verifier = new AlipaySdk({ appId: fields.app_id, privateKey: keys.privateKey, keyType: 'PKCS8', alipayPublicKey: keys.publicKey });
    expect(verifier.checkNotifySignV2(fields)).toBe(true);
    expect(verifier.checkNotifySignV2({ ...fields, biz_content: fields.biz_content.replace('3.00', '300.00') })).toBe(false);
  });

  it('lets an admin of the organisation pay, but not a member, another organisation or the back office', async () => {
    const body = { OrgId: w.demoOrg, Amount: '1', Method: 'wap' };
    expect((await w.orgAdmin.post('/api/alipay', body)).statusCode).toBe(200);
    const count = async () => (await w.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments')).rows[0].n;
    const before = await count();
    expect((await w.member.post('/api/alipay', body)).statusCode).toBe(403);
    expect((await w.stranger.post('/api/alipay', body)).statusCode).toBe(403);
    expect((await w.admin.post('/api/alipay', body)).statusCode).toBe(403);
    expect((await w.anonymous.post('/api/alipay', body)).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it.each([
    [{ Amount: '0' }, '/Amount'],
    [{ Amount: '-5' }, '/Amount'],
    [{ Amount: '1.234' }, '/Amount'],
    [{ Amount: '100000000.01' }, '/Amount'],
    [{ Amount: 'abc' }, '/Amount'],
    [{ Method: 'card' }, '/Method'],
  ])('refuses %j with 400 naming the field and stores nothing', async (change, field) => {
    const before = (await w.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions')).rows[0].n;
    const res = await w.owner.post('/api/alipay', { OrgId: w.demoOrg, Amount: '10', Method: 'page', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await w.h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions')).rows[0].n).toBe(before);
  });
});

describe('the sandbox checkout', () => {
  it('pays through a signed notification that activates the deposit once, and the return page reads it', async () => {
    const before = await balanceOf(w.h, w.demoOrg);
    const o = await order('88.80');
    const view = await w.owner.get(`/api/alipay/sandbox/${o.OutTradeNo}`);
    expect(view.json<SandboxCheckout>()).toMatchObject({ Amount: '88.80', OrgName: 'Demo Studio', Status: 10 });
    expect(view.json<SandboxCheckout>().ReturnUrl).toMatch(new RegExp(`/alipay/callback\\?out_trade_no=${o.OutTradeNo}$`));
    const paid = await w.member.post(`/api/alipay/sandbox/${o.OutTradeNo}/pay`, { Result: 'success' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ Status: 30, StatusName: 'success' });
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Active');
    const after = await balanceOf(w.h, w.demoOrg);
    expect(Math.round(Number(after.Balance) * 100 - Number(before.Balance) * 100)).toBe(8880);
    expect((await w.member.get(`/api/alipay/payments/${o.OutTradeNo}`)).json<Payment>().Status).toBe(30);
    // Paying again sends the same word again: nothing changes.
    expect((await w.owner.post(`/api/alipay/sandbox/${o.OutTradeNo}/pay`, { Result: 'success' })).statusCode).toBe(200);
    expect((await balanceOf(w.h, w.demoOrg)).Balance).toBe(after.Balance);
    expect(await historyOf(w.h, 'payment.succeed', o.OutTradeNo)).toHaveLength(1);
  });

  it('fails a payment: the deposit is cancelled and a later success changes nothing', async () => {
    const before = await balanceOf(w.h, w.demoOrg);
    const o = await order('5');
    expect((await w.owner.post(`/api/alipay/sandbox/${o.OutTradeNo}/pay`, { Result: 'fail' })).json()).toMatchObject({ Status: 40 });
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Cancelled');
    expect((await w.owner.post(`/api/alipay/sandbox/${o.OutTradeNo}/pay`, { Result: 'success' })).json()).toMatchObject({ Status: 40 });
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Cancelled');
    expect((await balanceOf(w.h, w.demoOrg)).Balance).toBe(before.Balance);
    expect((await historyOf(w.h, 'payment.notification.refused', o.OutTradeNo)).map((r) => r.after.Reason)).toEqual(['payment already closed']);
  });

  it("keeps other organisations' payments out of reach", async () => {
    const o = await order('2');
    expect((await w.stranger.get(`/api/alipay/sandbox/${o.OutTradeNo}`)).statusCode).toBe(403);
    expect((await w.stranger.post(`/api/alipay/sandbox/${o.OutTradeNo}/pay`, { Result: 'success' })).statusCode).toBe(403);
    expect((await w.stranger.get(`/api/alipay/payments/${o.OutTradeNo}`)).statusCode).toBe(403);
    expect((await w.anonymous.get(`/api/alipay/payments/${o.OutTradeNo}`)).statusCode).toBe(401);
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Pending');
    // The back office reads any payment.
    expect((await w.finance.get(`/api/alipay/payments/${o.OutTradeNo}`)).statusCode).toBe(200);
    expect((await w.owner.get('/api/alipay/payments/nosuchtrade')).statusCode).toBe(404);
  });
});

describe('GET and POST /api/alipay/callback', () => {
  it('accepts a genuine notification by GET as well, once', async () => {
    const o = await order('7.07');
    const params = await notification(w.h, o);
    const res = await w.h.req({ method: 'GET', url: `/api/alipay/callback?${new URLSearchParams(params)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Active');
    // The same notification again (Alipay repeats until it reads `success`).
    expect((await postNotification(w.h, params)).body).toBe('success');
    expect(await historyOf(w.h, 'payment.succeed', o.OutTradeNo)).toHaveLength(1);
  });

  it.each([
    ['a signature made with another key', { forgedKey: true }, 'invalid signature', '/sign'],
    ['a different amount', { amount: '70.70' }, 'amount does not match the payment', '/total_amount'],
    ['another app id', { appId: '2021000000000000' }, 'notification for another app', '/app_id'],
  ])('refuses %s, records why and changes nothing', async (_name, opts, reason, field) => {
    const before = await balanceOf(w.h, w.demoOrg);
    const o = await order('7.07');
    const res = await postNotification(w.h, await notification(w.h, o, opts));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'payment notification refused', details: [{ field, message: reason }] });
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Pending');
    expect((await w.owner.get(`/api/alipay/payments/${o.OutTradeNo}`)).json<Payment>().Status).toBe(10);
    expect((await balanceOf(w.h, w.demoOrg)).Balance).toBe(before.Balance);
    const logged = await historyOf(w.h, 'payment.notification.refused', o.OutTradeNo);
    expect(logged.map((l) => l.after.Reason)).toEqual([reason]);
    expect(JSON.stringify(logged)).not.toMatch(/PRIVATE KEY|"sign"/);
  });

  it('refuses a tampered field of a genuine notification', async () => {
    const o = await order('9');
    const params = await notification(w.h, o, { status: 'TRADE_CLOSED' });
    const res = await postNotification(w.h, { ...params, trade_status: 'TRADE_SUCCESS' });
    expect(res.statusCode).toBe(403);
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Pending');
  });

  it('refuses a signed notification about an unknown trade', async () => {
    const res = await postNotification(w.h, await notification(w.h, { OutTradeNo: '20260101ffffffffffffffff', Amount: '1.00' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toEqual([{ field: '/out_trade_no', message: 'unknown trade' }]);
    expect(await historyOf(w.h, 'payment.notification.refused', '20260101ffffffffffffffff')).toHaveLength(1);
  });

  it('ignores a signed notification that the buyer has not paid yet', async () => {
    const o = await order('4');
    expect((await postNotification(w.h, await notification(w.h, o, { status: 'WAIT_BUYER_PAY' }))).body).toBe('success');
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Pending');
    expect((await postNotification(w.h, await notification(w.h, o))).body).toBe('success');
    expect(await statusOfTransaction(w.h, o.TransactionId)).toBe('Active');
  });
});

describe('GET /api/remittance', () => {
  it('answers the configured account to signed-in callers only', async () => {
    w.h.ctx.config.payments.remittance = { accountName: '北极星科技有限公司', bankName: '招商银行上海分行', accountNumber: '1219 0000 0000 0001', note: '' };
    expect((await w.member.get('/api/remittance')).json<Remittance>()).toEqual({
      AccountName: '北极星科技有限公司',
      BankName: '招商银行上海分行',
      AccountNumber: '1219 0000 0000 0001',
      Note: '',
    });
    expect((await w.anonymous.get('/api/remittance')).statusCode).toBe(401);
  });
});
