import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { ageDeparture, asPlayer, createGuild, GUILD_DEFAULTS, newPlayer, P, setGuildConfig, unique, type TestPlayer } from './passport-identity-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => setGuildConfig(h));

const join = (p: TestPlayer, guildId: string) => asPlayer(h, p, 'POST', `${P}/sdk/guilds/${guildId}/join`, { message: 'hello' });
const approve = (by: TestPlayer, guildId: string, personaId: string) => asPlayer(h, by, 'POST', `${P}/sdk/guilds/${guildId}/requests/${personaId}/approve`);
const members = async (guildId: string) =>
  ((await h.svc('GET', `${P}/guilds/${guildId}/members`)).json().members as { personaId: string; isLeader: boolean }[]).map((m) => m.personaId);
const countOf = async (guildId: string) => (await h.svc('GET', `${P}/guilds/${guildId}`)).json().memberCount;

describe('guild settings', () => {
  it('answer the spec defaults before the first save', async () => {
    const fresh = await h.req({ method: 'GET', url: `${P}/guilds/config`, headers: { authorization: h.otherBasic } });
    expect(fresh.json()).toMatchObject({ ...GUILD_DEFAULTS, version: 0 });
  });
});

describe('creating a guild', () => {
  it('makes the persona its leader and only member', async () => {
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    expect(guild).toMatchObject({ leaderPersonaId: leader.personaId, memberCount: 1 });
    expect(await members(guild.id)).toEqual([leader.personaId]);
    const theirs = await h.svc('GET', `${P}/personas/${leader.personaId}/guilds`);
    expect(theirs.json()).toMatchObject({ total: 1, guilds: [{ id: guild.id, membership: { isLeader: true } }] });
    const mine = await asPlayer(h, leader, 'GET', `${P}/sdk/guilds/mine`);
    expect(mine.json().guilds.map((g: { id: string }) => g.id)).toEqual([guild.id]);
  });

  it('refuses a name already used, ignoring case and spaces, unless the settings allow duplicates', async () => {
    const name = unique('Dragons');
    await createGuild(h, await newPlayer(h), name);
    const taken = await asPlayer(h, await newPlayer(h), 'POST', `${P}/sdk/guilds`, { name: `  ${name.toUpperCase()} ` });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0].field).toBe('/name');
    // The operators' writes follow the same rule.
    expect((await h.svc('POST', `${P}/guilds`, { name: name.toLowerCase() })).statusCode).toBe(409);

    await setGuildConfig(h, { GuildDisableUniqueGuildName: true });
    await createGuild(h, await newPlayer(h), name);
    expect((await h.svc('POST', `${P}/guilds`, { name })).statusCode).toBe(201);
  });

  it('needs a selected persona', async () => {
    const p = await newPlayer(h);
    await h.db.query('UPDATE passport_sessions SET persona_id = NULL WHERE user_id = $1', [p.userId]);
    expect((await asPlayer(h, p, 'POST', `${P}/sdk/guilds`, { name: unique('g') })).statusCode).toBe(409);
  });
});

