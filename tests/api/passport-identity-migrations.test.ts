/**
 * The saved login providers move from their own table (set aside by migration 017) into declared records at
 * start-up: each saved provider becomes one record of its app with its version and settings, the secret a
 * write-only value (read back only through the store) with its masked form, and the old table is gone. The id
 * domains move the same way from theirs (set aside by migration 018), each the record of its app; guild members and
 * join requests from theirs (migration 019), each a record under its guild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureIndexes } from '../../server/engine/indexes';
import { buildModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { RecordStore } from '../../server/engine/store';
import { moveDeclaredTable } from '../../server/engine/table-moves';
import { moveGuildMembers } from '../../server/services/passport/identity/record-moves';

const MIGRATION = '017_passport_id_provider_records.sql';
/** Each start makes the resources' own tables before anything moves into them (server/app.ts). */
const PASSPORT_MODELS = passport.resources.map((r) => buildModel(passport, r));
const m = buildModel(passport, passport.resources.find((r) => r.name === 'id-providers')!);
let db: Db;

beforeAll(async () => {
  db = await openPglite();
  // Every migration before this one, then rows saved the old way, then this one.
  await db.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [MIGRATION]);
  await migrate(db);
  await db.query(
    `INSERT INTO passport_id_providers (app_id, provider, enabled, app_key, app_secret, version) VALUES
       ('app-a', 'Wechat', true, 'wx-key', 'wechat-secret-9f8e', 3),
       ('app-a', 'ServiceLogin', true, '', '', 1),
       ('app-b', 'Wechat', false, 'other-key', 'short', 2)`,
  );
  await db.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
  expect(await migrate(db)).toEqual([MIGRATION]);
  await ensureIndexes(db, PASSPORT_MODELS);
  expect(await moveDeclaredTable(db, m)).toBe(3);
});
afterAll(() => db.close());

it("moves each app's saved providers into records, the secret write-only", async () => {
  const a = await records(db, m).find('app-a', { orderBy: 'provider' });
  expect(a).toHaveLength(2);
  expect(a[0]).toMatchObject({ provider: 'ServiceLogin', enabled: true, appKey: '', appSecretSet: false, appSecretMasked: '', version: 1 });
  expect(a[1]).toMatchObject({ provider: 'Wechat', enabled: true, appKey: 'wx-key', appSecretSet: true, appSecretMasked: '••••••9f8e', version: 3 });
  expect(JSON.stringify(a)).not.toContain('wechat-secret');

  const store = new RecordStore(db);
  expect(await store.writeOnlyValues(m, 'app-a', String(a[1].id))).toEqual({ appSecret: 'wechat-secret-9f8e' });
  expect(await store.writeOnlyValues(m, 'app-a', String(a[0].id))).toEqual({});

  const b = await records(db, m).find('app-b');
  expect(b).toEqual([expect.objectContaining({ provider: 'Wechat', enabled: false, appKey: 'other-key', appSecretSet: true, appSecretMasked: '••••••', version: 2 })]);
  expect(await store.writeOnlyValues(m, 'app-b', String(b[0].id))).toEqual({ appSecret: 'short' });
});

it('drops the old table, and a second start moves nothing', async () => {
  const left = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name LIKE 'passport_id_providers%'");
  expect(left.rows[0].n).toBe(0);
  expect(await moveDeclaredTable(db, m)).toBe(0);
  expect(await records(db, m).count('app-a')).toBe(2);
});

