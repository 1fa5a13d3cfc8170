import { ApiError, conflict, forbidden } from '../../../../engine/errors';
import type { GuildPermission } from '../../../../../resources/passport/identity-guilds';

/** The guild settings of an app (spec 002 §3, defaults in §9). */
export interface GuildConfig {
  MemberLimitCount: number;
  EnableJoinMultiGuilds: boolean;
  RestrictedMinutesAfterLeaveGuild: number;
  EnableGainApprovalBeforeJoin: boolean;
  GuildDisableUniqueGuildName: boolean;
}

/** What the rules look at when a persona creates or joins a guild. */
export interface JoinerState {
  /** Guilds the persona is a member of now. */
  guildIds: string[];
  /** When the persona last left (or was removed from) a guild. */
  lastLeftAt: Date | null;
  now: Date;
}

/** When a persona that left a guild may create or join one again, or null when it may now. */
export function restrictedUntil(cfg: GuildConfig, state: JoinerState): Date | null {
  if (!state.lastLeftAt || cfg.RestrictedMinutesAfterLeaveGuild <= 0) return null;
  const until = new Date(state.lastLeftAt.getTime() + cfg.RestrictedMinutesAfterLeaveGuild * 60_000);
  return until > state.now ? until : null;
}

/**
 * Refuses a persona becoming a member of a guild (joining, being approved, or creating one) when the settings
 * forbid it: it already belongs to that guild, it is in another guild and several are not allowed, or it left a
 * guild too recently. The member limit is the guild's own check (`refuseWhenFull`).
 */
export function refuseMembership(cfg: GuildConfig, state: JoinerState, guildId: string | null): void {
  if (guildId && state.guildIds.includes(guildId)) throw new ApiError(409, 'ALREADY_MEMBER', 'already a member of this guild');
  if (!cfg.EnableJoinMultiGuilds && state.guildIds.length > 0) throw new ApiError(409, 'ALREADY_IN_GUILD', 'already a member of a guild');
  const until = restrictedUntil(cfg, state);
  if (until) {
    throw new ApiError(409, 'GUILD_RESTRICTED', 'left a guild too recently to join another yet', [{ field: '/restrictedUntil', message: until.toISOString() }]);
  }
}

export function refuseWhenFull(cfg: GuildConfig, memberCount: number): void {
  if (memberCount >= cfg.MemberLimitCount) throw new ApiError(409, 'GUILD_FULL', 'the guild is full');
}

/** Two guild names are the same when they match ignoring case and surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const nameTaken = () => conflict('DUPLICATE', 'a guild with this name already exists', [{ field: '/name', message: 'already exists' }]);

/** What one member may do in one guild. */
export interface Standing {
  isLeader: boolean;
  isMember: boolean;
  /** The permissions of the member's role (none without a role). */
  permissions: Partial<Record<GuildPermission, boolean>>;
}

/** The leader may do everything; another member what their role permits; anyone else nothing. */
export function permits(standing: Standing, permission: GuildPermission): boolean {
  if (standing.isLeader) return true;
  return standing.isMember && standing.permissions[permission] === true;
}

export function requirePermission(standing: Standing, permission: GuildPermission): void {
  if (!standing.isMember) throw forbidden('not a member of this guild');
  if (!permits(standing, permission)) throw forbidden('your guild role does not allow this');
}
