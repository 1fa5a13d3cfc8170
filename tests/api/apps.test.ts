import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import { toOpenApiPath } from '../../server/engine/openapi';
import { startHarness, type Harness } from './harness';
import { auditActions, call, castOf, catalogueRoles, storedApp, type Cast } from './apps-fixtures';
import { remoteConfig } from '../../resources/config';

const RC = remoteConfig.base;

let h: Harness;
let c: Cast;
beforeAll(async () => {
  h = await startHarness();
  c = await castOf(h);
});
afterAll(() => h.close());

const countApps = async () => Number((await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM apps')).rows[0].n);

describe('POST /api/app', () => {
  it('creates an app for an owner and for an organisation admin, with multi-service support by default', async () => {
    const res = await call(h, c.owner, 'POST', '/api/app', { ProjectName: '  Space Race ', OrganizationId: c.demoOrgId });
    expect(res.statusCode).toBe(201);
    const app = res.json();
    expect(app).toMatchObject({ ProjectName: 'Space Race', OrganizationId: c.demoOrgId, OrganizationName: 'Demo Studio', Role: 'owner', Services: {}, SupportMultiServices: true });
    expect(app.Properties).toEqual({ needGatherInfo: 'false' });
    expect(app.AppServiceSecret).toMatch(/^[0-9a-f]{48}$/);
    expect(app.AppSecret).not.toBe(app.AppServiceSecret);
    expect(await auditActions(h, app.AppId)).toEqual([{ actor: 'user:demo@example.com', action: 'app.create', target: app.AppId }]);
    // The history never keeps secrets.
    const after = (await h.db.query<{ after: string }>('SELECT after::text FROM audit_log WHERE app_id = $1', [app.AppId])).rows[0].after;
    expect(after).not.toContain(app.AppServiceSecret);

    const single = await call(h, c.orgAdmin, 'POST', '/api/app', { ProjectName: 'Solo', OrganizationId: c.demoOrgId, SupportMultiServices: false });
    expect(single.statusCode).toBe(201);
    expect(single.json()).toMatchObject({ Role: 'admin', SupportMultiServices: false });
  });

  it('refuses members, other organisations and anonymous callers without creating anything', async () => {
    const before = await countApps();
    expect((await call(h, c.member, 'POST', '/api/app', { ProjectName: 'Nope', OrganizationId: c.demoOrgId })).statusCode).toBe(403);
    expect((await call(h, c.stranger, 'POST', '/api/app', { ProjectName: 'Nope', OrganizationId: c.demoOrgId })).statusCode).toBe(403);
    expect((await call(h, c.owner, 'POST', '/api/app', { ProjectName: 'Nope', OrganizationId: c.otherOrgId })).statusCode).toBe(403);
    expect((await call(h, undefined, 'POST', '/api/app', { ProjectName: 'Nope', OrganizationId: c.demoOrgId })).statusCode).toBe(401);
    expect(await countApps()).toBe(before);
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const before = await countApps();
    const cases: [unknown, string][] = [
      [{ ProjectName: '', OrganizationId: c.demoOrgId }, '/ProjectName'],
      [{ ProjectName: '   ', OrganizationId: c.demoOrgId }, '/ProjectName'],
      [{ ProjectName: 'x'.repeat(51), OrganizationId: c.demoOrgId }, '/ProjectName'],
      [{ OrganizationId: c.demoOrgId }, '/ProjectName'],
      [{ ProjectName: 'Ok' }, '/OrganizationId'],
      [{ ProjectName: 'Ok', OrganizationId: c.demoOrgId, SupportMultiServices: 'yes' }, '/SupportMultiServices'],
      [{ ProjectName: 'Ok', OrganizationId: c.demoOrgId, Extra: 1 }, '/Extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(h, c.owner, 'POST', '/api/app', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await countApps()).toBe(before);
  });

  it('lets an administrator create an app in any organisation, and tells them when it does not exist', async () => {
    const res = await call(h, c.admin, 'POST', '/api/app', { ProjectName: 'Made by ops', OrganizationId: c.otherOrgId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ OrganizationName: 'Other Studio', Role: '' });
    expect((await auditActions(h, res.json().AppId))[0].actor).toBe('admin:admin@example.com');
    expect((await call(h, c.admin, 'POST', '/api/app', { ProjectName: 'Ghost', OrganizationId: 'no-such-org' })).statusCode).toBe(404);
  });
});

describe('GET /api/app/:id', () => {
  it('shows the app to every member with their role, to administrators, and to no one else', async () => {
    expect((await call(h, c.member, 'GET', `/api/app/${h.appId}`)).json().Role).toBe('member');
    expect((await call(h, c.admin, 'GET', `/api/app/${h.otherAppId}`)).json()).toMatchObject({ AppId: h.otherAppId, Role: '' });
    expect((await call(h, c.stranger, 'GET', `/api/app/${h.appId}`)).statusCode).toBe(403);
    expect((await call(h, c.stranger, 'GET', '/api/app/no-such-app')).statusCode).toBe(403);
    expect((await call(h, c.admin, 'GET', '/api/app/no-such-app')).statusCode).toBe(404);
  });
});

describe('PUT /api/app/:id', () => {
  it('renames the app and sets needGatherInfo for owners and organisation admins, with history', async () => {
    const res = await call(h, c.orgAdmin, 'PUT', `/api/app/${h.appId}`, { ProjectName: 'Demo Game 2', Properties: { needGatherInfo: 'true' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ProjectName: 'Demo Game 2', Properties: { needGatherInfo: 'true' }, Role: 'admin' });
    const back = await call(h, c.owner, 'PUT', `/api/app/${h.appId}`, { ProjectName: 'Demo Game' });
    expect(back.json()).toMatchObject({ ProjectName: 'Demo Game', Properties: { needGatherInfo: 'true' } });
    const history = (await auditActions(h, h.appId)).filter((a) => a.action === 'app.update');
    expect(history.map((a) => a.actor)).toEqual(['user:org-admin@example.com', 'user:demo@example.com']);
  });

  it('refuses members and other organisations, and changes nothing', async () => {
    const before = await storedApp(h, h.appId);
    expect((await call(h, c.member, 'PUT', `/api/app/${h.appId}`, { ProjectName: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(h, c.stranger, 'PUT', `/api/app/${h.appId}`, { ProjectName: 'Hijacked' })).statusCode).toBe(403);
    expect((await call(h, c.owner, 'PUT', `/api/app/${h.otherAppId}`, { ProjectName: 'Hijacked' })).statusCode).toBe(403);
    expect((await storedApp(h, h.otherAppId)).project_name).toBe('Other Game');
    expect(await storedApp(h, h.appId)).toEqual(before);
  });

  it('leaves multi-service support and service status to administrators', async () => {
    const before = await storedApp(h, h.appId);
    const owner = await call(h, c.owner, 'PUT', `/api/app/${h.appId}`, { SupportMultiServices: false });
    expect(owner.statusCode).toBe(403);
    const suspend = await call(h, c.owner, 'PUT', `/api/app/${h.appId}`, { Services: { 'remote-config': { Status: 'Suspended' } } });
    expect(suspend.statusCode).toBe(403);
    expect(await storedApp(h, h.appId)).toEqual(before);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ProjectName: '' }, '/ProjectName'],
      [{ Properties: { needGatherInfo: 'maybe' } }, '/Properties/needGatherInfo'],
      [{ Properties: { other: 'x' } }, '/Properties/other'],
      [{ AppSecret: 'mine' }, '/AppSecret'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(h, c.owner, 'PUT', `/api/app/${h.appId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await call(h, c.owner, 'PUT', `/api/app/${h.appId}`, {})).statusCode).toBe(400);
  });
});

describe('admin-config (PUT /api/app/:id as an administrator)', () => {
  it('suspends and resumes a service, and a suspended service stops answering its API', async () => {
    const suspended = await call(h, c.admin, 'PUT', `/api/app/${h.appId}`, { Services: { 'remote-config': { Status: 'Suspended' } } });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().Services['remote-config'].Status).toBe('Suspended');
    expect((await h.svc('GET', `${RC}/configs`)).statusCode).toBe(403);
    const resumed = await call(h, c.admin, 'PUT', `/api/app/${h.appId}`, { Services: { 'remote-config': { Status: 'Enabled' } } });
    expect(resumed.json().Services['remote-config'].Status).toBe('Enabled');
    expect((await h.svc('GET', `${RC}/configs`)).statusCode).toBe(200);
    const actions = (await auditActions(h, h.appId)).filter((a) => a.actor === 'admin:admin@example.com');
    expect(actions.map((a) => a.action)).toEqual(['app.update', 'app.update']);
  });

  it('refuses a service the app does not have, naming it', async () => {
    const res = await call(h, c.admin, 'PUT', `/api/app/${h.appId}`, { Services: { usync: { Status: 'Suspended' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: '/Services/usync', message: 'service not enabled' }]);
    const bad = await call(h, c.admin, 'PUT', `/api/app/${h.appId}`, { Services: { 'remote-config': { Status: 'Paused' } } });
    expect(bad.statusCode).toBe(400);
  });

  it('will not leave two services that exclude each other enabled', async () => {
    const { singleOnly } = catalogueRoles();
    const [a, b] = singleOnly;
    const created = (await call(h, c.owner, 'POST', '/api/app', { ProjectName: 'Multi', OrganizationId: c.demoOrgId })).json();
    for (const s of [a, b]) expect((await call(h, c.owner, 'POST', `/api/app/${created.AppId}/service`, { Service: s.name })).statusCode).toBe(200);
    // Without multi-service support the two would exclude each other.
    const off = await call(h, c.admin, 'PUT', `/api/app/${created.AppId}`, { SupportMultiServices: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('service occupied');
    expect((await storedApp(h, created.AppId)).support_multi_services).toBe(true);
    // Suspend one, then single-service mode is fine; resuming it is then refused.
    const ok = await call(h, c.admin, 'PUT', `/api/app/${created.AppId}`, { SupportMultiServices: false, Services: { [b.name]: { Status: 'Suspended' } } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().SupportMultiServices).toBe(false);
    const resume = await call(h, c.admin, 'PUT', `/api/app/${created.AppId}`, { Services: { [b.name]: { Status: 'Enabled' } } });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().details).toEqual([{ field: `/Services/${b.name}`, message: `occupied by ${a.name}` }]);
    expect((await storedApp(h, created.AppId)).services[b.name].Status).toBe('Suspended');
  });
});

describe('GET /api/apps', () => {
  it("lists only the caller's apps, searches by name or id, and filters by organisation", async () => {
    const mine = (await call(h, c.member, 'GET', '/api/apps')).json();
    expect(mine.Items.every((a: { OrganizationId: string }) => a.OrganizationId === c.demoOrgId)).toBe(true);
    expect(mine.TotalCount).toBe(mine.Items.length);
    const byName = (await call(h, c.member, 'GET', '/api/apps?q=space')).json();
    expect(byName.Items.map((a: { ProjectName: string }) => a.ProjectName)).toEqual(['Space Race']);
    const byId = (await call(h, c.member, 'GET', `/api/apps?q=${h.appId}`)).json();
    expect(byId.Items.map((a: { AppId: string }) => a.AppId)).toEqual([h.appId]);
    // Pattern characters are taken literally.
    expect((await call(h, c.member, 'GET', '/api/apps?q=%25')).json().TotalCount).toBe(0);
    expect((await call(h, c.member, 'GET', `/api/apps?orgId=${c.otherOrgId}`)).json().TotalCount).toBe(0);
    expect((await call(h, c.stranger, 'GET', '/api/apps?q=Demo')).json().TotalCount).toBe(0);
    expect((await call(h, undefined, 'GET', '/api/apps')).statusCode).toBe(401);
  });

  it('pages with count and start, TotalCount counting every match; count defaults to the number of ids', async () => {
    const all = (await call(h, c.owner, 'GET', '/api/apps')).json();
    expect(all.TotalCount).toBeGreaterThanOrEqual(3);
    const page = (await call(h, c.owner, 'GET', '/api/apps?count=1&start=1')).json();
    expect(page.TotalCount).toBe(all.TotalCount);
    expect(page.Items.map((a: { AppId: string }) => a.AppId)).toEqual([all.Items[1].AppId]);
    const past = (await call(h, c.owner, 'GET', '/api/apps?count=5&start=500')).json();
    expect(past).toEqual({ TotalCount: all.TotalCount, Items: [] });
    const two = (await call(h, c.owner, 'GET', `/api/apps?appId[]=${all.Items[0].AppId}&appId[]=${all.Items[1].AppId}`)).json();
    expect(two.Items).toHaveLength(2);
    expect((await call(h, c.owner, 'GET', '/api/apps?count=0')).statusCode).toBe(400);
    expect((await call(h, c.owner, 'GET', `/api/apps?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('gives administrators every app with the organisation searches', async () => {
    const all = (await call(h, c.admin, 'GET', '/api/apps')).json();
    expect(all.Items.map((a: { AppId: string }) => a.AppId)).toEqual(expect.arrayContaining([h.appId, h.otherAppId]));
    const byOrgName = (await call(h, c.admin, 'GET', '/api/apps?orgName=other')).json();
    expect(new Set(byOrgName.Items.map((a: { OrganizationName: string }) => a.OrganizationName))).toEqual(new Set(['Other Studio']));
    await h.db.query(`UPDATE organizations SET company_name = 'Acme Games Ltd' WHERE id = $1`, [c.otherOrgId]);
    const byCompany = (await call(h, c.admin, 'GET', '/api/apps?companyName=acme')).json();
    expect(byCompany.Items.length).toBeGreaterThan(0);
    expect(byCompany.Items.every((a: { OrganizationId: string }) => a.OrganizationId === c.otherOrgId)).toBe(true);
    const byOrgId = (await call(h, c.admin, 'GET', `/api/apps?orgId=${c.demoOrgId}&q=demo`)).json();
    expect(byOrgId.Items.map((a: { AppId: string }) => a.AppId)).toEqual([h.appId]);
  });
});

describe('the app calls of spec 000 §7', () => {
  it('are all served and documented in the OpenAPI document', async () => {
    const mine = ['POST /api/app', 'GET /api/app/:id', 'PUT /api/app/:id', 'GET /api/app/service/:serviceId', 'GET /api/apps', 'POST /api/app/:id/service', 'POST /api/app/:id/generate-secret', 'POST /api/app/:id/redeem-token'];
    const listed = (calls as { method: string; path: string }[]).map((c) => `${c.method} ${c.path}`);
    expect(listed).toEqual(expect.arrayContaining(mine));
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
    for (const call of mine) {
      const [method, path] = call.split(' ');
      expect(doc.paths[toOpenApiPath(path)]?.[method.toLowerCase()], call).toBeDefined();
    }
  });
});
