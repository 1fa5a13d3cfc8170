import { randomInt } from 'node:crypto';
import { modelOf, type Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { Signer } from '../../../blob/signing';
import { recordUsage } from '../../../usage';
import { records } from '../../../engine/query';
import { insertRow } from '../../../engine/table-page';

/** Verification codes (spec 002): six digits, one per number every 60 s, five tries, ten minutes. */
export const CODE_RULES = { digits: 6, resendSeconds: 60, tries: 5, ttlMinutes: 10 } as const;

/** What goes out when no template is enabled. */
export const DEFAULT_SMS_TEXT = '您的验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。';

export interface SmsMessage {
  appId: string;
  phone: string;
  text: string;
  at: string;
}

const signers = new WeakMap<Ctx, Signer>();
const outboxes = new WeakMap<Ctx, SmsMessage[]>();

/** The messages this server wrote instead of sending (newest last, the last 200), as the mailer keeps its outbox. */
export function smsOutbox(ctx: Ctx): SmsMessage[] {
  let box = outboxes.get(ctx);
  if (!box) outboxes.set(ctx, (box = []));
  return box;
}

/** A number as the console shows it: the first three and last four digits, the rest hidden. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  const plus = phone.startsWith('+') ? '+' : '';
  if (digits.length <= 7) return `${plus}${digits.slice(0, 1)}${'*'.repeat(Math.max(digits.length - 2, 1))}${digits.slice(-1)}`;
  return `${plus}${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

/** The code's keyed hash (HMAC with the server's signing key): a stolen table does not give the codes away. */
async function codeHash(ctx: Ctx, appId: string, phone: string, code: string): Promise<string> {
  let signer = signers.get(ctx);
  if (!signer) signers.set(ctx, (signer = new Signer(ctx.db, () => ctx.config.secretKey)));
  return signer.sign(['passport-sms-code', appId, phone, code]);
}

interface Template {
  id: string | null;
  name: string;
  content: string;
}

/** The app's enabled template, when one is enabled and still approved. */
async function enabledTemplate(ctx: Ctx, appId: string): Promise<Template | undefined> {
  const m = modelOf(ctx, 'passport', 'sms-templates');
  const found = await records(ctx.db, m).first(appId, { where: { status: 'Available', enabled: true }, orderBy: '-updatedAt' });
  return found && { id: String(found.id), name: String(found.name), content: String(found.content) };
}

/** The signature a message starts with: the id domain's SMS signature, else the app's name. */
async function signature(ctx: Ctx, appId: string): Promise<string> {
  const own = (await records(ctx.db, modelOf(ctx, 'passport', 'id-domains')).maybe(appId, appId))?.smsSignature;
  if (typeof own === 'string' && own) return own;
  return (await ctx.apps.get(appId))?.ProjectName ?? '';
}

export const renderSms = (content: string, code: string, sign: string) =>
  `${sign ? `【${sign}】` : ''}${content.replaceAll('{code}', code).replaceAll('{minutes}', String(CODE_RULES.ttlMinutes))}`;

/** A send in the log the console lists (`codes.logs`), at the database's time unless `at` is given (the demo's). */
export function logSend(db: Queryable, appId: string, phone: string, template: Pick<Template, 'id' | 'name'>, result: string, at?: unknown) {
  const row = { phone_masked: maskPhone(phone), template_id: template.id, template_name: template.name, result };
  return insertRow(db, 'passport_sms_logs', appId, at ? { ...row, created_at: at } : row);
}

export type SendResult = { sent: true } | { sent: false; retryAfter: number };

/**
 * Issues a new code for the number unless one was issued in the last 60 seconds (one statement, so two requests
 * at once cannot both pass). No SMS gateway exists here: the message is written to the server log, and the send is
 * logged for the console and metered as usage.
 */
export async function sendCode(ctx: Ctx, appId: string, phone: string, log: (line: string) => void): Promise<SendResult> {
  const code = String(randomInt(0, 10 ** CODE_RULES.digits)).padStart(CODE_RULES.digits, '0');
  const hash = await codeHash(ctx, appId, phone, code);
  const template: Template = (await enabledTemplate(ctx, appId)) ?? { id: null, name: '', content: DEFAULT_SMS_TEXT };
  const issued = await ctx.db.query<{ sent_at: string }>(
    `INSERT INTO passport_sms_codes (app_id, phone, code_hash, sent_at, expires_at, attempts, consumed_at)
     VALUES ($1, $2, $3, now(), now() + make_interval(mins => $4), 0, NULL)
     ON CONFLICT (app_id, phone) DO UPDATE SET code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at,
       expires_at = EXCLUDED.expires_at, attempts = 0, consumed_at = NULL
     WHERE passport_sms_codes.sent_at <= now() - make_interval(secs => $5)
     RETURNING sent_at`,
    [appId, phone, hash, CODE_RULES.ttlMinutes, CODE_RULES.resendSeconds],
  );
  const result = issued.rows[0] ? 'Sent' : 'RateLimited';
  await logSend(ctx.db, appId, phone, template, result);
  if (!issued.rows[0]) {
    const wait = await ctx.db.query<{ seconds: number }>(
      `SELECT greatest(1, ceil(extract(epoch FROM sent_at + make_interval(secs => $3) - now())))::int AS seconds
       FROM passport_sms_codes WHERE app_id = $1 AND phone = $2`,
      [appId, phone, CODE_RULES.resendSeconds],
    );
    return { sent: false, retryAfter: wait.rows[0]?.seconds ?? CODE_RULES.resendSeconds };
  }
  const text = renderSms(template.content, code, await signature(ctx, appId));
  const box = smsOutbox(ctx);
  box.push({ appId, phone, text, at: new Date().toISOString() });
  if (box.length > 200) box.shift();
  log(`[sms] no SMS gateway is configured, so this message was not sent; written here instead. To ${phone}: ${text}`);
  await recordUsage(ctx.db, appId, 'passport', 'sms', 1);
  return { sent: true };
}

/**
 * Whether the code is the number's live code. Every try counts: after five the code is dead, and a right code
 * works once. One statement, so concurrent tries cannot exceed the limit or use a code twice.
 */
export async function verifyPhoneCode(ctx: Ctx, appId: string, phone: string, code: string): Promise<boolean> {
  if (!/^[0-9]+$/.test(code)) return false;
  const hash = await codeHash(ctx, appId, phone, code);
  const res = await ctx.db.query<{ ok: boolean }>(
    `UPDATE passport_sms_codes SET attempts = attempts + 1, consumed_at = CASE WHEN code_hash = $3 THEN now() ELSE NULL END
     WHERE app_id = $1 AND phone = $2 AND consumed_at IS NULL AND expires_at > now() AND attempts < $4
     RETURNING consumed_at IS NOT NULL AS ok`,
    [appId, phone, hash, CODE_RULES.tries],
  );
  return res.rows[0]?.ok === true;
}
