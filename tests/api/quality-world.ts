import type { Principal } from '../../resources/types';
import { DEMO_FINANCE } from '../../server/demo';
import type { RouteDef } from '../../server/engine/api';
import { createTransaction } from '../../server/billing/ledger';
import { newOwner, runJobIfDue } from '../../server/engine/jobs';
import { createAccount } from '../../server/platform/accounts';
import { serviceModules, servicesSettled } from '../../server/services';
import { addMember } from '../../server/platform/org/members';
import { issuePlayerToken, selectPersona } from '../../server/services/passport/players/principal';
import { services } from '../../resources';
import { DEMO_ADMIN, enableOnDemoApp, startHarness, type Harness } from './harness';
import { DbState } from './quality-db';

/**
 * The world the quality sweeps call into: organisation A ("Demo Studio", app "Demo Game") with an owner, an admin
 * member, a member and a subject member that role changes and removals aim at, plus a pending invitation; and
 * organisation B ("Other Studio", app "Other Game"). Every call the sweeps make aims at A.
 */

/** The eight callers of the access matrix. */
export const PRINCIPALS = ['anonymous', 'outsider', 'member', 'org-admin', 'owner', 'other-app', 'admin', 'finance-admin'] as const;
export type MatrixPrincipal = (typeof PRINCIPALS)[number];

/** How the declarations name each caller (`user`: a console user with no role in A). */
export const DECLARED_AS: Record<MatrixPrincipal, Principal> = {
  anonymous: 'anonymous',
  outsider: 'user',
  member: 'member',
  'org-admin': 'org-admin',
  owner: 'owner',
  'other-app': 'app',
  admin: 'admin',
  'finance-admin': 'finance-admin',
};

export interface Tenant {
  org: string;
  app: string;
  owner: string;
  /** Identifiers and names that only this tenant's data holds: an answer showing one shows the tenant's data. */
  marks: string[];
}

export interface TenantA extends Tenant {
  member: string;
  orgAdmin: string;
  /** A member whom role changes and removals in the sweeps aim at. */
  subject: string;
  invitation: string;
  /** The remote-config service's id in A's app. */
  service: string;
  /** An Active deposit of A's (what invoices are asked for). */
  deposit: string;
  /** A file uploaded for A's app (a certification's licence). */
  licence: string;
}

export interface World {
  h: Harness;
  a: TenantA;
  b: Tenant;
  /** Each caller's credentials as request headers; the administrator also names A's app for service calls. */
  headers: Record<MatrixPrincipal, Record<string, string>>;
  /** A's own app credential, the caller service calls are allowed for. */
  appHeaders: Record<string, string>;
  /** A player of A's game with a persona selected (the player token the game's own calls carry). */
  playerHeaders: Record<string, string>;
  /** What each `POST <collection>` created for A when the world was made, by collection path. */
  created: Map<string, Record<string, unknown>>;
  /** Every answer of those calls (a payment's order number, say), for parameters named like their fields. */
  answers: Record<string, unknown>[];
  state: DbState;
  /** Every table's digest as the world was made (and as `reset` puts it back). */
  baseline: Map<string, string>;
  /** The digests of each tenant's rows as the world was made. */
  tenants: { a: Map<string, string>; b: Map<string, string> };
  /**
   * Puts the database and the app credential cache back as the world was made: every table, or only `changed` ones
   * (as digests told) and the tables that refer to them.
   */
  reset: (changed?: string[]) => Promise<void>;
}

const PASSWORD = 'quality-password';

async function addAccount(h: Harness, email: string, orgId: string | undefined, role?: 'admin' | 'member'): Promise<string> {
  const id = await createAccount(h.db, { email, password: PASSWORD, name: email.split('@')[0] });
  await h.db.query(`UPDATE accounts SET properties = properties || jsonb_build_object('policyVersion', $2::text) WHERE id = $1`, [id, h.ctx.config.policyVersion]);
  if (orgId && role) await addMember(h.db, orgId, id, role);
  return id;
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0];

