import { DEMO_FINANCE } from '../../server/demo';
import { balancesOf, createTransaction, type NewTransaction } from '../../server/billing/ledger';
import type { Harness } from './harness';
import { call, castOf, type Cast } from './apps-fixtures';

/** Who acts in the billing tests: the app tests' cast plus a finance administrator. */
export interface MoneyCast extends Cast {
  finance: string;
}

export async function moneyCastOf(h: Harness): Promise<MoneyCast> {
  const cast = await castOf(h);
  return { ...cast, finance: await h.login(DEMO_FINANCE.email, DEMO_FINANCE.password, '/auth/bc-admin-login') };
}

export { call };

/** A transaction written straight through the ledger (deposits from payments, bills: other areas' business). */
export function seedTransaction(h: Harness, t: Omit<NewTransaction, 'createdBy'>) {
  return h.db.transaction((q) => createTransaction(q, { createdBy: 'test', ...t }));
}

export async function balanceOf(h: Harness, orgId: string) {
  return (await balancesOf(h.db, [orgId]))[0];
}

/** Everything stored about money, to show a refused call changed nothing. */
export async function moneySnapshot(h: Harness): Promise<string> {
  const t = await h.db.query('SELECT id, status, note, version, amount::text AS amount FROM transactions ORDER BY id');
  const e = await h.db.query('SELECT id, transaction_id, amount::text AS amount, reason FROM ledger_entries ORDER BY id');
  return JSON.stringify([t.rows, e.rows]);
}

export async function auditOf(h: Harness, target: string) {
  return (await h.db.query<{ actor: string; action: string }>('SELECT actor, action FROM audit_log WHERE target = $1 ORDER BY id', [target])).rows;
}