describe('joining', () => {
  it('asks for approval when the settings say so, and the leader approves or rejects', async () => {
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    const asked = await join(a, guild.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().status).toBe('Requested');
    expect((await join(a, guild.id)).statusCode).toBe(409);
    expect(await countOf(guild.id)).toBe(1);
    await join(b, guild.id);
    const waiting = await asPlayer(h, leader, 'GET', `${P}/sdk/guilds/${guild.id}/requests`);
    expect(waiting.json().requests.map((r: { personaId: string }) => r.personaId)).toEqual([a.personaId, b.personaId]);

    const approved = await approve(leader, guild.id, a.personaId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().memberCount).toBe(2);
    const rejected = await asPlayer(h, leader, 'POST', `${P}/sdk/guilds/${guild.id}/requests/${b.personaId}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect((await approve(leader, guild.id, b.personaId)).statusCode).toBe(404);
    expect(await members(guild.id)).toEqual([leader.personaId, a.personaId]);
  });

  it('joins at once when approval is off', async () => {
    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false });
    const guild = await createGuild(h, await newPlayer(h));
    const p = await newPlayer(h);
    const joined = await join(p, guild.id);
    expect(joined.json()).toMatchObject({ status: 'Joined', guild: { memberCount: 2 } });
    expect((await join(p, guild.id)).json().code).toBe('ALREADY_MEMBER');
  });

  it('stops at the member limit, whether joining or approving', async () => {
    await setGuildConfig(h, { MemberLimitCount: 2, EnableGainApprovalBeforeJoin: false });
    const guild = await createGuild(h, await newPlayer(h));
    expect((await join(await newPlayer(h), guild.id)).statusCode).toBe(200);
    const full = await join(await newPlayer(h), guild.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('GUILD_FULL');

    await setGuildConfig(h, { MemberLimitCount: 2 });
    const leader = await newPlayer(h);
    const other = await createGuild(h, leader);
    const [a, b] = [await newPlayer(h), await newPlayer(h)];
    await join(a, other.id);
    await join(b, other.id);
    expect((await approve(leader, other.id, a.personaId)).statusCode).toBe(200);
    const refused = await approve(leader, other.id, b.personaId);
    expect(refused.json().code).toBe('GUILD_FULL');
    expect(await countOf(other.id)).toBe(2);
  });

  it('allows one guild at a time unless the settings allow several', async () => {
    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false });
    const [first, second] = [await createGuild(h, await newPlayer(h)), await createGuild(h, await newPlayer(h))];
    const p = await newPlayer(h);
    await join(p, first.id);
    const again = await join(p, second.id);
    expect(again.json().code).toBe('ALREADY_IN_GUILD');
    expect((await asPlayer(h, p, 'POST', `${P}/sdk/guilds`, { name: unique('own') })).json().code).toBe('ALREADY_IN_GUILD');

    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false, EnableJoinMultiGuilds: true });
    expect((await join(p, second.id)).json().status).toBe('Joined');
    expect((await asPlayer(h, p, 'GET', `${P}/sdk/guilds/mine`)).json().total).toBe(2);
  });

  it('drops other waiting requests once the persona joins a guild in single-guild mode', async () => {
    const [la, lb] = [await newPlayer(h), await newPlayer(h)];
    const [a, b] = [await createGuild(h, la), await createGuild(h, lb)];
    const p = await newPlayer(h);
    await join(p, a.id);
    await join(p, b.id);
    await approve(la, a.id, p.personaId);
    expect((await h.svc('GET', `${P}/guilds/${b.id}/requests`)).json().total).toBe(0);
  });
});

describe('leaving', () => {
  it('restricts joining again for the configured minutes', async () => {
    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false });
    const [first, second] = [await createGuild(h, await newPlayer(h)), await createGuild(h, await newPlayer(h))];
    const p = await newPlayer(h);
    await join(p, first.id);
    const left = await asPlayer(h, p, 'POST', `${P}/sdk/guilds/${first.id}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().memberCount).toBe(1);

    const soon = await join(p, second.id);
    expect(soon.json().code).toBe('GUILD_RESTRICTED');
    const until = Date.parse(soon.json().details[0].message);
    expect(until - Date.now()).toBeGreaterThan(119 * 60_000);
    expect((await asPlayer(h, p, 'POST', `${P}/sdk/guilds`, { name: unique('g') })).json().code).toBe('GUILD_RESTRICTED');

    await ageDeparture(h, p.personaId, 119);
    expect((await join(p, second.id)).json().code).toBe('GUILD_RESTRICTED');
    await ageDeparture(h, p.personaId, 2);
    expect((await join(p, second.id)).json().status).toBe('Joined');
  });

  it('is not restricted when the settings say 0 minutes', async () => {
    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false, RestrictedMinutesAfterLeaveGuild: 0 });
    const [first, second] = [await createGuild(h, await newPlayer(h)), await createGuild(h, await newPlayer(h))];
    const p = await newPlayer(h);
    await join(p, first.id);
    await asPlayer(h, p, 'POST', `${P}/sdk/guilds/${first.id}/leave`);
    expect((await join(p, second.id)).json().status).toBe('Joined');
  });

  it('is not for the leader, nor for a non-member', async () => {
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    expect((await asPlayer(h, leader, 'POST', `${P}/sdk/guilds/${guild.id}/leave`)).statusCode).toBe(409);
    expect((await asPlayer(h, await newPlayer(h), 'POST', `${P}/sdk/guilds/${guild.id}/leave`)).statusCode).toBe(404);
  });
});

describe('dismissing', () => {
  it('deletes the guild as the engine deletes a record, with one history entry naming the player who dismissed it', async () => {
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    const dismissed = await asPlayer(h, leader, 'POST', `${P}/sdk/guilds/${guild.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ id: guild.id, leaderPersonaId: leader.personaId });
    expect((await h.svc('GET', `${P}/guilds/${guild.id}`)).statusCode).toBe(404);
    const history = await h.db.query<{ action: string; actor: string }>('SELECT action, actor FROM audit_log WHERE target = $1 ORDER BY id', [guild.id]);
    const ends = history.rows.filter((r) => r.action.endsWith('.dismiss') || r.action.endsWith('.delete'));
    expect(ends.map((r) => r.action)).toEqual(['passport.guilds.dismiss']);
    expect(ends[0].actor).toBe(`player:${leader.userId}`);
  });
});
