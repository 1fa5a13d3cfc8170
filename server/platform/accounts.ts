import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import { hashPassword } from '../auth/passwords';
import type { ServiceState } from './apps';

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

/** A new app in an organisation, with the named services enabled. */
export async function createApp(db: Queryable, orgId: string, name: string, enabled: string[] = []): Promise<string> {
  const appId = randomUUID();
  const servicesState: Record<string, ServiceState> = Object.fromEntries(
    enabled.map((s) => [s, { Status: 'Enabled', ServiceId: randomUUID(), Properties: {} }]),
  );
  await db.query(
    `INSERT INTO apps (app_id, app_secret, app_service_secret, project_name, org_id, services, properties)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [appId, newSecret(), newSecret(), name, orgId, servicesState, { needGatherInfo: 'false' }],
  );
  return appId;
}
