import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { services, type ServiceDecl } from '../../resources';
import { createAccount } from '../../server/platform/accounts';
import { DEMO_ADMIN, OTHER_APP_SERVICES, type Harness } from './harness';

/** Who acts in the app tests: the demo owner, an admin and a member of Demo Studio, another studio's owner, an administrator. */
export interface Cast {
  owner: string;
  orgAdmin: string;
  member: string;
  stranger: string;
  admin: string;
  demoOrgId: string;
  otherOrgId: string;
}

export async function castOf(h: Harness): Promise<Cast> {
  const orgs = await h.db.query<{ id: string; name: string }>('SELECT id, name FROM organizations');
  const demoOrgId = orgs.rows.find((o) => o.name === 'Demo Studio')!.id;
  const otherOrgId = orgs.rows.find((o) => o.name === 'Other Studio')!.id;
  for (const [email, role] of [
    ['org-admin@example.com', 'admin'],
    ['member@example.com', 'member'],
  ] as const) {
    const id = await createAccount(h.db, { email, password: 'password-123', name: email });
    await h.db.query('INSERT INTO org_members (org_id, account_id, role) VALUES ($1, $2, $3)', [demoOrgId, id, role]);
  }
  return {
    owner: await h.login(),
    orgAdmin: await h.login('org-admin@example.com', 'password-123'),
    member: await h.login('member@example.com', 'password-123'),
    stranger: await h.login('other@example.com', 'other-password'),
    admin: await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login'),
    demoOrgId,
    otherOrgId,
  };
}

/** A JSON call with a session cookie. */
export function call(h: Harness, cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return h.req({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** The app row as stored, secrets included. */
export async function storedApp(h: Harness, appId: string) {
  const res = await h.db.query<{ project_name: string; services: Record<string, { Status: string; ServiceId: string; Properties: Record<string, unknown> }>; support_multi_services: boolean; properties: Record<string, string>; app_service_secret: string; app_secret: string }>(
    'SELECT project_name, services, support_multi_services, properties, app_service_secret, app_secret FROM apps WHERE app_id = $1',
    [appId],
  );
  return res.rows[0];
}

export async function auditActions(h: Harness, appId: string): Promise<{ actor: string; action: string; target: string }[]> {
  return (await h.db.query<{ actor: string; action: string; target: string }>('SELECT actor, action, target FROM audit_log WHERE app_id = $1 ORDER BY id', [appId])).rows;
}

/** The catalogue's services by the rule fields the tests need (whatever the catalogue declares). */
export function catalogueRoles() {
  const hosting = services.filter((s) => s.catalogue.exclusive?.multi);
  const singleOnly = services.filter((s) => s.catalogue.exclusive?.single && !s.catalogue.exclusive.multi);
  const project = services.find((s) => s.catalogue.needsProject);
  // Not one the other organisation's app has, so that a refused enable there is seen to change nothing.
  const free = services.filter((s) => !s.catalogue.exclusive && !s.catalogue.needsProject && !OTHER_APP_SERVICES.includes(s.name));
  const withDefaults = services.find((s) => Object.keys(s.catalogue.defaultProperties ?? {}).length > 0);
  expect(hosting.length, 'two services that exclude each other with multi-service support').toBeGreaterThanOrEqual(2);
  expect(singleOnly.length, 'services exclusive only without multi-service support').toBeGreaterThanOrEqual(2);
  expect(project, 'a service that needs a project').toBeDefined();
  expect(free.length).toBeGreaterThanOrEqual(1);
  expect(withDefaults).toBeDefined();
  return { hosting, singleOnly, project: project as ServiceDecl, free: free[0], withDefaults: withDefaults as ServiceDecl };
}

/** A redeemable code straight in the table (issuing codes is the organisations' calls' business). */
export async function insertToken(
  h: Harness,
  t: { kind: 'credit'; amount: string } | { kind: 'trial'; service: string; trialDays: number },
  status: 'Active' | 'Fulfilled' = 'Active',
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const digits = randomUUID().replace(/-/g, '').toUpperCase().replace(/[ILOU]/g, '7').slice(0, 20);
  const token = digits.match(/.{5}/g)!.join('-');
  await h.db.query(
    `INSERT INTO service_tokens (id, token, kind, amount, service, trial_days, note, status, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, '', $7, 'admin@example.com')`,
    [id, token, t.kind, t.kind === 'credit' ? t.amount : null, t.kind === 'trial' ? t.service : null, t.kind === 'trial' ? t.trialDays : null, status],
  );
  return { id, token };
}
