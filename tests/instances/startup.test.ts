/**
 * Two instances started at the same moment on an empty database: migrations, index creation and the demo data run
 * under the start-up lock, so both come up and everything is there once.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfig } from '../../resources/config';
import { underStartupLock } from '../../server/db/locks';
import { DEMO_ADMIN, DEMO_FINANCE, DEMO_USER } from '../../server/demo';
import { startTwoInstances, type TwoInstances } from './two-instances';

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});

afterAll(async () => {
  await two?.close();
});

const count = async (sql: string, params: unknown[] = []) => Number((await two.a.db.query<{ n: number }>(sql, params)).rows[0].n);

describe('two instances starting together on an empty database', () => {
  it('both come up and answer', async () => {
    for (const i of [two.a, two.b]) {
      const health = await i.req({ method: 'GET', url: '/healthz' });
      expect(health.statusCode, i.name).toBe(200);
      expect(health.json(), i.name).toEqual({ status: 'ok', database: 'postgres' });
    }
  });

  it('applied every migration once', async () => {
    const files = readdirSync(new URL('../../server/db/migrations', import.meta.url)).filter((f) => /^\d{3}_.+\.sql$/.test(f));
    const applied = (await two.a.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
    expect(applied).toEqual(files.sort());
  });

  it('created the demo data once, by one of them', async () => {
    expect([two.a.seeded, two.b.seeded].filter(Boolean)).toHaveLength(1);
    for (const who of [DEMO_USER, DEMO_ADMIN, DEMO_FINANCE]) {
      expect(await count('SELECT count(*)::int AS n FROM accounts WHERE lower(email) = lower($1)', [who.email]), who.email).toBe(1);
    }
    expect(await count("SELECT count(*)::int AS n FROM organizations WHERE name = 'Demo Studio'")).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM apps WHERE project_name = 'Demo Game'")).toBe(1);
  });

  it('signs in through either with the one demo account, and each sees what the other wrote', async () => {
    const cookie = await two.login(two.a);
    const mine = await two.b.req({ method: 'GET', url: '/api/apps', headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as { Items: { AppId: string }[] }).Items.map((a) => a.AppId)).toEqual([two.appId]);
  });
});

describe('records written through either instance', () => {
  it('are read the same through both', async () => {
    const CONFIGS = `${remoteConfig.base}/configs`;
    const keys = Array.from({ length: 8 }, (_, i) => `either_${i}`);
    const headers = { authorization: two.basic, 'content-type': 'application/json' };
    for (const key of keys) {
      const res = await two.random().req({ method: 'POST', url: CONFIGS, headers, payload: JSON.stringify({ key, type: 'INT', value: '1' }) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const listed = await Promise.all(
      [two.a, two.b].map(async (i) => {
        const res = await i.req({ method: 'GET', url: `${CONFIGS}?page=1&pageSize=100`, headers: { authorization: two.basic } });
        return (res.json() as { items: { key: string }[] }).items.map((c) => c.key).filter((k) => k.startsWith('either_')).sort();
      }),
    );
    expect(listed).toEqual([keys, keys]);
  });
});

describe('the start-up lock', () => {
  it('lets one instance at a time do its start-up work, so a check and the write it decides are not interleaved', async () => {
    await two.a.db.exec('CREATE TABLE startup_probe (done_by text NOT NULL)');
    // What seeding does: look whether the work is done, take a while, do it. Both instances at once.
    const work = (by: string) => async () => {
      const done = await count('SELECT count(*)::int AS n FROM startup_probe');
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (!done) await two.a.db.query('INSERT INTO startup_probe (done_by) VALUES ($1)', [by]);
    };
    await Promise.all([underStartupLock(two.a.db, work('A')), underStartupLock(two.b.db, work('B'))]);
    expect(await count('SELECT count(*)::int AS n FROM startup_probe')).toBe(1);
  });
});
