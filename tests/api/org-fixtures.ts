import type { LightMyRequestResponse } from 'fastify';
import { createAccount } from '../../server/platform/accounts';
import { DEMO_ADMIN, type Harness } from './harness';

/** Requests as one signed-in caller (its cookie header), bodies sent as JSON. */
export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function clientOf(h: Harness, cookie: string | undefined): Client {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    h.req({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    put: (url, body) => send('PUT', url, body),
    del: (url) => send('DELETE', url),
  };
}

export interface Person extends Client {
  id: string;
  email: string;
  cookie: string;
}

let people = 0;

/** A new account, signed in to the console. */
export async function person(h: Harness, name: string): Promise<Person> {
  people += 1;
  const email = `${name.toLowerCase()}-${people}@example.com`;
  const password = `${name}-password-${people}`;
  const id = await createAccount(h.db, { email, password, name });
  const cookie = await h.login(email, password);
  return { id, email, cookie, ...clientOf(h, cookie) };
}

/** The demo administrator's back-office session. */
export async function administrator(h: Harness): Promise<Client> {
  return clientOf(h, await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login'));
}

/** An organisation created through the API by `owner`; its id. */
export async function orgOf(owner: Client, name: string, companyName?: string): Promise<string> {
  const res = await owner.post('/api/organizations', { Name: name, ...(companyName === undefined ? {} : { CompanyName: companyName }) });
  if (res.statusCode !== 201) throw new Error(`organisation not created: ${res.statusCode} ${res.body}`);
  return res.json().Id as string;
}

/** Adds an existing account to an organisation with a role, through the API as its owner. */
export async function join(owner: Client, orgId: string, who: Person, role: 'admin' | 'member' | 'owner'): Promise<void> {
  const added = await owner.post(`/api/organizations/${orgId}/invitations`, { Email: who.email, Role: role === 'owner' ? 'admin' : role });
  if (added.statusCode !== 201) throw new Error(`not added: ${added.statusCode} ${added.body}`);
  if (role === 'owner') {
    const res = await owner.put(`/api/organizations/${orgId}/members/${who.id}`, { Role: 'owner' });
    if (res.statusCode !== 200) throw new Error(`not made owner: ${res.statusCode} ${res.body}`);
  }
}

/** Field names of a 400's details. */
export const fieldsOf = (res: LightMyRequestResponse): string[] => (res.json().details as { field: string }[]).map((d) => d.field);

/** A table's rows as text, to show that a refused call changed nothing. */
export async function snapshot(h: Harness, table: string): Promise<string> {
  const res = await h.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return JSON.stringify(res.rows);
}

/** Operation-history entries of one action, oldest first. */
export async function history(h: Harness, action: string) {
  const res = await h.db.query<{ actor: string; app_id: string | null; target: string; before: unknown; after: unknown }>(
    'SELECT actor, app_id, target, before, after FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
  return res.rows;
}
