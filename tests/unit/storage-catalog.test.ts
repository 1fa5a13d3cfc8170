import { describe, expect, it } from 'vitest';
import databaseSchema from '../../schemas/storage/database.json' with { type: 'json' };
import { ENGINES, INSTANCE_TYPES, passwordProblem, REGIONS, usernameProblem } from '../../resources/storage/catalog';

describe('storage catalogue', () => {
  it('offers in the schema exactly the engines, regions and instance types the catalogue describes', () => {
    expect(databaseSchema.properties.engine.enum).toEqual(ENGINES.map((e) => e.id));
    expect(databaseSchema.properties.region.enum).toEqual(REGIONS.map((r) => r.id));
    expect(databaseSchema.properties.instanceType.enum).toEqual(INSTANCE_TYPES.map((t) => t.id));
  });

  it('gives the engines the ports and image cores of spec 002 §9', () => {
    expect(Object.fromEntries(ENGINES.map((e) => [e.id, [e.port, e.imageCores]]))).toEqual({
      mongodb: [27017, '0.3'],
      mysql: [3306, '0.3'],
      redis: [6379, '0.1'],
      postgresql: [5432, '0.1'],
    });
  });

  it('refuses the reserved usernames of spec 002 §5 in any case, and takes their neighbours', () => {
    for (const name of ['mysql', 'MONGO', 'redis', 'Postgres', 'user', 'root', 'root2', 'pg_x', 'PG_Y', 'tencentdb_1']) expect(usernameProblem(name), name).toBeDefined();
    for (const name of ['users', 'mysql1', 'apg_', 'pg', 'tencentdb', 'groot', 'player']) expect(usernameProblem(name), name).toBeUndefined();
  });

  it('checks passwords by the schema and the kinds of character as spec 002 §5 says', () => {
    const pattern = new RegExp(databaseSchema.properties.password.pattern);
    const ok = (p: string) => p.length >= 8 && p.length <= 30 && pattern.test(p) && !passwordProblem(p);
    for (const p of ['Sturdy#Pass42', 'aB3(aaaa', 'Xy9)' + 'z'.repeat(26)]) expect(ok(p), p).toBe(true);
    for (const p of ['sturdy#pass42', 'STURDY#PASS42', 'Sturdy#Pass', 'Sturdy1Pass42', 'Sturdy#Pass4$', "Sturdy#Pass4'", 'aB3(aaa', 'Xy9)' + 'z'.repeat(27)]) expect(ok(p), p).toBe(false);
  });
});

describe("storage's configured servers", () => {
  it("are a region's own entry, else the one for every region, else none (embedded)", async () => {
    const { adminUrl } = await import('../../server/services/storage/servers');
    const postgresAdminUrl = (env: NodeJS.ProcessEnv, region: string) => adminUrl(env, 'postgresql', region);
    const env = { STORAGE_POSTGRESQL_URL: 'postgres://all/postgres', STORAGE_POSTGRESQL_REGION_URLS: ' ap-shanghai=postgres://sh/postgres?sslmode=disable  ap-beijing=postgres://bj/postgres ' };
    expect(postgresAdminUrl(env, 'ap-shanghai')).toBe('postgres://sh/postgres?sslmode=disable');
    expect(postgresAdminUrl(env, 'ap-beijing')).toBe('postgres://bj/postgres');
    expect(postgresAdminUrl(env, 'ap-guangzhou')).toBe('postgres://all/postgres');
    expect(postgresAdminUrl({ STORAGE_POSTGRESQL_REGION_URLS: 'ap-beijing=postgres://bj/postgres' }, 'ap-guangzhou')).toBeUndefined();
  });

  it('are read per engine: MySQL, Redis and MongoDB are offered where their server is configured', async () => {
    const { adminUrl, enginesIn, engineProblem } = await import('../../server/services/storage/servers');
    const env = { STORAGE_MYSQL_URL: 'mysql://root@all:3306', STORAGE_REDIS_REGION_URLS: 'ap-singapore=redis://sg:6379', STORAGE_MONGODB_REGION_URLS: 'ap-guangzhou=mongodb://gz:27017' };
    expect(adminUrl(env, 'mysql', 'ap-shanghai')).toBe('mysql://root@all:3306');
    expect(adminUrl(env, 'redis', 'ap-shanghai')).toBeUndefined();
    expect(adminUrl(env, 'redis', 'ap-singapore')).toBe('redis://sg:6379');
    expect(adminUrl(env, 'postgresql', 'ap-singapore')).toBeUndefined();
    expect(enginesIn(env, 'ap-shanghai')).toEqual(['postgresql', 'mysql']);
    expect(enginesIn(env, 'ap-singapore')).toEqual(['postgresql', 'mysql', 'redis']);
    expect(engineProblem(env, 'redis', 'ap-shanghai')).toBe('Redis databases are not available on this deployment: no Redis server is configured');
    expect(adminUrl(env, 'mongodb', 'ap-guangzhou')).toBe('mongodb://gz:27017');
    expect(enginesIn(env, 'ap-guangzhou')).toEqual(['postgresql', 'mysql', 'mongodb']);
    expect(engineProblem(env, 'mongodb', 'ap-singapore')).toBe('MongoDB databases are not available on this deployment: no MongoDB server is configured');
    expect(engineProblem(env, 'mysql', 'ap-guangzhou')).toBeUndefined();
  });
});
