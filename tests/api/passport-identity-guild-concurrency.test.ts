/**
 * Guild rules under concurrent calls: the member limit, one guild per persona and one waiting request per persona and
 * guild hold when the calls race (on PostgreSQL they run in parallel transactions; the locks serialise them).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { asPlayer, createGuild, newPlayer, P, setGuildConfig, unique, type TestPlayer } from './passport-identity-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => setGuildConfig(h, { EnableGainApprovalBeforeJoin: false }));

const join = (p: TestPlayer, guildId: string) => asPlayer(h, p, 'POST', `${P}/sdk/guilds/${guildId}/join`);
const players = (n: number) => Promise.all(Array.from({ length: n }, () => newPlayer(h)));
const codes = (answers: { statusCode: number; json: () => { code?: string; status?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? a.json().status : a.json().code)).sort();

/** The guild's members as the console lists them, and its member count. */
async function membership(guildId: string) {
  const listed = (await h.svc('GET', `${P}/guilds/${guildId}/members?count=100`)).json();
  const count = (await h.svc('GET', `${P}/guilds/${guildId}`)).json().memberCount;
  return { total: listed.total, leaders: listed.members.filter((m: { isLeader: boolean }) => m.isLeader).length, count };
}

describe('guilds under concurrent calls', () => {
  it('never go past the member limit, and count their members right', async () => {
    await setGuildConfig(h, { EnableGainApprovalBeforeJoin: false, MemberLimitCount: 3 });
    const guild = await createGuild(h, await newPlayer(h));
    const joiners = await players(10);
    const answers = await Promise.all(joiners.map((p) => join(p, guild.id)));
    expect(codes(answers)).toEqual([...Array(8).fill('GUILD_FULL'), 'Joined', 'Joined']);
    expect(await membership(guild.id)).toEqual({ total: 3, leaders: 1, count: 3 });
  });

  it('let a persona into one guild only, however many it joins or creates at once', async () => {
    const guilds = await Promise.all((await players(6)).map((leader) => createGuild(h, leader)));
    const p = await newPlayer(h);
    const answers = await Promise.all([
      ...guilds.map((g) => join(p, g.id)),
      asPlayer(h, p, 'POST', `${P}/sdk/guilds`, { name: unique('raced') }),
    ]);
    const succeeded = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    expect(succeeded).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual(Array(6).fill('ALREADY_IN_GUILD'));
    expect((await asPlayer(h, p, 'GET', `${P}/sdk/guilds/mine`)).json().total).toBe(1);
  });

  it('keep one waiting request per persona and guild, and approve no more than the limit allows', async () => {
    await setGuildConfig(h, { MemberLimitCount: 2 });
    const leader = await newPlayer(h);
    const guild = await createGuild(h, leader);
    const [a, b] = await players(2);
    const asked = await Promise.all([join(a, guild.id), join(a, guild.id), join(b, guild.id)]);
    expect(codes(asked)).toEqual(['DUPLICATE', 'Requested', 'Requested']);
    expect((await h.svc('GET', `${P}/guilds/${guild.id}/requests`)).json().total).toBe(2);

    const approve = (p: TestPlayer) => asPlayer(h, leader, 'POST', `${P}/sdk/guilds/${guild.id}/requests/${p.personaId}/approve`);
    // One approval fills the guild; the others find it full, or the request already accepted.
    const decided = await Promise.all([approve(a), approve(b), approve(a), approve(b)]);
    expect(decided.filter((d) => d.statusCode === 200)).toHaveLength(1);
    const refused = decided.filter((d) => d.statusCode !== 200).map((d) => `${d.statusCode} ${d.json().code}`);
    expect(refused.every((r) => ['409 GUILD_FULL', '404 NOT_FOUND'].includes(r)), refused.join()).toBe(true);
    expect(await membership(guild.id)).toEqual({ total: 2, leaders: 1, count: 2 });
  });
});
