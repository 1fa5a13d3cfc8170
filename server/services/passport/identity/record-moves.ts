import type { Db, Queryable } from '../../../db';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { moveIntoRecords } from '../../../engine/table-moves';

/*
 * Rows of identity's old tables whose records need more than their own columns; the login providers, the id domains
 * and the guild join requests are moved from their declarations (`movedFrom`).
 */

interface MemberRow {
  app_id: string;
  guild_id: string;
  persona_id: string;
  role_id: string | null;
  joined_at: Date | string;
}

/** The leader of each guild the rows name, by `<app>|<guild id>` (read from the guild records). */
async function leadersOf(tx: Queryable, guilds: ResourceModel, rows: { guild_id: string }[]): Promise<Map<string, unknown>> {
  const found = await records(tx, guilds).findEverywhere({ where: { id: { $in: [...new Set(rows.map((r) => r.guild_id))] } } });
  return new Map(found.map(({ scopeId, record: g }) => [`${scopeId}|${String(g.id)}`, g.leaderPersonaId]));
}

/**
 * Guild members kept in their old table (migration 019): each a record under its guild, joined when it joined,
 * marked as the leader when its guild's leader is its persona.
 */
export function moveGuildMembers(db: Db, m: ResourceModel, guilds: ResourceModel): Promise<number> {
  return moveIntoRecords<MemberRow>(db, m, 'passport_guild_members_moving', 'app_id, guild_id, persona_id, role_id, joined_at', async (rows, tx) => {
    const leaders = await leadersOf(tx, guilds, rows);
    return rows.map((r) => {
      const joinedAt = new Date(r.joined_at);
      const data: Data = { guildId: r.guild_id, personaId: r.persona_id, isLeader: leaders.get(`${r.app_id}|${r.guild_id}`) === r.persona_id, joinedAt: joinedAt.toISOString() };
      if (r.role_id) data.roleId = r.role_id;
      return { appId: r.app_id, parentId: r.guild_id, data, version: 1, at: joinedAt };
    });
  });
}
