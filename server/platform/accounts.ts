import { randomBytes, randomUUID } from 'node:crypto';
import { findService } from '../../resources';
import type { Queryable } from '../db';
import { hashPassword } from '../auth/passwords';
import type { ServiceState } from './apps';
import { ensureProject } from './app-services';

export async function createAccount(db: Queryable, a: { email: string; password: string; name: string; isAdmin?: boolean }): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO accounts (id, email, name, password_hash, is_admin) VALUES ($1, $2, $3, $4, $5)', [
    id,
    a.email,
    a.name,
    await hashPassword(a.password),
    a.isAdmin ?? false,
  ]);
  return id;
}

export async function createOrganization(db: Queryable, name: string, ownerId: string): Promise<string> {
  const id = randomUUID();
  await db.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [id, name]);
  await db.query("INSERT INTO org_members (org_id, account_id, role) VALUES ($1, $2, 'owner')", [id, ownerId]);
  return id;
}

export const newSecret = () => randomBytes(24).toString('hex');

const SECRET_COLUMNS = { AppSecret: 'app_secret', AppServiceSecret: 'app_service_secret' } as const;

/** Gives an app a new random secret of one kind; the old value is gone. */
export async function replaceSecret(db: Queryable, appId: string, kind: keyof typeof SECRET_COLUMNS): Promise<void> {
  await db.query(`UPDATE apps SET ${SECRET_COLUMNS[kind]} = $2 WHERE app_id = $1`, [appId, newSecret()]);
}

/** A new app in an organisation, with the named services enabled. */
export async function createApp(
  db: Queryable,
  orgId: string,
  name: string,
  enabled: string[] = [],
  opts: { supportMultiServices?: boolean } = {},
): Promise<string> {
  const appId = randomUUID();
  const enabledAt = new Date().toISOString();
  const servicesState: Record<string, ServiceState> = Object.fromEntries(
    enabled.map((s) => [s, { Status: 'Enabled', ServiceId: randomUUID(), Properties: { ...findService(s)?.catalogue.defaultProperties }, EnabledAt: enabledAt }]),
  );
  await db.query(
    `INSERT INTO apps (app_id, app_secret, app_service_secret, project_name, org_id, services, support_multi_services, properties)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [appId, newSecret(), newSecret(), name, orgId, servicesState, opts.supportMultiServices ?? true, { needGatherInfo: 'false' }],
  );
  // A service that needs a project has it from the start, as enabling it gives it (spec 000 §4): the console's first
  // visit then has nothing to provision.
  for (const s of enabled) if (findService(s)?.catalogue.needsProject) await ensureProject(db, { AppId: appId, ProjectName: name }, s);
  return appId;
}
