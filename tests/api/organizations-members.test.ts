import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimInvitations } from '../../server/platform/org/routes';
import { createAccount } from '../../server/platform/accounts';
import { startHarness, type Harness } from './harness';
import { administrator, clientOf, fieldsOf, history, join, orgOf, person, snapshot, type Client, type Person } from './org-fixtures';

let h: Harness;
let admin: Client;
let outsider: Client;

beforeAll(async () => {
  h = await startHarness();
  admin = await administrator(h);
  outsider = clientOf(h, await h.login('other@example.com', 'other-password'));
});
afterAll(() => h.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const members = (c: Client, orgId: string) => c.get(`/api/organizations/${orgId}/members`);
const roles = async (orgId: string) =>
  Object.fromEntries(
    (await h.db.query<{ email: string; role: string }>('SELECT a.email, m.role FROM org_members m JOIN accounts a ON a.id = m.account_id WHERE m.org_id = $1', [orgId])).rows.map(
      (r) => [r.email, r.role],
    ),
  );

describe('members and invitations', () => {
  let owner: Person;
  let orgId: string;

  beforeAll(async () => {
    owner = await person(h, 'Olive');
    orgId = await orgOf(owner, 'Lantern Works');
  });

  it('lists the members, owner first, to members and administrators only', async () => {
    const res = await members(owner, orgId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Items: [{ AccountId: owner.id, Email: owner.email, Name: 'Olive', Role: 'owner', JoinedAt: expect.any(String) }],
      Invitations: [],
    });
    expect((await members(admin, orgId)).statusCode).toBe(200);
    expect((await members(outsider, orgId)).statusCode).toBe(403);
    expect((await members(clientOf(h, undefined), orgId)).statusCode).toBe(401);
    expect((await members(admin, 'no-such-org')).statusCode).toBe(404);
  });

  it('adds an existing account at once and mails it', async () => {
    const bob = await person(h, 'Bob');
    const sent = h.ctx.mail.outbox.length;
    const res = await owner.post(`/api/organizations/${orgId}/invitations`, { Email: bob.email.toUpperCase(), Role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Result: 'Added', Member: { AccountId: bob.id, Email: bob.email, Name: 'Bob', Role: 'member', JoinedAt: expect.any(String) } });
    const mail = h.ctx.mail.outbox.slice(sent);
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toBe(bob.email);
    expect(mail[0].subject).toContain('Lantern Works');
    expect((await bob.get('/api/organizations')).json().Items.map((o: { Id: string }) => o.Id)).toContain(orgId);
    expect((await history(h, 'org.member.add')).at(-1)).toMatchObject({ actor: `user:${owner.email}`, target: `${orgId}/${bob.id}`, after: { Role: 'member' } });

    const again = await owner.post(`/api/organizations/${orgId}/invitations`, { Email: bob.email, Role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('already a member');
    expect((await roles(orgId))[bob.email]).toBe('member');
  });

  it('stores an invitation valid 14 days for a new address, mails it, and renews it when invited again', async () => {
    const sent = h.ctx.mail.outbox.length;
    const res = await owner.post(`/api/organizations/${orgId}/invitations`, { Email: 'Newcomer@Example.com', Role: 'member' });
    expect(res.statusCode).toBe(201);
    const { Result, Invitation } = res.json();
    expect(Result).toBe('Invited');
    expect(Invitation).toMatchObject({ Email: 'newcomer@example.com', Role: 'member' });
    expect(Date.parse(Invitation.ExpiresAt) - Date.parse(Invitation.CreatedAt)).toBe(14 * DAY_MS);
    const mail = h.ctx.mail.outbox.slice(sent);
    expect(mail.map((m) => m.to)).toEqual(['newcomer@example.com']);
    expect(mail[0].text).toContain('/sign-up');
    expect((await history(h, 'org.member.invite')).at(-1)).toMatchObject({ target: `${orgId}/${Invitation.Id}` });

    const renewed = (await owner.post(`/api/organizations/${orgId}/invitations`, { Email: 'newcomer@example.com', Role: 'admin' })).json();
    expect(renewed.Invitation).toMatchObject({ Id: Invitation.Id, Role: 'admin' });
    const list = (await members(owner, orgId)).json();
    expect(list.Invitations).toEqual([renewed.Invitation]);
  });

  it('refuses bad invitations with 400 naming the field, storing nothing', async () => {
    const before = [await snapshot(h, 'org_members'), await snapshot(h, 'org_invitations')];
    const sent = h.ctx.mail.outbox.length;
    const cases: [unknown, string][] = [
      [{ Email: 'not-an-address', Role: 'member' }, '/Email'],
      [{ Role: 'member' }, '/Email'],
      [{ Email: `${'a'.repeat(250)}@example.com`, Role: 'member' }, '/Email'],
      [{ Email: 'x@example.com', Role: 'owner' }, '/Role'],
      [{ Email: 'x@example.com' }, '/Role'],
      [{ Email: 'x@example.com', Role: 'member', Message: 'hi' }, '/Message'],
    ];
    for (const [body, field] of cases) {
      const res = await owner.post(`/api/organizations/${orgId}/invitations`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    expect([await snapshot(h, 'org_members'), await snapshot(h, 'org_invitations')]).toEqual(before);
    expect(h.ctx.mail.outbox.length).toBe(sent);
  });

  it('lets admins invite members but not admins, and members invite no one', async () => {
    const adminUser = await person(h, 'Ada');
    const memberUser = await person(h, 'Mia');
    await join(owner, orgId, adminUser, 'admin');
    await join(owner, orgId, memberUser, 'member');
    const byAdmin = await adminUser.post(`/api/organizations/${orgId}/invitations`, { Email: 'by-admin@example.com', Role: 'member' });
    expect(byAdmin.statusCode).toBe(201);
    const before = await snapshot(h, 'org_invitations');
    const adminAsAdmin = await adminUser.post(`/api/organizations/${orgId}/invitations`, { Email: 'boss@example.com', Role: 'admin' });
    expect(adminAsAdmin.statusCode).toBe(403);
    expect(adminAsAdmin.json().message).toBe('only owners can invite administrators');
    expect((await memberUser.post(`/api/organizations/${orgId}/invitations`, { Email: 'friend@example.com', Role: 'member' })).statusCode).toBe(403);
    expect((await outsider.post(`/api/organizations/${orgId}/invitations`, { Email: 'spy@example.com', Role: 'member' })).statusCode).toBe(403);
    expect((await admin.post(`/api/organizations/${orgId}/invitations`, { Email: 'staff@example.com', Role: 'member' })).statusCode).toBe(403);
    expect(await snapshot(h, 'org_invitations')).toBe(before);
  });

  it('revokes invitations (owners and admins of that organisation only)', async () => {
    const { Invitation } = (await owner.post(`/api/organizations/${orgId}/invitations`, { Email: 'revoke-me@example.com', Role: 'member' })).json();
    const url = `/api/organizations/${orgId}/invitations/${Invitation.Id}`;
    const otherOrg = await orgOf(clientOf(h, await h.login('other@example.com', 'other-password')), 'Outsider Org');
    const before = await snapshot(h, 'org_invitations');
    expect((await outsider.del(url)).statusCode).toBe(403);
    // The outsider's own organisation does not reach another organisation's invitation.
    expect((await outsider.del(`/api/organizations/${otherOrg}/invitations/${Invitation.Id}`)).statusCode).toBe(404);
    expect((await admin.del(url)).statusCode).toBe(403);
    expect(await snapshot(h, 'org_invitations')).toBe(before);

    expect((await owner.del(url)).statusCode).toBe(204);
    expect((await members(owner, orgId)).json().Invitations.map((i: { Id: string }) => i.Id)).not.toContain(Invitation.Id);
    expect((await history(h, 'org.invitation.revoke')).at(-1)).toMatchObject({ target: `${orgId}/${Invitation.Id}`, before: { Email: 'revoke-me@example.com' } });
    expect((await owner.del(url)).statusCode).toBe(404);
  });

  it('drops the pending invitation of an address that has since signed up and is added', async () => {
    const { Invitation } = (await owner.post(`/api/organizations/${orgId}/invitations`, { Email: 'signed-up-later@example.com', Role: 'admin' })).json();
    await createAccount(h.db, { email: 'signed-up-later@example.com', password: 'later-password', name: 'Later' });
    const added = await owner.post(`/api/organizations/${orgId}/invitations`, { Email: 'signed-up-later@example.com', Role: 'member' });
    expect(added.json()).toMatchObject({ Result: 'Added', Member: { Email: 'signed-up-later@example.com', Role: 'member' } });
    expect((await members(owner, orgId)).json().Invitations.map((i: { Id: string }) => i.Id)).not.toContain(Invitation.Id);
  });

  it('does not list expired invitations', async () => {
    const { Invitation } = (await owner.post(`/api/organizations/${orgId}/invitations`, { Email: 'late@example.com', Role: 'member' })).json();
    await h.db.query("UPDATE org_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [Invitation.Id]);
    expect((await members(owner, orgId)).json().Invitations.map((i: { Id: string }) => i.Id)).not.toContain(Invitation.Id);
  });
});

describe('roles and removal', () => {
  let owner: Person;
  let adm: Person;
  let mem: Person;
  let orgId: string;

  beforeEach(async () => {
    owner = await person(h, 'Otto');
    adm = await person(h, 'Anna');
    mem = await person(h, 'Mark');
    orgId = await orgOf(owner, `Team ${owner.id.slice(0, 8)}`);
    await join(owner, orgId, adm, 'admin');
    await join(owner, orgId, mem, 'member');
  });

  const setRole = (c: Client, who: Person, Role: string) => c.put(`/api/organizations/${orgId}/members/${who.id}`, { Role });
  const remove = (c: Client, who: Person) => c.del(`/api/organizations/${orgId}/members/${who.id}`);

  it('lets owners change any role and records the change', async () => {
    const res = await setRole(owner, mem, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ AccountId: mem.id, Role: 'admin' });
    expect((await history(h, 'org.member.role')).at(-1)).toMatchObject({
      actor: `user:${owner.email}`,
      target: `${orgId}/${mem.id}`,
      before: { Role: 'member' },
      after: { Role: 'admin' },
    });
    expect((await setRole(owner, adm, 'owner')).json().Role).toBe('owner');
    expect(await roles(orgId)).toEqual({ [owner.email]: 'owner', [adm.email]: 'owner', [mem.email]: 'admin' });
  });

  it('lets admins switch members and admins but not touch ownership', async () => {
    expect((await setRole(adm, mem, 'admin')).statusCode).toBe(200);
    expect((await setRole(adm, mem, 'member')).statusCode).toBe(200);
    const before = await roles(orgId);
    const grant = await setRole(adm, mem, 'owner');
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('only owners can manage owners');
    expect((await setRole(adm, owner, 'member')).statusCode).toBe(403);
    expect((await setRole(adm, adm, 'owner')).statusCode).toBe(403);
    expect(await roles(orgId)).toEqual(before);
  });

  it('refuses members, other tenants and administrators', async () => {
    const before = await roles(orgId);
    expect((await setRole(mem, adm, 'member')).statusCode).toBe(403);
    expect((await setRole(mem, mem, 'admin')).statusCode).toBe(403);
    expect((await setRole(outsider, mem, 'admin')).statusCode).toBe(403);
    expect((await setRole(admin, mem, 'admin')).statusCode).toBe(403);
    expect(await roles(orgId)).toEqual(before);
  });

  it('answers 404 for someone who is not a member and 400 for an unknown role', async () => {
    const stranger = await person(h, 'Stan');
    expect((await setRole(owner, stranger, 'admin')).statusCode).toBe(404);
    expect((await remove(owner, stranger)).statusCode).toBe(404);
    const bad = await setRole(owner, mem, 'emperor');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('/Role');
    expect((await owner.put(`/api/organizations/${orgId}/members/${mem.id}`, {})).statusCode).toBe(400);
  });

  it('keeps at least one owner', async () => {
    const stepDown = await setRole(owner, owner, 'admin');
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json().message).toBe('an organization needs an owner');
    const leave = await remove(owner, owner);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe('an organization needs an owner');
    expect((await roles(orgId))[owner.email]).toBe('owner');
    // With a second owner, the first may step down and the second may then not.
    await setRole(owner, adm, 'owner');
    expect((await setRole(owner, owner, 'member')).statusCode).toBe(200);
    expect((await remove(adm, adm)).statusCode).toBe(409);
  });

  it('keeps an owner when two owners step down at the same time', async () => {
    await setRole(owner, adm, 'owner');
    const results = await Promise.all([setRole(owner, owner, 'member'), setRole(adm, adm, 'member')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(Object.values(await roles(orgId)).filter((r) => r === 'owner')).toHaveLength(1);
  });

  it('lets owners remove anyone, admins remove non-owners, and anyone leave', async () => {
    expect((await remove(mem, adm)).statusCode).toBe(403);
    const adminOnOwner = await remove(adm, owner);
    expect(adminOnOwner.statusCode).toBe(403);
    expect(adminOnOwner.json().message).toBe('only owners can manage owners');
    expect((await remove(outsider, mem)).statusCode).toBe(403);
    expect((await remove(admin, mem)).statusCode).toBe(403);
    expect(Object.keys(await roles(orgId))).toHaveLength(3);

    expect((await remove(adm, mem)).statusCode).toBe(204);
    expect((await history(h, 'org.member.remove')).at(-1)).toMatchObject({ actor: `user:${adm.email}`, target: `${orgId}/${mem.id}`, before: { Role: 'member' } });
    expect((await mem.get(`/api/organizations/${orgId}`)).statusCode).toBe(403);
    expect((await remove(adm, adm)).statusCode).toBe(204);
    expect((await history(h, 'org.member.leave')).at(-1)).toMatchObject({ target: `${orgId}/${adm.id}` });
    expect(await roles(orgId)).toEqual({ [owner.email]: 'owner' });
  });
});

describe('claimInvitations', () => {
  it('turns live invitations for an address into memberships and drops every invitation for it', async () => {
    const ownerA = await person(h, 'Alma');
    const ownerB = await person(h, 'Bert');
    const orgA = await orgOf(ownerA, 'Claim A');
    const orgB = await orgOf(ownerB, 'Claim B');
    const orgC = await orgOf(ownerB, 'Claim C');
    await ownerA.post(`/api/organizations/${orgA}/invitations`, { Email: 'dana@example.com', Role: 'admin' });
    await ownerB.post(`/api/organizations/${orgB}/invitations`, { Email: 'dana@example.com', Role: 'member' });
    const expired = (await ownerB.post(`/api/organizations/${orgC}/invitations`, { Email: 'dana@example.com', Role: 'member' })).json();
    await h.db.query("UPDATE org_invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.Invitation.Id]);

    const id = await createAccount(h.db, { email: 'Dana@Example.com', password: 'dana-password', name: 'Dana' });
    const joined = await claimInvitations(h.db, id, 'Dana@Example.com');
    expect(joined.sort((a, b) => a.orgId.localeCompare(b.orgId))).toEqual(
      [
        { orgId: orgA, role: 'admin' },
        { orgId: orgB, role: 'member' },
      ].sort((a, b) => a.orgId.localeCompare(b.orgId)),
    );
    expect((await roles(orgA))['Dana@Example.com']).toBe('admin');
    expect((await roles(orgB))['Dana@Example.com']).toBe('member');
    expect((await roles(orgC))['Dana@Example.com']).toBeUndefined();
    const left = await h.db.query("SELECT 1 FROM org_invitations WHERE lower(email) = 'dana@example.com'");
    expect(left.rows).toHaveLength(0);
    expect(await claimInvitations(h.db, id, 'dana@example.com')).toEqual([]);
  });

  it('keeps the role of an organisation the account already belongs to', async () => {
    const owner = await person(h, 'Cleo');
    const orgId = await orgOf(owner, 'Claim Keep');
    const eve = await person(h, 'Eve');
    await h.db.query("INSERT INTO org_invitations (id, org_id, email, role, invited_by, expires_at) VALUES ('inv-eve', $1, $2, 'member', $3, now() + interval '1 day')", [
      orgId,
      eve.email,
      owner.id,
    ]);
    await join(owner, orgId, eve, 'admin');
    expect(await claimInvitations(h.db, eve.id, eve.email)).toEqual([]);
    expect((await roles(orgId))[eve.email]).toBe('admin');
  });
});
