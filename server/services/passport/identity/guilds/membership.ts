import type { Queryable } from '../../../../db';
import type { ResourceModel } from '../../../../engine/model';
import { records } from '../../../../engine/query';
import { viewRow } from '../../../../engine/record-views';
import { settingsOf } from '../../../../engine/singleton';
import type { Data } from '../../../../engine/store';
import type { GuildPermission } from '../../../../../resources/passport/identity-guilds';
import type { ViewDecl } from '../../../../../resources/types';
import { sameName, type GuildConfig, type JoinerState, type Standing } from './rules';

/**
 * Guild membership: the guild's member and join request records (its sub-resources) and the personas' departures
 * (their own table). Functions taking `tx` run inside the caller's transaction.
 */
export interface Models {
  guilds: ResourceModel;
  roles: ResourceModel;
  config: ResourceModel;
  members: ResourceModel;
  requests: ResourceModel;
}

/** The guild's view of its members (`guildMembers`): its rows are what the member calls answer. */
export const membersView = (m: Models): ViewDecl => m.guilds.res.views!.find((v) => v.name === 'guildMembers')!;
export const requestsView = (m: Models): ViewDecl => m.guilds.res.views!.find((v) => v.name === 'guildRequests')!;

/** A member record as the guild calls answer it (a row of the members view). */
export const presentMember = (m: Models, member: Data): Data => viewRow(membersView(m), member);

export async function guildConfig(db: Queryable, m: Models, appId: string): Promise<GuildConfig> {
  return (await settingsOf(db, m.config, appId)) as unknown as GuildConfig;
}

/** Serialises the guild changes of one persona, then of the app's guild names, then of one guild (always in this order). */
export const lockPersona = (tx: Queryable, appId: string, personaId: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`passport-guild-persona|${appId}|${personaId}`]);
export const lockNames = (tx: Queryable, appId: string) => tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`passport-guild-names|${appId}`]);

/** The guild, locked for the rest of the transaction; 404 when it is not the app's. */
export async function lockGuild(tx: Queryable, m: Models, appId: string, guildId: string): Promise<Data> {
  return records(tx, m.guilds).get(appId, guildId, { lock: 'update', message: 'guild not found' });
}

export async function joinerState(tx: Queryable, m: Models, appId: string, personaId: string): Promise<JoinerState> {
  const [memberships, left, now] = await Promise.all([
    records(tx, m.members).find(appId, { where: { personaId } }),
    tx.query<{ left_at: Date | string }>('SELECT left_at FROM passport_guild_departures WHERE app_id = $1 AND persona_id = $2', [appId, personaId]),
    tx.query<{ now: Date | string }>('SELECT now() AS now'),
  ]);
  return {
    guildIds: memberships.map((r) => String(r.guildId)),
    lastLeftAt: left.rows[0] ? new Date(left.rows[0].left_at) : null,
    now: new Date(now.rows[0].now),
  };
}

/** The persona's membership of the guild, if it is a member. */
export const memberOf = (db: Queryable, m: Models, appId: string, guildId: string, personaId: string) =>
  records(db, m.members).first(appId, { where: { parentId: guildId, personaId } });

/** What a persona may do in a guild: leader, member with a role's permissions, or outsider. */
export async function standingOf(db: Queryable, m: Models, appId: string, guild: Data, personaId: string): Promise<Standing> {
  const member = await memberOf(db, m, appId, String(guild.id), personaId);
  if (!member) return { isLeader: false, isMember: false, permissions: {} };
  let permissions: Partial<Record<GuildPermission, boolean>> = {};
  if (member.roleId) {
    const role = await records(db, m.roles).maybe(appId, String(member.roleId));
    permissions = (role ?? {}) as typeof permissions;
  }
  return { isLeader: member.isLeader === true, isMember: true, permissions };
}

/** Whether another guild of the app already has this name. */
export async function nameInUse(db: Queryable, m: Models, appId: string, name: string, exceptId?: string): Promise<boolean> {
  const found = await records(db, m.guilds).find(appId, { where: { name: { $same: name } } });
  return found.some((r) => r.id !== exceptId && sameName(String(r.name), name));
}

/** The guild's requests still waiting for a decision, from one persona (or from any). */
const waiting = (guildId: string | undefined, personaId: string) => ({ ...(guildId ? { parentId: guildId } : {}), personaId, status: 'waiting' });

export const waitingRequest = (db: Queryable, m: Models, appId: string, guildId: string, personaId: string) =>
  records(db, m.requests).first(appId, { where: waiting(guildId, personaId) });

/** Makes the persona a member (the leader when it leads the guild); a request of its to this guild waits no more. */
export async function addMember(tx: Queryable, m: Models, appId: string, guild: Data, personaId: string, roleId: string | null = null) {
  const guildId = String(guild.id);
  const joinedAt = (await tx.query<{ now: Date }>('SELECT now() AS now')).rows[0].now;
  const data: Data = { guildId, personaId, isLeader: guild.leaderPersonaId === personaId, joinedAt: new Date(joinedAt).toISOString() };
  if (roleId) data.roleId = roleId;
  await records(tx, m.members).insert(appId, data, { parentId: guildId });
  await records(tx, m.requests).remove(appId, waiting(guildId, personaId));
}

/** In single-guild mode a persona that became a member has no use for its other waiting requests. */
export async function dropOtherRequests(tx: Queryable, m: Models, cfg: GuildConfig, appId: string, personaId: string) {
  if (!cfg.EnableJoinMultiGuilds) await records(tx, m.requests).remove(appId, waiting(undefined, personaId));
}

/** Removes a member and notes the departure (joining again waits out the restriction). */
export async function removeMember(tx: Queryable, m: Models, appId: string, guildId: string, personaId: string): Promise<Data | undefined> {
  const [gone] = await records(tx, m.members).remove(appId, { parentId: guildId, personaId });
  if (!gone) return undefined;
  await tx.query(
    `INSERT INTO passport_guild_departures (app_id, persona_id, guild_id, left_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (app_id, persona_id) DO UPDATE SET guild_id = EXCLUDED.guild_id, left_at = EXCLUDED.left_at`,
    [appId, personaId, guildId],
  );
  return gone;
}

export const memberCount = (db: Queryable, m: Models, appId: string, guildId: string) => records(db, m.members).count(appId, { parentId: guildId });

/** Brings the guild record's member count up to date (a new version of the guild). */
export async function recount(tx: Queryable, m: Models, appId: string, guildId: string): Promise<Data> {
  return records(tx, m.guilds).updateOne(appId, guildId, { set: { memberCount: await memberCount(tx, m, appId, guildId) } });
}