async function signIn(h: Harness, path: string, email: string, password: string): Promise<string> {
  const res = await h.req({ method: 'POST', url: path, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return cookieOf(String(res.headers['set-cookie']));
}

/** The id of something an API created: its `id`, or the `<Thing>Id` its collection is named for (`TicketId`). */
const idOf = (answer: Record<string, unknown>, collection = ''): string | undefined => {
  for (const key of ['id', 'Id', 'ID']) if (typeof answer[key] === 'string') return answer[key] as string;
  const thing = (collection.split('/').pop() ?? '').replace(/s$/, '').replace(/[^A-Za-z]/g, '').toLowerCase();
  const key = Object.keys(answer).find((k) => k.toLowerCase() === `${thing}id`);
  return key && typeof answer[key] === 'string' ? (answer[key] as string) : undefined;
};

/** A player token for one of the demo game's players, bound to one of their personas when they have one. */
async function playerOf(h: Harness): Promise<Record<string, string>> {
  const persona = await h.db.query<{ user_id: string; id: string }>(
    `SELECT data->>'userId' AS user_id, id FROM records WHERE service = 'passport' AND kind = 'personas' AND scope_id = $1 ORDER BY id LIMIT 1`,
    [h.appId],
  );
  const row = persona.rows[0];
  if (!row) return {};
  const { token } = await issuePlayerToken(h.db, h.appId, row.user_id);
  await selectPersona(h.db, token, row.id);
  return { authorization: `Bearer ${token}` };
}

export async function createWorld(): Promise<World> {
  // A voice server is configured, so Hello's calls answer as in a deployment that has one (without one they answer 503
  // by design: hello.test.ts).
  // The matchmaker ticks once at start and not again during the sweep: a match it formed, or a ticket it timed out, in
  // the middle of the matrix would read as the call's write. So for Storage's metrics: a database sampled mid-sweep.
  const h = await startHarness({ env: { LIVEKIT_URL: 'wss://voice.example.test', LIVEKIT_API_KEY: 'APIquality', LIVEKIT_API_SECRET: 'quality-secret-of-at-least-32-characters', MATCH_TICK_MS: '3600000', STORAGE_METRICS_INTERVAL_SECONDS: '86400' } });
  // The services' jobs due at start (a finished day's usage, recorded on the first tick) run now, before any baseline
  // is taken: a write of theirs in the middle of the matrix would read as the call's.
  // Every declared operation is called on the demo app, Sync's too (which Multiverse excludes there).
  await enableOnDemoApp(h, services.map((s) => s.name));
  for (const mod of serviceModules) for (const job of mod.jobs?.(h.ctx, h.api) ?? []) await runJobIfDue(h.db, job, newOwner(), 60_000);
  const q = async <T>(sql: string, params: unknown[]) => (await h.db.query<T>(sql, params)).rows[0];
  const aApp = await q<{ org_id: string; services: Record<string, { ServiceId: string }> }>('SELECT org_id, services FROM apps WHERE app_id = $1', [h.appId]);
  const bOrg = (await q<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.otherAppId])).org_id;
  const owner = (await q<{ id: string }>("SELECT id FROM accounts WHERE email = 'demo@example.com'", [])).id;
  const bOwner = (await q<{ id: string }>("SELECT id FROM accounts WHERE email = 'other@example.com'", [])).id;
  const org = aApp.org_id;
  const member = await addAccount(h, 'quality-member@example.com', org, 'member');
  const orgAdmin = await addAccount(h, 'quality-admin@example.com', org, 'admin');
  const subject = await addAccount(h, 'quality-subject@example.com', org, 'member');

  const ownerCookie = await h.login();
  const invited = await h.req({
    method: 'POST',
    url: `/api/organizations/${org}/invitations`,
    headers: { cookie: ownerCookie },
    payload: { Email: 'quality-invitee@example.com', Role: 'member' },
  });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
  const invitation = invited.json().Invitation.Id as string;

  const headers: Record<MatrixPrincipal, Record<string, string>> = {
    anonymous: {},
    outsider: { cookie: await h.login('other@example.com', 'other-password') },
    member: { cookie: await signIn(h, '/auth/auth-login', 'quality-member@example.com', PASSWORD) },
    'org-admin': { cookie: await signIn(h, '/auth/auth-login', 'quality-admin@example.com', PASSWORD) },
    owner: { cookie: ownerCookie },
    'other-app': { authorization: h.otherBasic },
    admin: { cookie: await signIn(h, '/auth/admin-login', DEMO_ADMIN.email, DEMO_ADMIN.password), 'x-app-id': h.appId, 'x-lodestar-app-id': h.appId },
    'finance-admin': { cookie: await signIn(h, '/auth/bc-admin-login', DEMO_FINANCE.email, DEMO_FINANCE.password) },
  };

  const deposit = await createTransaction(h.db, { orgId: org, type: 'Deposit', amount: '100.00', status: 'Active', createdBy: `admin:${DEMO_ADMIN.email}` });
  const grant = await h.req({
    method: 'POST',
    url: '/api/cos-token',
    headers: { cookie: ownerCookie },
    payload: { AppId: h.appId, FileName: 'licence.pdf', ContentType: 'application/pdf', Size: 1000 },
  });
  if (grant.statusCode !== 200) throw new Error(`upload grant failed: ${grant.body}`);

  const a: TenantA = {
    org,
    app: h.appId,
    owner,
    member,
    orgAdmin,
    subject,
    invitation,
    service: aApp.services['remote-config'].ServiceId,
    deposit: deposit.Id,
    licence: grant.json().Key,
    marks: [org, h.appId, owner, member, orgAdmin, subject, invitation, aApp.services['remote-config'].ServiceId, deposit.Id, 'Demo Studio', 'Demo Game', 'demo@example.com'],
  };
  const b: Tenant = { org: bOrg, app: h.otherAppId, owner: bOwner, marks: [bOrg, h.otherAppId, bOwner, 'Other Studio', 'Other Game', 'other@example.com'] };
  const world = { h, a, b, headers, appHeaders: { authorization: h.basic }, playerHeaders: await playerOf(h), created: new Map(), answers: [] } as unknown as World;
  return world;
}

