import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { ageDeparture, asPlayer, call, createGuild, newPlayer, otherApp, P, setGuildConfig, unique, type TestPlayer } from './passport-identity-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => setGuildConfig(h, { EnableGainApprovalBeforeJoin: false, EnableJoinMultiGuilds: true }));

const PERMISSIONS = ['dismissGuild', 'manageGuildRequests', 'manageMemberRole', 'updateGuildInfo', 'removeMembers'] as const;
type Permission = (typeof PERMISSIONS)[number];

/** A role of the app that permits exactly the given permissions. */
async function role(allowed: Permission[]): Promise<string> {
  const body = { name: unique('role'), ...Object.fromEntries(PERMISSIONS.map((p) => [p, allowed.includes(p)])) };
  const res = await h.svc('POST', `${P}/guilds/roles`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const setRole = (guildId: string, personaId: string, roleId: string | null) => h.svc('PUT', `${P}/guilds/${guildId}/members/${personaId}/role`, { roleId });

/** A guild with its leader and a member holding a role with `allowed`, plus a plain member. */
async function guildWith(allowed: Permission[]) {
  const leader = await newPlayer(h);
  const guild = await createGuild(h, leader);
  const [officer, plain] = [await newPlayer(h), await newPlayer(h)];
  for (const p of [officer, plain]) expect((await asPlayer(h, p, 'POST', `${P}/sdk/guilds/${guild.id}/join`)).statusCode).toBe(200);
  expect((await setRole(guild.id, officer.personaId, await role(allowed))).statusCode).toBe(200);
  return { guild, leader, officer, plain };
}

/** The call each permission allows, made by `by` on the guild against `target` (a member). */
const attempts: Record<Permission, (by: TestPlayer, guildId: string, target: TestPlayer) => ReturnType<typeof asPlayer>> = {
  dismissGuild: (by, g) => asPlayer(h, by, 'POST', `${P}/sdk/guilds/${g}/dismiss`),
  manageGuildRequests: (by, g) => asPlayer(h, by, 'GET', `${P}/sdk/guilds/${g}/requests`),
  manageMemberRole: (by, g, t) => asPlayer(h, by, 'PUT', `${P}/sdk/guilds/${g}/members/${t.personaId}/role`, { roleId: null }),
  updateGuildInfo: (by, g) => asPlayer(h, by, 'PUT', `${P}/sdk/guilds/${g}`, { announcement: 'Raid at nine' }),
  removeMembers: (by, g, t) => asPlayer(h, by, 'DELETE', `${P}/sdk/guilds/${g}/members/${t.personaId}`),
};

describe('guild role permissions', () => {
  for (const permission of PERMISSIONS) {
    it(`${permission}: refused to members whose role lacks it and to plain members, allowed with it`, async () => {
      const without = await guildWith(PERMISSIONS.filter((p) => p !== permission));
      const refused = await attempts[permission](without.officer, without.guild.id, without.plain);
      expect(refused.statusCode, refused.body).toBe(403);
      expect((await attempts[permission](without.plain, without.guild.id, without.officer)).statusCode).toBe(403);

      const withIt = await guildWith([permission]);
      const allowed = await attempts[permission](withIt.officer, withIt.guild.id, withIt.plain);
      expect(allowed.statusCode, allowed.body).toBe(200);
    });
  }

  it('gives the leader every permission and outsiders none', async () => {
    const { guild, leader, plain } = await guildWith([]);
    const outsider = await newPlayer(h);
    const denied = await attempts.updateGuildInfo(outsider, guild.id, plain);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('not a member of this guild');
    expect((await attempts.updateGuildInfo(leader, guild.id, plain)).json().announcement).toBe('Raid at nine');
    expect((await attempts.removeMembers(leader, guild.id, plain)).json().memberCount).toBe(2);
    expect((await attempts.dismissGuild(leader, guild.id, plain)).statusCode).toBe(200);
  });

  it('approves requests only with the permission', async () => {
    const { guild, officer, plain } = await guildWith(['manageGuildRequests']);
    await setGuildConfig(h, { EnableJoinMultiGuilds: true });
    const applicant = await newPlayer(h);
    expect((await asPlayer(h, applicant, 'POST', `${P}/sdk/guilds/${guild.id}/join`)).json().status).toBe('Requested');
    expect((await asPlayer(h, plain, 'POST', `${P}/sdk/guilds/${guild.id}/requests/${applicant.personaId}/approve`)).statusCode).toBe(403);
    const ok = await asPlayer(h, officer, 'POST', `${P}/sdk/guilds/${guild.id}/requests/${applicant.personaId}/approve`);
    expect(ok.json().memberCount).toBe(4);
  });

  it("never changes one's own role or the leader's, nor removes the leader", async () => {
    const { guild, leader, officer } = await guildWith(['manageMemberRole', 'removeMembers']);
    expect((await asPlayer(h, officer, 'PUT', `${P}/sdk/guilds/${guild.id}/members/${officer.personaId}/role`, { roleId: null })).statusCode).toBe(403);
    expect((await asPlayer(h, officer, 'PUT', `${P}/sdk/guilds/${guild.id}/members/${leader.personaId}/role`, { roleId: null })).statusCode).toBe(409);
    expect((await asPlayer(h, officer, 'DELETE', `${P}/sdk/guilds/${guild.id}/members/${leader.personaId}`)).statusCode).toBe(409);
    expect((await asPlayer(h, officer, 'DELETE', `${P}/sdk/guilds/${guild.id}/members/${officer.personaId}`)).statusCode).toBe(409);
    expect((await setRole(guild.id, officer.personaId, 'no-such-role')).statusCode).toBe(400);
  });

  it('takes a deleted role away from its members', async () => {
    const roleId = await role(['updateGuildInfo']);
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    const member = await newPlayer(h);
    await asPlayer(h, member, 'POST', `${P}/sdk/guilds/${guild.id}/join`);
    await setRole(guild.id, member.personaId, roleId);
    expect((await attempts.updateGuildInfo(member, guild.id, leader)).statusCode).toBe(200);
    expect((await h.svc('DELETE', `${P}/guilds/roles/${roleId}`)).statusCode).toBe(204);
    expect((await attempts.updateGuildInfo(member, guild.id, leader)).statusCode).toBe(403);
    const listed = (await h.svc('GET', `${P}/guilds/${guild.id}/members`)).json().members;
    expect(listed.find((m: { personaId: string }) => m.personaId === member.personaId).roleId).toBeNull();
  });
});

describe('removal and dismissal', () => {
  it('restricts a removed member from joining again, but not the members of a dismissed guild', async () => {
    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false });
    const { guild, leader, officer, plain } = await guildWith(['removeMembers']);
    const elsewhere = await createGuild(h, await newPlayer(h));
    expect((await attempts.removeMembers(officer, guild.id, plain)).statusCode).toBe(200);
    expect((await asPlayer(h, plain, 'POST', `${P}/sdk/guilds/${elsewhere.id}/join`)).json().code).toBe('GUILD_RESTRICTED');
    await ageDeparture(h, plain.personaId, 121);
    expect((await asPlayer(h, plain, 'POST', `${P}/sdk/guilds/${elsewhere.id}/join`)).json().status).toBe('Joined');

    expect((await attempts.dismissGuild(leader, guild.id, plain)).statusCode).toBe(200);
    expect((await h.svc('GET', `${P}/guilds/${guild.id}`)).statusCode).toBe(404);
    const left = await h.db.query(`SELECT 1 FROM ${h.tableOf('passport', 'guild-members')} WHERE service = 'passport' AND kind = 'guild-members' AND parent_id = $1`, [guild.id]);
    expect(left.rows).toHaveLength(0);
    expect((await asPlayer(h, officer, 'POST', `${P}/sdk/guilds/${elsewhere.id}/join`)).json().status).toBe('Joined');
  });

  it("drops the memberships of a deleted persona and of a guild the operators delete", async () => {
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    const member = await newPlayer(h);
    await asPlayer(h, member, 'POST', `${P}/sdk/guilds/${guild.id}/join`);
    expect((await h.svc('DELETE', `${P}/personas/${member.personaId}`)).statusCode).toBe(204);
    expect((await h.svc('GET', `${P}/guilds/${guild.id}/members`)).json().total).toBe(1);
    expect((await h.svc('DELETE', `${P}/guilds/${guild.id}`)).statusCode).toBe(204);
    expect((await asPlayer(h, leader, 'GET', `${P}/sdk/guilds/mine`)).json().total).toBe(0);
  });

  it('lets operators set roles and remove members from the console', async () => {
    const { guild, plain } = await guildWith([]);
    const roleId = await role(['updateGuildInfo']);
    const set = await setRole(guild.id, plain.personaId, roleId);
    expect(set.json()).toMatchObject({ personaId: plain.personaId, roleId, isLeader: false });
    const removed = await h.svc('DELETE', `${P}/guilds/${guild.id}/members/${plain.personaId}`);
    expect(removed.json().memberCount).toBe(2);
    expect((await h.svc('GET', `${P}/personas/${plain.personaId}/guilds`)).json().total).toBe(0);
  });
});

describe("another app's guilds", () => {
  it('are out of reach of its players and its credential', async () => {
    const { guild, plain } = await guildWith([]);
    const stranger = await newPlayer(h, otherApp(h));
    expect((await asPlayer(h, stranger, 'POST', `${P}/sdk/guilds/${guild.id}/join`)).statusCode).toBe(404);
    expect((await asPlayer(h, stranger, 'GET', `${P}/sdk/guilds/${guild.id}`)).statusCode).toBe(404);
    expect((await asPlayer(h, stranger, 'GET', `${P}/sdk/guilds?q=${encodeURIComponent(String(guild.name))}`)).json().total).toBe(0);
    const theirs = (method: 'GET' | 'DELETE', url: string, payload?: unknown) => call(h, { authorization: h.otherBasic }, method, url, payload);
    expect((await theirs('GET', `${P}/guilds/${guild.id}/members`)).statusCode).toBe(404);
    expect((await theirs('DELETE', `${P}/guilds/${guild.id}/members/${plain.personaId}`)).statusCode).toBe(404);
    expect((await theirs('GET', `${P}/personas/${plain.personaId}/guilds`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${P}/guilds/${guild.id}`)).json().memberCount).toBe(3);
  });
});