describe('id domains (migration 018)', () => {
  const domains = buildModel(passport, passport.resources.find((r) => r.name === 'id-domains')!);
  let moved: Db;

  beforeAll(async () => {
    moved = await openPglite();
    const later = '018_passport_id_domain_records.sql';
    await moved.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    await moved.query('INSERT INTO schema_migrations (name) VALUES ($1)', [later]);
    await migrate(moved);
    await moved.query(
      `INSERT INTO passport_id_domains (app_id, name, description, sms_signature, production, send_for_review, version) VALUES
         ('app-a', 'Game A', 'first', 'GameA', true, false, 4),
         ('app-b', 'Game B', '', '', false, true, 2)`,
    );
    await moved.query('DELETE FROM schema_migrations WHERE name = $1', [later]);
    expect(await migrate(moved)).toEqual([later]);
    await ensureIndexes(moved, PASSPORT_MODELS);
    expect(await moveDeclaredTable(moved, domains)).toBe(2);
  });
  afterAll(() => moved.close());

  it("makes each app's id domain its record, addressed by the app id, keeping its flags and version", async () => {
    expect(await records(moved, domains).get('app-a', 'app-a')).toMatchObject({
      id: 'app-a',
      idDomainID: 'app-a',
      name: 'Game A',
      description: 'first',
      smsSignature: 'GameA',
      production: true,
      sendForReview: false,
      version: 4,
    });
    expect(await records(moved, domains).get('app-b', 'app-b')).toMatchObject({ id: 'app-b', production: false, sendForReview: true, version: 2 });
    expect(await records(moved, domains).maybe('app-a', 'app-b')).toBeUndefined();
  });

  it('drops the old table, and a second start moves nothing', async () => {
    const left = await moved.query<{ n: number }>("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name LIKE 'passport_id_domains%'");
    expect(left.rows[0].n).toBe(0);
    expect(await moveDeclaredTable(moved, domains)).toBe(0);
  });
});

describe('guild members and join requests (migration 019)', () => {
  const model = (name: string) => buildModel(passport, passport.resources.find((r) => r.name === name)!);
  const [guilds, members, requests, personas, roles] = ['guilds', 'guild-members', 'guild-requests', 'personas', 'guild-roles'].map(model);
  let moved: Db;

  beforeAll(async () => {
    moved = await openPglite();
    const later = '019_passport_guild_member_records.sql';
    await moved.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    await moved.query('INSERT INTO schema_migrations (name) VALUES ($1)', [later]);
    await migrate(moved);
    await ensureIndexes(moved, PASSPORT_MODELS);
    for (const id of ['p-lead', 'p-two', 'p-ask']) await records(moved, personas).insert('app-a', { name: id }, { id });
    await records(moved, roles).insert('app-a', { name: 'officer' }, { id: 'r-officer' });
    await records(moved, guilds).insert('app-a', { name: 'Night Watch', memberCount: 2, leaderPersonaId: 'p-lead' }, { id: 'g-1' });
    await moved.query(
      `INSERT INTO passport_guild_members (app_id, guild_id, persona_id, role_id, joined_at) VALUES
         ('app-a', 'g-1', 'p-lead', NULL, '2025-01-02T03:04:05Z'),
         ('app-a', 'g-1', 'p-two', 'r-officer', '2025-02-03T04:05:06Z')`,
    );
    await moved.query(
      "INSERT INTO passport_guild_requests (app_id, guild_id, persona_id, message, created_at) VALUES ('app-a', 'g-1', 'p-ask', 'hi', '2025-03-04T05:06:07Z')",
    );
    await moved.query('DELETE FROM schema_migrations WHERE name = $1', [later]);
    expect(await migrate(moved)).toEqual([later]);
    expect(await moveGuildMembers(moved, members, guilds)).toBe(2);
    expect(await moveDeclaredTable(moved, requests)).toBe(1);
  });
  afterAll(() => moved.close());

  it('makes each member a record under its guild, the leader marked, its role and joining time kept', async () => {
    const found = await records(moved, members).find('app-a', { where: { parentId: 'g-1' }, orderBy: 'joinedAt' });
    expect(found).toEqual([
      expect.objectContaining({ guildId: 'g-1', personaId: 'p-lead', isLeader: true, joinedAt: '2025-01-02T03:04:05.000Z' }),
      expect.objectContaining({ guildId: 'g-1', personaId: 'p-two', roleId: 'r-officer', isLeader: false, joinedAt: '2025-02-03T04:05:06.000Z' }),
    ]);
    expect(found[0]).not.toHaveProperty('roleId');
  });

  it('makes each waiting request a waiting record under its guild, asked when it was asked', async () => {
    expect(await records(moved, requests).find('app-a', { where: { parentId: 'g-1' } })).toEqual([
      expect.objectContaining({ guildId: 'g-1', personaId: 'p-ask', message: 'hi', status: 'waiting', createdAt: '2025-03-04T05:06:07.000Z' }),
    ]);
  });

  it('drops the old tables, and a second start moves nothing', async () => {
    const left = await moved.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name LIKE 'passport_guild_members%' OR table_name LIKE 'passport_guild_requests%'",
    );
    expect(left.rows[0].n).toBe(0);
    expect([await moveGuildMembers(moved, members, guilds), await moveDeclaredTable(moved, requests)]).toEqual([0, 0]);
  });
});
