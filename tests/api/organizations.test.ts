import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER, startHarness, type Harness } from './harness';
import { administrator, clientOf, fieldsOf, history, orgOf, person, snapshot, type Client, type Person } from './org-fixtures';

let h: Harness;
let demo: Client;
let admin: Client;
let other: Client;
let demoOrgId: string;
let otherOrgId: string;

beforeAll(async () => {
  h = await startHarness();
  demo = clientOf(h, await h.login());
  admin = await administrator(h);
  other = clientOf(h, await h.login('other@example.com', 'other-password'));
  const orgs = await h.db.query<{ id: string; name: string }>('SELECT id, name FROM organizations');
  demoOrgId = orgs.rows.find((o) => o.name === 'Demo Studio')!.id;
  otherOrgId = orgs.rows.find((o) => o.name === 'Other Studio')!.id;
});
afterAll(() => h.close());

describe('GET /api/organizations', () => {
  it('needs a session', async () => {
    const res = await clientOf(h, undefined).get('/api/organizations');
    expect(res.statusCode).toBe(401);
  });

  it("lists only the caller's organisations, with role and counts", async () => {
    const res = await demo.get('/api/organizations');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.TotalCount).toBe(1);
    expect(body.Items).toEqual([
      {
        Id: demoOrgId,
        Name: 'Demo Studio',
        Status: 'Pending',
        CompanyName: '',
        Role: 'owner',
        MemberCount: 1,
        AppCount: 1,
        CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
  });

  it('shows administrators every organisation, with the organisation id, name and company-name searches', async () => {
    await h.db.query("UPDATE organizations SET company_name = 'Other Games Ltd' WHERE id = $1", [otherOrgId]);
    const all = (await admin.get('/api/organizations')).json();
    expect(all.Items.map((o: { Id: string }) => o.Id)).toEqual(expect.arrayContaining([demoOrgId, otherOrgId]));
    expect(all.Items.every((o: { Role: string }) => o.Role === '')).toBe(true);

    const byName = (await admin.get('/api/organizations?orgName=other%20stu')).json();
    expect(byName.Items.map((o: { Id: string }) => o.Id)).toEqual([otherOrgId]);
    const byCompany = (await admin.get('/api/organizations?companyName=games%20ltd')).json();
    expect(byCompany.Items.map((o: { Id: string }) => o.Id)).toEqual([otherOrgId]);
    const byId = (await admin.get(`/api/organizations?orgId=${demoOrgId.slice(0, 8)}`)).json();
    expect(byId.Items.map((o: { Id: string }) => o.Id)).toEqual([demoOrgId]);
    const byQ = (await admin.get('/api/organizations?q=demo')).json();
    expect(byQ.Items.map((o: { Id: string }) => o.Id)).toEqual([demoOrgId]);
    // A LIKE wildcard in the search is taken literally.
    expect((await admin.get('/api/organizations?orgName=%25')).json().TotalCount).toBe(0);
  });

  it('pages with count and start while TotalCount counts every match', async () => {
    const first = (await admin.get('/api/organizations?count=1')).json();
    const second = (await admin.get('/api/organizations?count=1&start=1')).json();
    expect(first.TotalCount).toBeGreaterThanOrEqual(2);
    expect(second.TotalCount).toBe(first.TotalCount);
    expect(first.Items).toHaveLength(1);
    expect(second.Items).toHaveLength(1);
    expect(second.Items[0].Id).not.toBe(first.Items[0].Id);
  });

  it('keeps the whole list for administrators only', async () => {
    expect((await demo.get('/api/organizations?scope=all')).statusCode).toBe(403);
    expect((await admin.get('/api/organizations?scope=mine')).statusCode).toBe(403);
  });

  it('refuses bad paging with 400 naming the parameter', async () => {
    for (const qs of ['count=0', 'count=10000', 'start=-1', 'count=abc', 'scope=everything', 'colour=red']) {
      const res = await demo.get(`/api/organizations?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(fieldsOf(res)[0], qs).toMatch(/^query\./);
    }
  });
});

describe('POST /api/organizations', () => {
  it('creates an organisation whose creator is its owner, and records it', async () => {
    const res = await demo.post('/api/organizations', { Name: '  Night Owls  ', CompanyName: 'Night Owls Ltd' });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({ Name: 'Night Owls', CompanyName: 'Night Owls Ltd', Role: 'owner', MemberCount: 1, AppCount: 0, Status: 'Pending' });
    const mine = (await demo.get('/api/organizations')).json();
    expect(mine.Items.map((o: { Id: string }) => o.Id)).toContain(org.Id);
    expect((await other.get('/api/organizations')).json().Items.map((o: { Id: string }) => o.Id)).not.toContain(org.Id);
    const entries = await history(h, 'org.create');
    expect(entries.at(-1)).toMatchObject({ actor: `user:${DEMO_USER.email}`, target: org.Id, after: { Name: 'Night Owls' } });
  });

  it("answers a taken name, in any letter case, with 409 and the spec's message", async () => {
    const before = await snapshot(h, 'organizations');
    for (const Name of ['Other Studio', 'OTHER studio']) {
      const res = await demo.post('/api/organizations', { Name });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('organization already created');
      expect(res.json().details).toEqual([{ field: '/Name', message: 'organization name already taken' }]);
    }
    expect(await snapshot(h, 'organizations')).toBe(before);
  });

  it('refuses bad bodies with 400 naming the field, storing nothing', async () => {
    const before = await snapshot(h, 'organizations');
    const cases: [unknown, string][] = [
      [{}, '/Name'],
      [{ Name: '' }, '/Name'],
      [{ Name: '   ' }, '/Name'],
      [{ Name: 'x'.repeat(51) }, '/Name'],
      [{ Name: 'line\nbreak' }, '/Name'],
      [{ Name: 42 }, '/Name'],
      [{ Name: 'Fine', CompanyName: 'y'.repeat(101) }, '/CompanyName'],
      [{ Name: 'Fine', Owner: 'someone' }, '/Owner'],
    ];
    for (const [body, field] of cases) {
      const res = await demo.post('/api/organizations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    expect(await snapshot(h, 'organizations')).toBe(before);
  });

  it('accepts a name of exactly 50 characters', async () => {
    const res = await demo.post('/api/organizations', { Name: 'n'.repeat(50) });
    expect(res.statusCode).toBe(201);
  });

  it('needs a console user: an administrator session alone creates nothing', async () => {
    const res = await admin.post('/api/organizations', { Name: 'Admin Made' });
    expect(res.statusCode).toBe(403);
    expect((await clientOf(h, undefined).post('/api/organizations', { Name: 'Nobody Made' })).statusCode).toBe(401);
  });
});

describe('GET and PUT /api/organizations/:id', () => {
  let owner: Person;
  let member: Person;
  let orgId: string;

  beforeAll(async () => {
    owner = await person(h, 'Olga');
    member = await person(h, 'Max');
    orgId = await orgOf(owner, 'Harbour Games');
    await owner.post(`/api/organizations/${orgId}/invitations`, { Email: member.email, Role: 'member' });
  });

  it('shows the organisation to its members and administrators only', async () => {
    expect((await member.get(`/api/organizations/${orgId}`)).json()).toMatchObject({ Id: orgId, Name: 'Harbour Games', Role: 'member', MemberCount: 2 });
    expect((await admin.get(`/api/organizations/${orgId}`)).json()).toMatchObject({ Id: orgId, Role: '' });
    expect((await other.get(`/api/organizations/${orgId}`)).statusCode).toBe(403);
    // Outsiders cannot tell a missing organisation from someone else's; administrators can.
    expect((await other.get('/api/organizations/no-such-org')).statusCode).toBe(403);
    expect((await admin.get('/api/organizations/no-such-org')).statusCode).toBe(404);
    expect((await demo.get('/api/organizations/bad%20id')).statusCode).toBe(400);
  });

  it('lets the owner rename it and change the company name, recording before and after', async () => {
    const res = await owner.put(`/api/organizations/${orgId}`, { Name: 'Harbour Games Studio', CompanyName: 'Harbour Ltd' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Harbour Games Studio', CompanyName: 'Harbour Ltd', Role: 'owner' });
    const entry = (await history(h, 'org.update')).at(-1);
    expect(entry).toMatchObject({ actor: `user:${owner.email}`, target: orgId, before: { Name: 'Harbour Games' }, after: { Name: 'Harbour Games Studio' } });
    const onlyCompany = await owner.put(`/api/organizations/${orgId}`, { CompanyName: '' });
    expect(onlyCompany.json()).toMatchObject({ Name: 'Harbour Games Studio', CompanyName: '' });
  });

  it('refuses members, other tenants and administrators, changing nothing', async () => {
    const before = await snapshot(h, 'organizations');
    expect((await member.put(`/api/organizations/${orgId}`, { Name: 'Taken Over' })).statusCode).toBe(403);
    expect((await other.put(`/api/organizations/${orgId}`, { Name: 'Taken Over' })).statusCode).toBe(403);
    expect((await admin.put(`/api/organizations/${orgId}`, { Name: 'Taken Over' })).statusCode).toBe(403);
    expect((await other.put('/api/organizations/no-such-org', { Name: 'Taken Over' })).statusCode).toBe(403);
    expect(await snapshot(h, 'organizations')).toBe(before);
  });

  it('refuses a taken name with 409 and an empty or bad body with 400', async () => {
    const before = await snapshot(h, 'organizations');
    const taken = await owner.put(`/api/organizations/${orgId}`, { Name: 'demo studio' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('organization already created');
    expect((await owner.put(`/api/organizations/${orgId}`, {})).statusCode).toBe(400);
    const bad = await owner.put(`/api/organizations/${orgId}`, { Name: '', Status: 'Approved' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(expect.arrayContaining(['/Name', '/Status']));
    expect(await snapshot(h, 'organizations')).toBe(before);
  });

  it('lets an owner keep its own name in another letter case', async () => {
    const res = await owner.put(`/api/organizations/${orgId}`, { Name: 'HARBOUR GAMES STUDIO' });
    expect(res.statusCode).toBe(200);
    expect(res.json().Name).toBe('HARBOUR GAMES STUDIO');
  });
});

describe('projects', () => {
  let owner: Person;
  let member: Person;
  let orgId: string;

  beforeAll(async () => {
    owner = await person(h, 'Petra');
    member = await person(h, 'Milo');
    orgId = await orgOf(owner, 'Pixel Forge');
    await owner.post(`/api/organizations/${orgId}/invitations`, { Email: member.email, Role: 'member' });
  });

  it('creates a project as an app of the organisation, with the same id and name', async () => {
    const res = await owner.post(`/api/organizations/${orgId}/projects`, { Name: 'Sky Racer' });
    expect(res.statusCode).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({ Name: 'Sky Racer', OrganizationId: orgId, OrganizationName: 'Pixel Forge', MemberCount: 2 });
    const app = await owner.get(`/api/app/${project.Id}`);
    expect(app.statusCode).toBe(200);
    expect(app.json()).toMatchObject({ AppId: project.Id, ProjectName: 'Sky Racer', OrganizationId: orgId });
    expect((await history(h, 'project.create')).at(-1)).toMatchObject({ actor: `user:${owner.email}`, app_id: project.Id, target: project.Id });
  });

  it('lists the projects to members and administrators, with paging and search', async () => {
    await owner.post(`/api/organizations/${orgId}/projects`, { Name: 'Deep Diver' });
    const list = (await member.get(`/api/organizations/${orgId}/projects`)).json();
    expect(list.TotalCount).toBe(2);
    expect(list.Items.map((p: { Name: string }) => p.Name)).toEqual(['Sky Racer', 'Deep Diver']);
    expect((await admin.get(`/api/organizations/${orgId}/projects`)).json().TotalCount).toBe(2);
    const page = (await member.get(`/api/organizations/${orgId}/projects?count=1&start=1`)).json();
    expect(page).toMatchObject({ TotalCount: 2, Items: [{ Name: 'Deep Diver' }] });
    const found = (await member.get(`/api/organizations/${orgId}/projects?q=diver`)).json();
    expect(found.Items.map((p: { Name: string }) => p.Name)).toEqual(['Deep Diver']);
    expect((await other.get(`/api/organizations/${orgId}/projects`)).statusCode).toBe(403);
  });

  it('lets only owners and admins create projects, in their own organisation', async () => {
    const before = await snapshot(h, 'apps');
    expect((await member.post(`/api/organizations/${orgId}/projects`, { Name: 'Nope' })).statusCode).toBe(403);
    expect((await other.post(`/api/organizations/${orgId}/projects`, { Name: 'Nope' })).statusCode).toBe(403);
    expect((await admin.post(`/api/organizations/${orgId}/projects`, { Name: 'Nope' })).statusCode).toBe(403);
    for (const body of [{}, { Name: '' }, { Name: 'p'.repeat(51) }, { Name: 'ok', Extra: 1 }]) {
      expect((await owner.post(`/api/organizations/${orgId}/projects`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot(h, 'apps')).toBe(before);
  });

  it('shows one project with the members of its organisation', async () => {
    const [project] = (await owner.get(`/api/organizations/${orgId}/projects?q=sky`)).json().Items;
    const res = await member.get(`/api/projects/${project.Id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({ Id: project.Id, Name: 'Sky Racer', OrganizationId: orgId, MemberCount: 2 });
    expect(detail.Members.map((m: { Email: string; Role: string }) => [m.Email, m.Role])).toEqual([
      [owner.email, 'owner'],
      [member.email, 'member'],
    ]);
    expect((await admin.get(`/api/projects/${project.Id}`)).statusCode).toBe(200);
    expect((await other.get(`/api/projects/${project.Id}`)).statusCode).toBe(403);
    expect((await other.get('/api/projects/no-such-project')).statusCode).toBe(403);
    expect((await admin.get('/api/projects/no-such-project')).statusCode).toBe(404);
    expect((await clientOf(h, undefined).get(`/api/projects/${project.Id}`)).statusCode).toBe(401);
  });

  it("shows the demo organisation's own app as its project", async () => {
    const list = (await demo.get(`/api/organizations/${demoOrgId}/projects`)).json();
    expect(list.Items).toEqual([expect.objectContaining({ Id: h.appId, Name: 'Demo Game', OrganizationName: 'Demo Studio' })]);
  });
});
