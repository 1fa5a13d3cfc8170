import type { InjectOptions } from 'fastify';
import { recordUsage } from '../../server/usage';
import { DEMO_ADMIN, DEMO_USER, type Harness } from './harness';

/** Sessions and identifiers the usage and bill tests share. */
export interface Actors {
  /** The demo user, owner of Demo Studio. */
  demo: string;
  /** other@example.com, owner of Other Studio. */
  other: string;
  admin: string;
  finance: string;
  demoOrg: string;
  otherOrg: string;
}

export const GB = 1_000_000_000;

export async function actorsOf(h: Harness): Promise<Actors> {
  const orgOf = async (appId: string) => (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [appId])).rows[0].org_id;
  return {
    demo: await h.login(DEMO_USER.email, DEMO_USER.password),
    other: await h.login('other@example.com', 'other-password'),
    admin: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login'),
    finance: await h.login('finance@example.com', 'lodestar-finance', '/auth/bc-admin-login'),
    demoOrg: await orgOf(h.appId),
    otherOrg: await orgOf(h.otherAppId),
  };
}

/** Records usage at a chosen instant. */
export const use = (h: Harness, appId: string, service: string, meter: string, quantity: number | string, at: string) =>
  recordUsage(h.db, appId, service, meter, quantity, new Date(at));

/** A GET or POST with a session cookie (or none). */
export function call(h: Harness, method: 'GET' | 'POST', url: string, cookie?: string, body?: unknown) {
  const opts: InjectOptions = { method, url, headers: cookie ? { cookie } : {} };
  if (body !== undefined) {
    opts.payload = JSON.stringify(body);
    opts.headers = { ...opts.headers, 'content-type': 'application/json' };
  }
  return h.req(opts);
}

/** Row counts that a refused or repeated call must leave as they were. */
export async function moneyState(h: Harness): Promise<string> {
  const n = async (sql: string) => (await h.db.query<{ n: number }>(sql)).rows[0].n;
  return JSON.stringify({
    items: await n('SELECT count(*)::int AS n FROM bill_items'),
    transactions: await n('SELECT count(*)::int AS n FROM transactions'),
    ledger: await n('SELECT count(*)::int AS n FROM ledger_entries'),
    logs: await n('SELECT count(*)::int AS n FROM bill_logs'),
  });
}
