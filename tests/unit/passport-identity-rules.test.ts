import { describe, expect, it } from 'vitest';
import { maskPhone, renderSms } from '../../server/services/passport/identity/codes';
import { passport } from '../../resources/passport';
import { buildModel } from '../../server/engine/model';
import { isDue as dueAt } from '../../server/engine/timed-states';
import { permits, refuseMembership, refuseWhenFull, restrictedUntil, sameName, type GuildConfig } from '../../server/services/passport/identity/guilds/rules';
import { maskSecret } from '../../server/engine/masks';

const DEFAULTS: GuildConfig = {
  MemberLimitCount: 50,
  EnableJoinMultiGuilds: false,
  RestrictedMinutesAfterLeaveGuild: 120,
  EnableGainApprovalBeforeJoin: true,
  GuildDisableUniqueGuildName: false,
};
const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const codeOf = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe('guild rules', () => {
  it('restrict joining for the configured minutes after leaving, and not at all with 0', () => {
    expect(restrictedUntil(DEFAULTS, { guildIds: [], lastLeftAt: minutesAgo(30), now })?.toISOString()).toBe('2026-03-01T13:30:00.000Z');
    expect(restrictedUntil(DEFAULTS, { guildIds: [], lastLeftAt: minutesAgo(120), now })).toBeNull();
    expect(restrictedUntil(DEFAULTS, { guildIds: [], lastLeftAt: null, now })).toBeNull();
    expect(restrictedUntil({ ...DEFAULTS, RestrictedMinutesAfterLeaveGuild: 0 }, { guildIds: [], lastLeftAt: minutesAgo(1), now })).toBeNull();
  });

  it('refuse a member of the guild, a member of another guild in single-guild mode, and a persona that left too recently', () => {
    const free = { guildIds: [], lastLeftAt: null, now };
    expect(codeOf(() => refuseMembership(DEFAULTS, free, 'g1'))).toBeUndefined();
    expect(codeOf(() => refuseMembership(DEFAULTS, { ...free, guildIds: ['g1'] }, 'g1'))).toBe('ALREADY_MEMBER');
    expect(codeOf(() => refuseMembership(DEFAULTS, { ...free, guildIds: ['g2'] }, 'g1'))).toBe('ALREADY_IN_GUILD');
    expect(codeOf(() => refuseMembership({ ...DEFAULTS, EnableJoinMultiGuilds: true }, { ...free, guildIds: ['g2'] }, 'g1'))).toBeUndefined();
    expect(codeOf(() => refuseMembership(DEFAULTS, { ...free, lastLeftAt: minutesAgo(5) }, 'g1'))).toBe('GUILD_RESTRICTED');
    expect(codeOf(() => refuseMembership(DEFAULTS, { ...free, guildIds: ['g2'] }, null))).toBe('ALREADY_IN_GUILD');
  });

  it('count the leader in the member limit', () => {
    expect(codeOf(() => refuseWhenFull(DEFAULTS, 49))).toBeUndefined();
    expect(codeOf(() => refuseWhenFull(DEFAULTS, 50))).toBe('GUILD_FULL');
  });

  it('give the leader every permission, a member only its role’s, an outsider none', () => {
    expect(permits({ isLeader: true, isMember: true, permissions: {} }, 'dismissGuild')).toBe(true);
    expect(permits({ isLeader: false, isMember: true, permissions: { removeMembers: true } }, 'removeMembers')).toBe(true);
    expect(permits({ isLeader: false, isMember: true, permissions: { removeMembers: true } }, 'dismissGuild')).toBe(false);
    expect(permits({ isLeader: false, isMember: false, permissions: { removeMembers: true } }, 'removeMembers')).toBe(false);
  });

  it('compare names ignoring case and surrounding spaces', () => {
    expect(sameName(' Night Watch ', 'night watch')).toBe(true);
    expect(sameName('Night Watch', 'NightWatch')).toBe(false);
  });
});

describe('masking and messages', () => {
  it('show three leading and four trailing digits of a number', () => {
    expect(maskPhone('13800001111')).toBe('138****1111');
    expect(maskPhone('+8613800001111')).toBe('+861******1111');
    expect(maskPhone('12345')).toBe('1***5');
  });

  it('show only the last four characters of a long secret, none of a short one', () => {
    expect(maskSecret('abcdefghijkl1234')).toBe('••••••1234');
    expect(maskSecret('short')).toBe('••••••');
    expect(maskSecret('')).toBe('');
  });

  it('put the signature and the code into the template', () => {
    expect(renderSms('Code {code}, {minutes} min', '042137', 'Demo')).toBe('【Demo】Code 042137, 10 min');
    expect(renderSms('{code}', '1', '')).toBe('1');
  });
});

describe('entitlement clock', () => {
  const t = Date.parse('2026-03-01T12:00:00Z');
  const entitlements = buildModel(passport, passport.resources.find((r) => r.name === 'entitlements')!);
  const isDue = (r: Record<string, unknown>, now: number) => dueAt(entitlements, r, now);
  it('is due when a pending one has started or an unexpired one has ended', () => {
    expect(isDue({ status: 'Pending', startTime: '2026-03-01T11:00:00Z' }, t)).toBe(true);
    expect(isDue({ status: 'Pending', startTime: '2026-03-01T13:00:00Z' }, t)).toBe(false);
    expect(isDue({ status: 'Active', startTime: '2026-02-01T00:00:00Z', endTime: '2026-03-01T12:00:00Z' }, t)).toBe(true);
    expect(isDue({ status: 'Suspended', startTime: '2026-02-01T00:00:00Z', endTime: '2026-03-01T11:59:00Z' }, t)).toBe(true);
    expect(isDue({ status: 'Active', startTime: '2026-02-01T00:00:00Z' }, t)).toBe(false);
    expect(isDue({ status: 'Expired', startTime: '2026-02-01T00:00:00Z', endTime: '2026-02-02T00:00:00Z' }, t)).toBe(false);
  });
});
