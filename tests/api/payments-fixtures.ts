import type { LightMyRequestResponse } from 'fastify';
import { balancesOf } from '../../server/billing/ledger';
import { DEMO_FINANCE } from '../../server/demo';
import { sandboxKeys, signAlipayParams, newKeyPair } from '../../server/payments/alipay/signing';
import { SANDBOX_APP_ID } from '../../server/payments/alipay/provider';
import type { AlipayOrder } from '../../resources/payments-api';
import { administrator, clientOf, person, type Client, type Person } from './org-fixtures';
import { DEMO_USER, startHarness, type Harness } from './harness';

/** The demo data plus the people the payment, invoice and certification tests act as. */
export interface World {
  h: Harness;
  demoOrg: string;
  otherOrg: string;
  /** Owner of Demo Studio. */
  owner: Client;
  /** A plain member of Demo Studio. */
  member: Person;
  /** An admin (role) of Demo Studio. */
  orgAdmin: Person;
  /** Owner of Other Studio. */
  stranger: Client;
  admin: Client;
  finance: Client;
  anonymous: Client;
}

const orgIdOf = async (h: Harness, name: string) => (await h.db.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [name])).rows[0].id;

export async function startWorld(): Promise<World> {
  const h = await startHarness();
  const demoOrg = await orgIdOf(h, 'Demo Studio');
  const member = await person(h, 'Member');
  const orgAdmin = await person(h, 'Manager');
  await h.db.query("INSERT INTO org_members (org_id, account_id, role) VALUES ($1, $2, 'member'), ($1, $3, 'admin')", [demoOrg, member.id, orgAdmin.id]);
  return {
    h,
    demoOrg,
    otherOrg: await orgIdOf(h, 'Other Studio'),
    owner: clientOf(h, await h.login(DEMO_USER.email, DEMO_USER.password)),
    member,
    orgAdmin,
    stranger: clientOf(h, await h.login('other@example.com', 'other-password')),
    admin: await administrator(h),
    finance: clientOf(h, await h.login(DEMO_FINANCE.email, DEMO_FINANCE.password, '/auth/bc-admin-login')),
    anonymous: clientOf(h, undefined),
  };
}

/** Posts a notification form-encoded, as Alipay does. */
export function postNotification(h: Harness, params: Record<string, string>): Promise<LightMyRequestResponse> {
  return h.req({
    method: 'POST',
    url: '/api/alipay/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(params).toString(),
  });
}

/** A notification about `order` as the sandbox (Alipay's stand-in) signs it, or signed with another key. */
export async function notification(
  h: Harness,
  order: Pick<AlipayOrder, 'OutTradeNo' | 'Amount'>,
  opts: { status?: string; amount?: string; appId?: string; forgedKey?: boolean; notifyId?: string } = {},
): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    notify_time: '2026-03-01 12:00:00',
    notify_type: 'trade_status_sync',
    notify_id: opts.notifyId ?? `n-${Math.random().toString(36).slice(2)}`,
    app_id: opts.appId ?? SANDBOX_APP_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: `t-${order.OutTradeNo}`,
    out_trade_no: order.OutTradeNo,
    trade_status: opts.status ?? 'TRADE_SUCCESS',
    total_amount: opts.amount ?? order.Amount,
    subject: '余额充值 top-up',
  };
  const key = opts.forgedKey ? FORGER.privateKey : (await sandboxKeys(h.db)).privateKey;
  return { ...params, sign: signAlipayParams(params, key) };
}

/** Someone else's key: signatures made with it must not verify. */
const FORGER = newKeyPair();

export async function balanceOf(h: Harness, orgId: string) {
  return (await balancesOf(h.db, [orgId]))[0];
}

export async function statusOfTransaction(h: Harness, id: string): Promise<string> {
  return (await h.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [id])).rows[0].status;
}

/** Creates a payment and pays it through the sandbox; answers the order. */
export async function paidDeposit(w: World, amount: string): Promise<AlipayOrder> {
  const order = (await w.owner.post('/api/alipay', { OrgId: w.demoOrg, Amount: amount, Method: 'page' })).json<AlipayOrder>();
  const paid = await w.owner.post(`/api/alipay/sandbox/${order.OutTradeNo}/pay`, { Result: 'success' });
  if (paid.statusCode !== 200) throw new Error(`sandbox payment failed: ${paid.body}`);
  return order;
}

export async function historyOf(h: Harness, action: string, target?: string) {
  const res = await h.db.query<{ actor: string; target: string; after: Record<string, unknown> }>(
    'SELECT actor, target, after FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR target = $2) ORDER BY id',
    [action, target ?? null],
  );
  return res.rows;
}
