import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { auditActions, call, castOf, catalogueRoles, storedApp, type Cast } from './apps-fixtures';
import { findService } from '../../resources';

let h: Harness;
let c: Cast;
let roles: ReturnType<typeof catalogueRoles>;
beforeAll(async () => {
  h = await startHarness();
  c = await castOf(h);
  roles = catalogueRoles();
});
afterAll(() => h.close());

async function newApp(SupportMultiServices = true): Promise<string> {
  const res = await call(h, c.owner, 'POST', '/api/app', { ProjectName: `App ${Math.random().toString(36).slice(2, 8)}`, OrganizationId: c.demoOrgId, SupportMultiServices });
  expect(res.statusCode).toBe(201);
  return res.json().AppId;
}

const enable = (appId: string, Service: string, cookie = c.owner, Properties?: Record<string, unknown>) =>
  call(h, cookie, 'POST', `/api/app/${appId}/service`, Properties ? { Service, Properties } : { Service });

describe('POST /api/app/:id/service', () => {
  it('enables a service with a new id and its declared default properties, for owners and organisation admins', async () => {
    const appId = await newApp();
    const decl = roles.withDefaults;
    const res = await enable(appId, decl.name, c.orgAdmin);
    expect(res.statusCode).toBe(200);
    const state = res.json().Services[decl.name];
    expect(state).toMatchObject({ Status: 'Enabled', Properties: decl.catalogue.defaultProperties });
    expect(state.ServiceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(state.EnabledAt)).not.toBeNaN();
    const history = await auditActions(h, appId);
    expect(history.at(-1)).toEqual({ actor: 'user:org-admin@example.com', action: 'app.service.enable', target: state.ServiceId });
  });

  it('merges given properties over the defaults, and refuses properties the service does not declare or of another type', async () => {
    const decl = roles.withDefaults;
    const [key, value] = Object.entries(decl.catalogue.defaultProperties!)[0];
    const other = typeof value === 'string' ? 7 : 'seven';
    const appId = await newApp();
    const wrongType = await enable(appId, decl.name, c.owner, { [key]: other });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details[0].field).toBe(`/Properties/${key}`);
    const unknown = await enable(appId, decl.name, c.owner, { trialUntil: '2999-01-01T00:00:00Z' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: '/Properties/trialUntil', message: 'unknown property' }]);
    expect((await storedApp(h, appId)).services).toEqual({});
    const given = typeof value === 'string' ? `${value}-custom` : typeof value === 'number' ? value + 1 : !value;
    const ok = await enable(appId, decl.name, c.owner, { [key]: given });
    expect(ok.json().Services[decl.name].Properties).toEqual({ ...decl.catalogue.defaultProperties, [key]: given });
  });

  it('answers an already enabled service unchanged', async () => {
    const appId = await newApp();
    const first = (await enable(appId, roles.free.name)).json();
    const again = await enable(appId, roles.free.name);
    expect(again.statusCode).toBe(200);
    expect(again.json().Services).toEqual(first.Services);
    expect((await auditActions(h, appId)).filter((a) => a.action === 'app.service.enable')).toHaveLength(1);
  });

  it('refuses unknown services and bad bodies with 400', async () => {
    const appId = await newApp();
    const unknown = await enable(appId, 'no-such-service');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: '/Service', message: 'unknown service' }]);
    for (const payload of [{}, { Service: '' }, { Service: 'x'.repeat(65) }, { Service: roles.free.name, Extra: true }, { Service: roles.free.name, Properties: [] }]) {
      expect((await call(h, c.owner, 'POST', `/api/app/${appId}/service`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await storedApp(h, appId)).services).toEqual({});
  });

  it('refuses members, other organisations and anonymous callers, and lets administrators enable', async () => {
    const appId = await newApp();
    expect((await enable(appId, roles.free.name, c.member)).statusCode).toBe(403);
    expect((await enable(appId, roles.free.name, c.stranger)).statusCode).toBe(403);
    expect((await call(h, undefined, 'POST', `/api/app/${appId}/service`, { Service: roles.free.name })).statusCode).toBe(401);
    expect((await enable(h.otherAppId, roles.free.name, c.owner)).statusCode).toBe(403);
    expect((await storedApp(h, appId)).services).toEqual({});
    expect((await storedApp(h, h.otherAppId)).services[roles.free.name]).toBeUndefined();
    const byAdmin = await enable(appId, roles.free.name, c.admin);
    expect(byAdmin.statusCode).toBe(200);
    expect((await auditActions(h, appId)).at(-1)?.actor).toBe('admin:admin@example.com');
  });

  it('with multi-service support, refuses the rival of an enabled hosting service (409 service occupied) but not the others', async () => {
    const [a, b] = roles.hosting;
    const appId = await newApp(true);
    expect((await enable(appId, a.name)).statusCode).toBe(200);
    const refused = await enable(appId, b.name);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'service occupied', code: 'SERVICE_OCCUPIED', details: [{ field: '/Service', message: `occupied by ${a.name}` }] });
    for (const s of roles.singleOnly) expect((await enable(appId, s.name)).statusCode, s.name).toBe(200);
    expect((await storedApp(h, appId)).services[b.name]).toBeUndefined();
  });

  it('without multi-service support, one runtime service occupies every other one', async () => {
    const [first, ...rest] = [...roles.singleOnly, ...roles.hosting];
    const appId = await newApp(false);
    expect((await enable(appId, first.name)).statusCode).toBe(200);
    for (const s of rest) {
      const res = await enable(appId, s.name);
      expect(res.statusCode, s.name).toBe(409);
      expect(res.json().details).toEqual([{ field: '/Service', message: `occupied by ${first.name}` }]);
    }
    expect((await enable(appId, roles.free.name)).statusCode).toBe(200);
    expect(Object.keys((await storedApp(h, appId)).services).sort()).toEqual([first.name, roles.free.name].sort());
  });

  it('lets only one of two concurrent enables of rival services through', async () => {
    const [a, b] = roles.hosting;
    const appId = await newApp(true);
    const answers = await Promise.all([enable(appId, a.name), enable(appId, b.name)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const enabled = Object.keys((await storedApp(h, appId)).services);
    expect(enabled).toHaveLength(1);
  });

  it('refuses to enable a suspended service again (only administrators resume it)', async () => {
    const appId = await newApp();
    await enable(appId, roles.free.name);
    await call(h, c.admin, 'PUT', `/api/app/${appId}`, { Services: { [roles.free.name]: { Status: 'Suspended' } } });
    const res = await enable(appId, roles.free.name);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('service suspended');
    expect((await storedApp(h, appId)).services[roles.free.name].Status).toBe('Suspended');
  });
});

