import type { Db, Queryable } from '../../../db';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { maskSecret } from './id-providers';

/** One old row as a record: its app, its id (when it keeps one), its data, version and last change. */
interface Moved {
  appId: string;
  id?: string;
  data: Data;
  version: number;
  at: Date;
  /** A sub-resource's parent; its state, for a resource with states. */
  parentId?: string;
  status?: string;
}

/**
 * Moves the rows of a table a migration set aside (renamed `<old name>_moving`) into declared records, once: each
 * keeps its version and last change, and the old table goes. Several servers starting together move them once (an
 * advisory lock, then the table is gone for the others). Answers how many were moved.
 */
async function moveIntoRecords<Row>(
  db: Db,
  m: ResourceModel,
  waiting: string,
  columns: string,
  toRecords: (rows: Row[], tx: Queryable) => Moved[] | Promise<Moved[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [waiting]);
    const found = await tx.query<{ name: string | null }>('SELECT to_regclass($1)::text AS name', [waiting]);
    if (!found.rows[0]?.name) return 0;
    const saved = await tx.query<Row & object>(`SELECT ${columns} FROM ${waiting}`);
    const byApp = new Map<string, Moved[]>();
    for (const moved of await toRecords(saved.rows, tx)) byApp.set(moved.appId, [...(byApp.get(moved.appId) ?? []), moved]);
    for (const [appId, rows] of byApp) await records(tx, m).insertMany(appId, rows);
    await tx.query(`DROP TABLE ${waiting}`);
    return saved.rows.length;
  });
}

interface ProviderRow {
  app_id: string;
  provider: string;
  enabled: boolean;
  app_key: string;
  app_secret: string;
  version: number;
  updated_at: Date | string;
}

/**
 * The login providers saved in their old table (migration 017): the secret becomes the write-only `appSecret` (left
 * out when empty) beside its masked form.
 */
export function moveSavedProviders(db: Db, m: ResourceModel): Promise<number> {
  const columns = 'app_id, provider, enabled, app_key, app_secret, version, updated_at';
  return moveIntoRecords<ProviderRow>(db, m, 'passport_id_providers_moving', columns, (rows) =>
    rows.map((r) => {
      const data: Data = { provider: r.provider, enabled: r.enabled, appKey: r.app_key, appSecretMasked: maskSecret(r.app_secret) };
      if (r.app_secret) data.appSecret = r.app_secret;
      return { appId: r.app_id, data, version: r.version, at: new Date(r.updated_at) };
    }),
  );
}

interface DomainRow {
  app_id: string;
  name: string;
  description: string;
  sms_signature: string;
  production: boolean;
  send_for_review: boolean;
  version: number;
  updated_at: Date | string;
}

/** The id domains kept in their old table (migration 018): each the record of its app, its id the app id. */
export function moveIdDomains(db: Db, m: ResourceModel): Promise<number> {
  const columns = 'app_id, name, description, sms_signature, production, send_for_review, version, updated_at';
  return moveIntoRecords<DomainRow>(db, m, 'passport_id_domains_moving', columns, (rows) =>
    rows.map((r) => ({
      appId: r.app_id,
      id: r.app_id,
      data: {
        idDomainID: r.app_id,
        name: r.name,
        description: r.description,
        smsSignature: r.sms_signature,
        production: r.production,
        sendForReview: r.send_for_review,
      },
      version: r.version,
      at: new Date(r.updated_at),
    })),
  );
}

interface MemberRow {
  app_id: string;
  guild_id: string;
  persona_id: string;
  role_id: string | null;
  joined_at: Date | string;
}

/** The leader of each guild the rows name, by guild id (read from the guild records of the rows' apps). */
async function leadersOf(tx: Queryable, guilds: ResourceModel, rows: { app_id: string; guild_id: string }[]): Promise<Map<string, unknown>> {
  const leaders = new Map<string, unknown>();
  for (const appId of new Set(rows.map((r) => r.app_id))) {
    const ids = [...new Set(rows.filter((r) => r.app_id === appId).map((r) => r.guild_id))];
    for (const g of await records(tx, guilds).find(appId, { where: { id: { $in: ids } } })) leaders.set(String(g.id), g.leaderPersonaId);
  }
  return leaders;
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
      const data: Data = { guildId: r.guild_id, personaId: r.persona_id, isLeader: leaders.get(r.guild_id) === r.persona_id, joinedAt: joinedAt.toISOString() };
      if (r.role_id) data.roleId = r.role_id;
      return { appId: r.app_id, parentId: r.guild_id, data, version: 1, at: joinedAt };
    });
  });
}

interface RequestRow {
  app_id: string;
  guild_id: string;
  persona_id: string;
  message: string;
  created_at: Date | string;
}

/** The join requests waiting in their old table (migration 019): each a waiting request under its guild. */
export function moveGuildRequests(db: Db, m: ResourceModel): Promise<number> {
  return moveIntoRecords<RequestRow>(db, m, 'passport_guild_requests_moving', 'app_id, guild_id, persona_id, message, created_at', (rows) =>
    rows.map((r) => ({
      appId: r.app_id,
      parentId: r.guild_id,
      status: 'waiting',
      data: { guildId: r.guild_id, personaId: r.persona_id, message: r.message },
      version: 1,
      at: new Date(r.created_at),
    })),
  );
}
