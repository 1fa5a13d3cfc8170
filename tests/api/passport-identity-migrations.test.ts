/**
 * The saved login providers move from their own table (set aside by migration 017) into declared records at
 * start-up: each saved provider becomes one record of its app with its version and settings, the secret a
 * write-only value (read back only through the store) with its masked form, and the old table is gone. The id
 * domains move the same way from theirs (set aside by migration 018), each the record of its app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { buildModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { RecordStore } from '../../server/engine/store';
import { moveIdDomains, moveSavedProviders } from '../../server/services/passport/identity/record-moves';

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
    expect(await moveIdDomains(moved, domains)).toBe(2);
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
    expect(await moveIdDomains(moved, domains)).toBe(0);
  });
});