describe('projects of services that need one', () => {
  it('provisions the project when the service is enabled and reports it in the details', async () => {
    const appId = await newApp();
    const app = (await enable(appId, roles.project.name)).json();
    const serviceId = app.Services[roles.project.name].ServiceId;
    const details = await call(h, c.member, 'GET', `/api/app/service/${serviceId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ ServiceId: serviceId, AppId: appId, Service: roles.project.name, Status: 'Enabled', Project: { Name: app.ProjectName } });
    expect(Date.parse(details.json().Project.CreatedAt)).not.toBeNaN();
  });

  it('provisions a missing project when the enabled service is enabled again, once', async () => {
    const appId = await newApp();
    const app = (await enable(appId, roles.project.name)).json();
    const serviceId = app.Services[roles.project.name].ServiceId;
    await h.db.query('DELETE FROM app_service_projects WHERE app_id = $1', [appId]);
    expect((await call(h, c.owner, 'GET', `/api/app/service/${serviceId}`)).json().Project).toBeNull();
    const again = await enable(appId, roles.project.name);
    expect(again.json().Services[roles.project.name].ServiceId).toBe(serviceId);
    const project = (await call(h, c.owner, 'GET', `/api/app/service/${serviceId}`)).json().Project;
    expect(project).toMatchObject({ Name: app.ProjectName });
    await enable(appId, roles.project.name);
    expect((await call(h, c.owner, 'GET', `/api/app/service/${serviceId}`)).json().Project.Id).toBe(project.Id);
    expect((await auditActions(h, appId)).filter((a) => a.action === 'app.service.provision')).toHaveLength(1);
  });
});

describe('GET /api/app/service/:serviceId', () => {
  it('answers members and administrators with the details, Project null for services without projects', async () => {
    const serviceId = (await storedApp(h, h.appId)).services['remote-config'].ServiceId;
    for (const cookie of [c.owner, c.member, c.admin]) {
      const res = await call(h, cookie, 'GET', `/api/app/service/${serviceId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ServiceId: serviceId, AppId: h.appId, Service: 'remote-config', Status: 'Enabled', Project: null });
    }
  });

  it('reports the project of a service that needs one on an app created with it enabled (the demo app), none to provision', async () => {
    const stored = await storedApp(h, h.appId);
    const [name, state] = Object.entries(stored.services).find(([s]) => findService(s)?.catalogue.needsProject) ?? [];
    expect(name, 'the demo app enables a service that needs a project').toBeDefined();
    const res = await call(h, c.owner, 'GET', `/api/app/service/${state!.ServiceId}`);
    expect(res.json().Project).toMatchObject({ Name: 'Demo Game' });
  });

  it("refuses another organisation's service, unknown ids and anonymous callers", async () => {
    const foreign = (await storedApp(h, h.otherAppId)).services['remote-config'].ServiceId;
    const res = await call(h, c.owner, 'GET', `/api/app/service/${foreign}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(h.otherAppId);
    expect((await call(h, c.owner, 'GET', '/api/app/service/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await call(h, undefined, 'GET', `/api/app/service/${foreign}`)).statusCode).toBe(401);
    expect((await call(h, c.owner, 'GET', '/api/app/service/bad%20id')).statusCode).toBe(400);
  });
});
