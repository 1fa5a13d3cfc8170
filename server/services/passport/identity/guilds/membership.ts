import type { Queryable } from '../../../../db';
import type { ResourceModel } from '../../../../engine/model';
import { settingsOf } from '../../../../engine/singleton';
import { records } from '../../../../engine/query';
import type { Data } from '../../../../engine/store';
import type { GuildPermission } from '../../../../../resources/passport/identity-guilds';
import { sameName, type GuildConfig, type JoinerState, type Standing } from './rules';

/**
 * Guild membership in the database: members, join requests and departures (kept in their own tables, removed with
 * the guild or the persona). Functions taking `tx` run inside the caller's transaction.
 */
export interface Models {
  guilds: ResourceModel;
  roles: ResourceModel;
  config: ResourceModel;
}

export interface MemberRow {
  guild_id: string;
  persona_id: string;
  role_id: string | null;
  joined_at: Date | string;
}

export const presentMember = (r: MemberRow, leaderId: unknown) => ({
  guildId: r.guild_id,
  personaId: r.persona_id,
  roleId: r.role_id,
  isLeader: r.persona_id === leaderId,
  joinedAt: new Date(r.joined_at).toISOString(),
});

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

export async function joinerState(tx: Queryable, appId: string, personaId: string): Promise<JoinerState> {
  const [guilds, left, now] = await Promise.all([
    tx.query<{ guild_id: string }>('SELECT guild_id FROM passport_guild_members WHERE app_id = $1 AND persona_id = $2', [appId, personaId]),
    tx.query<{ left_at: Date | string }>('SELECT left_at FROM passport_guild_departures WHERE app_id = $1 AND persona_id = $2', [appId, personaId]),
    tx.query<{ now: Date | string }>('SELECT now() AS now'),
  ]);
  return {
    guildIds: guilds.rows.map((r) => r.guild_id),
    lastLeftAt: left.rows[0] ? new Date(left.rows[0].left_at) : null,
    now: new Date(now.rows[0].now),
  };
}

export async function memberRow(db: Queryable, guildId: string, personaId: string): Promise<MemberRow | undefined> {
  const res = await db.query<MemberRow>('SELECT guild_id, persona_id, role_id, joined_at FROM passport_guild_members WHERE guild_id = $1 AND persona_id = $2', [
    guildId,
    personaId,
  ]);
  return res.rows[0];
}

/** What a persona may do in a guild: leader, member with a role's permissions, or outsider. */
export async function standingOf(db: Queryable, m: Models, appId: string, guild: Data, personaId: string): Promise<Standing> {
  const member = await memberRow(db, String(guild.id), personaId);
  if (!member) return { isLeader: false, isMember: false, permissions: {} };
  let permissions: Partial<Record<GuildPermission, boolean>> = {};
  if (member.role_id) {
    const role = await records(db, m.roles).maybe(appId, member.role_id);
    permissions = (role ?? {}) as typeof permissions;
  }
  return { isLeader: guild.leaderPersonaId === personaId, isMember: true, permissions };
}

/** Whether another guild of the app already has this name. */
export async function nameInUse(db: Queryable, m: Models, appId: string, name: string, exceptId?: string): Promise<boolean> {
  const found = await records(db, m.guilds).find(appId, { where: { name: { $same: name } } });
  return found.some((r) => r.id !== exceptId && sameName(String(r.name), name));
}

export async function addMember(tx: Queryable, appId: string, guildId: string, personaId: string, roleId: string | null = null): Promise<void> {
  await tx.query('INSERT INTO passport_guild_members (app_id, guild_id, persona_id, role_id) VALUES ($1, $2, $3, $4)', [appId, guildId, personaId, roleId]);
  await tx.query('DELETE FROM passport_guild_requests WHERE guild_id = $1 AND persona_id = $2', [guildId, personaId]);
}

/** Removes a member and notes the departure (joining again waits out the restriction). */
export async function removeMember(tx: Queryable, appId: string, guildId: string, personaId: string): Promise<MemberRow | undefined> {
  const res = await tx.query<MemberRow>(
    'DELETE FROM passport_guild_members WHERE guild_id = $1 AND persona_id = $2 RETURNING guild_id, persona_id, role_id, joined_at',
    [guildId, personaId],
  );
  if (!res.rows[0]) return undefined;
  await tx.query(
    `INSERT INTO passport_guild_departures (app_id, persona_id, guild_id, left_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (app_id, persona_id) DO UPDATE SET guild_id = EXCLUDED.guild_id, left_at = EXCLUDED.left_at`,
    [appId, personaId, guildId],
  );
  return res.rows[0];
}

/** Brings the guild record's member count up to date (a new version of the guild). */
export async function recount(tx: Queryable, m: Models, appId: string, guildId: string): Promise<Data> {
  return records(tx, m.guilds).updateOne(appId, guildId, { set: { memberCount: await memberCount(tx, guildId) } });
}

export async function memberCount(db: Queryable, guildId: string): Promise<number> {
  const res = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_guild_members WHERE guild_id = $1', [guildId]);
  return Number(res.rows[0].n);
}

/** A page of a guild's members, the leader first, then by joining time. */
export async function membersPage(db: Queryable, guild: Data, count: number, start: number) {
  const [rows, total] = await Promise.all([
    db.query<MemberRow>(
      `SELECT guild_id, persona_id, role_id, joined_at FROM passport_guild_members WHERE guild_id = $1
       ORDER BY (persona_id = $2) DESC, joined_at, persona_id LIMIT $3 OFFSET $4`,
      [guild.id, guild.leaderPersonaId ?? '', count, start],
    ),
    memberCount(db, String(guild.id)),
  ]);
  return { total, members: rows.rows.map((r) => presentMember(r, guild.leaderPersonaId)) };
}

export async function requestsPage(db: Queryable, guildId: string, count: number, start: number) {
  const [rows, total] = await Promise.all([
    db.query<{ persona_id: string; message: string; created_at: Date | string }>(
      'SELECT persona_id, message, created_at FROM passport_guild_requests WHERE guild_id = $1 ORDER BY created_at, persona_id LIMIT $2 OFFSET $3',
      [guildId, count, start],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_guild_requests WHERE guild_id = $1', [guildId]),
  ]);
  return {
    total: Number(total.rows[0].n),
    requests: rows.rows.map((r) => ({ guildId, personaId: r.persona_id, message: r.message, createdAt: new Date(r.created_at).toISOString() })),
  };
}
