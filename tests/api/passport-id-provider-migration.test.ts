/**
 * The saved login providers move from their own table (set aside by migration 017) into declared records at
 * start-up: each saved provider becomes one record of its app with its version and settings, the secret a
 * write-only value (read back only through the store) with its masked form, and the old table is gone.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { buildModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { RecordStore } from '../../server/engine/store';
import { moveSavedProviders } from '../../server/services/passport/identity/id-provider-move';

const MIGRATION = '017_passport_id_provider_records.sql';
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
  expect(await moveSavedProviders(db, m)).toBe(3);
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
  expect(await moveSavedProviders(db, m)).toBe(0);
  expect(await records(db, m).count('app-a')).toBe(2);
});
