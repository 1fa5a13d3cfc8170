import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, verifyPhoneCode } from '../../server/services/passport/identity/codes';
import { startHarness, type Harness } from './harness';
import { call, P } from './passport-identity-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let phoneSeq = 0;
/** A number no other test of this file used. */
const newPhone = () => `1390000${String(1000 + ++phoneSeq)}`;

const requestCode = (phone: string, appId: string | null = h.appId, headers: Record<string, string> = {}) =>
  call(h, headers, 'POST', `${P}/sdk/verification-codes`, appId ? { appId, phone } : { phone });

/** The code of the last message the server wrote for this number. */
function lastCode(phone: string): string {
  const message = [...smsOutbox(h.ctx)].reverse().find((m) => m.phone === phone);
  const code = message?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code was written for ${phone}`);
  return code;
}

const age = (phone: string, seconds: number) =>
  h.db.query(
    `UPDATE passport_sms_codes SET sent_at = sent_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) WHERE phone = $1`,
    [phone, seconds],
  );

const smsUsage = async () =>
  Number((await h.db.query<{ n: string }>("SELECT coalesce(sum(quantity), 0) AS n FROM usage_events WHERE app_id = $1 AND meter = 'sms'", [h.appId])).rows[0].n);

describe('sending a code', () => {
  it('writes a six-digit code with the enabled template and the signature, keeps only a hash, logs the number masked and meters one sms', async () => {
    const phone = '13800001111';
    const before = await smsUsage();
    const res = await requestCode(phone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ phone: '138****1111', expiresInSeconds: 600, resendAfterSeconds: 60 });

    const message = smsOutbox(h.ctx).at(-1)!;
    // The demo app's enabled template and its id domain's SMS signature.
    expect(message.text).toMatch(/^【Demo Game】您的验证码为 \d{6}，10 分钟内有效/);
    const code = lastCode(phone);
    const stored = (await h.db.query<{ code_hash: string }>('SELECT code_hash FROM passport_sms_codes WHERE phone = $1', [phone])).rows[0];
    expect(stored.code_hash).not.toContain(code);

    const logs = await h.svc('GET', `${P}/id-domains/${h.appId}/verification-code-logs?count=1`);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().verificationCodeLogs[0]).toMatchObject({ phone: '138****1111', templateName: '登录验证码', result: 'Sent' });
    expect(JSON.stringify(logs.json())).not.toContain(phone);
    expect(await smsUsage()).toBe(before + 1);
  });

  it('refuses a second code to the same number within 60 seconds, logs the refusal, and sends again once the minute has passed', async () => {
    const phone = newPhone();
    expect((await requestCode(phone)).statusCode).toBe(200);
    const first = lastCode(phone);
    const usage = await smsUsage();

    const again = await requestCode(phone);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await smsUsage()).toBe(usage);
    const refused = await h.svc('GET', `${P}/id-domains/${h.appId}/verification-code-logs?result=RateLimited`);
    expect(refused.json().verificationCodeLogs[0].phone).toBe(`139****${phone.slice(-4)}`);

    // Another number is not held back by this one.
    expect((await requestCode(newPhone())).statusCode).toBe(200);

    await age(phone, 61);
    expect((await requestCode(phone)).statusCode).toBe(200);
    const second = lastCode(phone);
    // The new code replaces the old one.
    if (second !== first) expect(await verifyPhoneCode(h.ctx, h.appId, phone, first)).toBe(false);
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, second)).toBe(true);
  });

  it('needs an app: an unknown app is 404, no app id without the credential is 400, the app credential names its app', async () => {
    expect((await requestCode(newPhone(), 'no-such-app')).statusCode).toBe(404);
    const missing = await requestCode(newPhone(), null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('/appId');
    const phone = newPhone();
    expect((await requestCode(phone, null, { authorization: h.basic })).statusCode).toBe(200);
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, lastCode(phone))).toBe(true);
  });

  it('refuses a malformed number naming the field', async () => {
    const res = await requestCode('12-34');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('/phone');
  });
});

describe('checking a code', () => {
  it('accepts the right code once', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = lastCode(phone);
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, code)).toBe(true);
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, code)).toBe(false);
  });

  it('counts every try: after five wrong ones even the right code fails', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = lastCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) expect(await verifyPhoneCode(h.ctx, h.appId, phone, wrong)).toBe(false);
    // The fifth try is still a try: the right code passes.
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, code)).toBe(true);

    const other = newPhone();
    await requestCode(other);
    const right = lastCode(other);
    const bad = right === '111111' ? '111112' : '111111';
    for (let i = 0; i < 5; i++) expect(await verifyPhoneCode(h.ctx, h.appId, other, bad)).toBe(false);
    expect(await verifyPhoneCode(h.ctx, h.appId, other, right)).toBe(false);
  });

  it('refuses a code older than ten minutes', async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = lastCode(phone);
    await age(phone, 10 * 60 + 1);
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, code)).toBe(false);
  });

  it("keeps apps apart: one app's code is not another app's, and another app reads none of its logs", async () => {
    const phone = newPhone();
    await requestCode(phone);
    const code = lastCode(phone);
    expect(await verifyPhoneCode(h.ctx, h.otherAppId, phone, code)).toBe(false);
    expect(await verifyPhoneCode(h.ctx, h.appId, phone, code)).toBe(true);
    const theirs = await call(h, { authorization: h.otherBasic }, 'GET', `${P}/id-domains/${h.appId}/verification-code-logs`);
    expect(theirs.statusCode).toBe(404);
    const own = await call(h, { authorization: h.otherBasic }, 'GET', `${P}/id-domains/${h.otherAppId}/verification-code-logs`);
    expect(own.json()).toEqual({ total: 0, verificationCodeLogs: [] });
  });
});