/** Ends the world's setup: keeps what it holds, so `reset` can put it back after every call that wrote. */
export async function sealWorld(world: World): Promise<void> {
  await servicesSettled(world.h.ctx);
  const state = await DbState.of(world.h.db);
  await state.snapshot();
  world.state = state;
  world.baseline = await state.digest();
  world.tenants = { a: await state.digest(world.a.marks), b: await state.digest(world.b.marks) };
  world.reset = async (changed) => {
    // What a call set going in the background ends first: put back before it ends, its last writes would land after.
    await servicesSettled(world.h.ctx);
    await state.restore(changed);
    const apps = await world.h.db.query<{ app_id: string }>('SELECT app_id FROM apps');
    for (const r of apps.rows) world.h.ctx.apps.forget(r.app_id);
  };
}

/** Records what a call made (or listed) for A, by its collection path, and adds its id to A's marks. */
export function noteCreated(world: World, route: RouteDef, answer: unknown, collection = route.url, ofA = true): void {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return;
  const record = answer as Record<string, unknown>;
  world.created.set(collection, record);
  world.answers.push(record);
  const id = idOf(record, collection);
  // Only identifiers no other text holds by chance (a sequence number is not one).
  if (ofA && id && id.length >= 12 && !/^\d+$/.test(id)) world.a.marks.push(id);
}

export { idOf as createdIdOf };

/**
 * The digest of every table (or of the rows holding `marks`) once the services' work in the background has ended, so
 * what a call set going is counted as that call's.
 */
export async function settledDigest(world: World, marks?: string[]): Promise<Map<string, string>> {
  await servicesSettled(world.h.ctx);
  return world.state.digest(marks);
}
