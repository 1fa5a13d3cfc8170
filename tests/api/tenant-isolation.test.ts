import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import type { RouteDef } from '../../server/engine/api';
import { sampleOf } from './sample-input';
import { startHarness, type Harness } from './harness';

/**
 * Every route the server mounts, called by the owner of organisation A with the identifiers of organisation B
 * wherever a path, query or body names an organisation, app, account, project, service, invitation or record.
 * Each such call must be refused (401 / 403 / 404) and leave B's data as it was; every successful read must hold
 * none of B's identifiers. Routes added later are covered without new test code.
 */

let h: Harness;
let cookie: string;
const b: Record<string, string> = {};

async function snapshotOfB(): Promise<string> {
  const q = async (sql: string, params: unknown[]) => JSON.stringify((await h.db.query(sql, params)).rows);
  return [
    await q('SELECT id, name, status, company_name FROM organizations WHERE id = $1', [b.org]),
    await q('SELECT account_id, role FROM org_members WHERE org_id = $1 ORDER BY account_id', [b.org]),
    await q('SELECT app_id, app_secret, app_service_secret, project_name, services, properties, support_multi_services FROM apps WHERE org_id = $1', [b.org]),
    await q('SELECT id, version, status, data FROM records WHERE scope_id = $1 ORDER BY id', [b.app]),
    await q('SELECT email, name, status, is_admin, properties FROM accounts WHERE id = $1', [b.owner]),
    await q('SELECT count(*)::int AS n FROM sessions WHERE account_id = $1', [b.owner]),
  ].join('\n');
}

/** B's identifier for a path parameter, read from the parameter's name and the path around it. */
function paramFor(url: string, name: string): string {
  if (name === 'accountId') return b.owner;
  if (name === 'invitationId') return b.invitation;
  if (name === 'serviceId') return b.service;
  if (name === 'appId') return b.app;
  if (url.startsWith('/api/organizations/')) return b.org;
  if (url.startsWith('/api/users/')) return b.owner;
  if (url.startsWith('/api/app/') || url.startsWith('/api/projects/')) return b.app;
  return b.record;
}

/** B's identifier for a body or query field that names one. */
function fieldFor(name: string): string | undefined {
  if (/^(orgid|organizationid)$/i.test(name)) return b.org;
  if (/^appid$/i.test(name)) return b.app;
  if (/^accountid$/i.test(name)) return b.owner;
  return undefined;
}

function queryString(schema: JsonSchema | undefined): string {
  const sample = (sampleOf(schema, (name) => fieldFor(name)) ?? {}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(sample)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const mentionsB = (text: string) => [b.org, b.app, b.owner, b.service, b.record, 'Other Studio', 'Other Game'].some((id) => text.includes(id));

function requestFor(route: RouteDef): InjectOptions & { url: string } {
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => paramFor(route.url, name));
  const bodySchema = route.body ?? route.optionalBody;
  const body = bodySchema ? sampleOf(bodySchema, (name) => fieldFor(name)) : undefined;
  const headers: Record<string, string> = route.auth === 'service' ? { authorization: h.basic } : { cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method: route.method, url: url + queryString(route.querystring), headers, payload: body === undefined ? undefined : JSON.stringify(body) };
}

beforeAll(async () => {
  h = await startHarness();
  cookie = await h.login();
  const otherCookie = await h.login('other@example.com', 'other-password');
  const org = await h.db.query<{ org_id: string; services: Record<string, { ServiceId: string }> }>('SELECT org_id, services FROM apps WHERE app_id = $1', [h.otherAppId]);
  b.org = org.rows[0].org_id;
  b.app = h.otherAppId;
  b.service = org.rows[0].services['remote-config'].ServiceId;
  b.owner = (await h.db.query<{ id: string }>("SELECT id FROM accounts WHERE email = 'other@example.com'")).rows[0].id;
  const invite = await h.req({ method: 'POST', url: `/api/organizations/${b.org}/invitations`, headers: { cookie: otherCookie }, payload: { Email: 'newcomer@example.com', Role: 'member' } });
  expect(invite.statusCode).toBeLessThan(300);
  const members = (await h.req({ method: 'GET', url: `/api/organizations/${b.org}/members`, headers: { cookie: otherCookie } })).json();
  b.invitation = members.Invitations[0].Id;
  const config = await h.req({ method: 'POST', url: '/uconfig/v1/configs', headers: { authorization: h.otherBasic, 'content-type': 'application/json' }, payload: JSON.stringify({ key: 'b_secret', type: 'STRING', value: 'b', variableType: 'keyValue' }) });
  expect(config.statusCode).toBe(201);
  b.record = config.json().id;
});
afterAll(() => h.close());

describe('tenant isolation across every route', () => {
  it('refuses every call that names another organisation, and no read shows its data', async () => {
    const before = await snapshotOfB();
    const refused: string[] = [];
    const leaks: string[] = [];
    let probed = 0;
    for (const route of h.api.routes) {
      if (route.auth === 'none' || route.url === '/auth/logout') continue;
      const request = requestFor(route);
      const carriesB = mentionsB(`${request.url} ${request.payload ?? ''}`);
      const res = await h.req(request);
      const name = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      const reads = route.method === 'GET';
      if (carriesB) probed++;
      // A read may answer (a list filtered by B's id comes back empty); anything else naming B must be refused.
      if (carriesB && !reads && ![401, 403, 404].includes(res.statusCode)) refused.push(name);
      else if (carriesB && reads && res.statusCode >= 300 && ![401, 403, 404].includes(res.statusCode)) refused.push(name);
      if (res.statusCode < 300 && mentionsB(res.body)) leaks.push(name);
    }
    console.log(`tenant isolation: ${probed} calls named organisation B's identifiers`);
    expect(probed).toBeGreaterThan(40);
    expect(refused).toEqual([]);
    expect(leaks).toEqual([]);
    expect(await snapshotOfB()).toBe(before);
  });
});
