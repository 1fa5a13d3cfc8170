import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Db } from '../../server/db';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { ALL_SCOPES, NOW, records } from '../../server/engine/query';
import { testDatabase } from './harness';
import { ensureIndexes } from '../../server/engine/indexes';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    level: { type: 'integer' },
    active: { type: 'boolean' },
    startsAt: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object', properties: { rank: { type: 'number' } } },
    state: { type: 'string', readOnly: true },
    price: { type: 'string' },
  },
};

const items: ResourceDecl = {
  name: 'items',
  label: { 'zh-CN': '物品', en: 'Items' },
  singular: { 'zh-CN': '物品', en: 'item' },
  schema,
  path: '/items',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list'],
  list: { columns: ['name'] },
  status: { field: 'state', initial: 'draft', values: { draft: { color: 'default', label: { 'zh-CN': '草稿', en: 'Draft' } }, live: { color: 'green', label: { 'zh-CN': '上线', en: 'Live' } } } },
  access: { read: ['app'], write: ['app'] },
};

const service = { name: 'querytest', base: '/querytest/v1', convention: 'rest', resources: [items] } as unknown as ServiceDecl;

let db: Db;
let m: ResourceModel;
let drop: () => Promise<void>;

const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12)).toISOString();

beforeAll(async () => {
  // A database of the file's own: the fixed ids below must not meet an earlier run's rows.
  ({ db, drop } = await testDatabase());
  m = buildModel(service, items);
  // The resource's own table, as a server's start makes it.
  await ensureIndexes(db, [m]);
  const q = records(db, m);
  await q.insertMany('app-a', [
    { id: 'i1', data: { name: 'Sword', level: 9, active: true, startsAt: day(1), tags: ['weapon', 'rare'], meta: { rank: 2.5 }, price: '2.50' } },
    { id: 'i2', data: { name: 'shield ', level: 10, active: false, startsAt: day(2), tags: ['armour'], meta: { rank: 10 }, price: '10' } },
    { id: 'i3', data: { name: '50%_off', level: 100, active: true, startsAt: day(3), tags: [] }, status: 'live' },
    { id: 'i4', data: { name: 'Potion', level: 1 } },
  ]);
  await q.insert('app-b', { name: 'Sword', level: 9 }, { id: 'b1' });
});

afterAll(async () => {
  await drop?.();
});

const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id);

describe('the records query API', () => {
  it('stays inside the scope asked for', async () => {
    const q = records(db, m);
    expect(ids(await q.find('app-a', { where: { name: 'Sword' } }))).toEqual(['i1']);
    expect(ids(await q.find('app-b', { where: { name: 'Sword' } }))).toEqual(['b1']);
    expect(await q.count(ALL_SCOPES, { name: 'Sword' })).toBe(2);
    expect(await q.maybe('app-b', 'i1')).toBeUndefined();
    await expect(q.get('app-b', 'i1', { message: 'failed to find item' })).rejects.toMatchObject({ status: 404, message: 'failed to find item' });
  });

  it('compares numbers as numbers, times as times and booleans as booleans', async () => {
    const q = records(db, m);
    // As text '10' < '9'; as numbers 9 < 10 < 100.
    expect(ids(await q.find('app-a', { where: { level: { $gte: 9 } }, orderBy: 'level' }))).toEqual(['i1', 'i2', 'i3']);
    expect(ids(await q.find('app-a', { where: { level: { $gt: 9, $lt: 100 } } }))).toEqual(['i2']);
    expect(ids(await q.find('app-a', { where: { startsAt: { $lt: new Date(Date.UTC(2026, 0, 2, 13)) } }, orderBy: '-startsAt' }))).toEqual(['i2', 'i1']);
    expect(ids(await q.find('app-a', { where: { startsAt: { $lte: NOW } }, orderBy: 'startsAt' }))).toEqual(['i1', 'i2', 'i3']);
    expect(ids(await q.find('app-a', { where: { active: false } }))).toEqual(['i2']);
    expect(ids(await q.find('app-a', { where: { 'meta.rank': { $gt: 3 } } }))).toEqual(['i2']);
  });

  it('matches sets, absence, containment, text and names as people read them', async () => {
    const q = records(db, m);
    expect(ids(await q.find('app-a', { where: { id: { $in: ['i4', 'i2', 'nope'] } }, orderBy: 'id' }))).toEqual(['i2', 'i4']);
    expect(ids(await q.find('app-a', { where: { id: { $in: [] } } }))).toEqual([]);
    expect(ids(await q.find('app-a', { where: { startsAt: { $exists: false } } }))).toEqual(['i4']);
    expect(ids(await q.find('app-a', { where: { active: null } }))).toEqual(['i4']);
    expect(ids(await q.find('app-a', { where: { active: { $ne: true } }, orderBy: 'id' }))).toEqual(['i2', 'i4']);
    expect(ids(await q.find('app-a', { where: { tags: { $contains: ['rare'] } } }))).toEqual(['i1']);
    expect(ids(await q.find('app-a', { where: { name: { $search: '%_' } } }))).toEqual(['i3']);
    expect(ids(await q.find('app-a', { where: { name: { $same: ' SHIELD' } } }))).toEqual(['i2']);
    expect(ids(await q.find('app-a', { where: { $or: [{ level: 1 }, { state: 'live' }] }, orderBy: 'id' }))).toEqual(['i3', 'i4']);
    expect(ids(await q.find('app-a', { where: { $not: { level: { $lt: 50 } } } }))).toEqual(['i3']);
  });

  it('sorts, pages and counts', async () => {
    const q = records(db, m);
    const page = await q.page('app-a', { orderBy: '-level', limit: 2, offset: 1 });
    expect(page.total).toBe(4);
    expect(ids(page.items)).toEqual(['i2', 'i1']);
    expect(await q.count('app-a', { level: { $lt: 10 } })).toBe(2);
    expect(await q.exists('app-a', { name: 'Potion' })).toBe(true);
  });

  it('groups, counts and sums', async () => {
    const rows = await records(db, m).aggregate('app-a', {
      groupBy: { active: 'active' },
      measures: { n: ['count'], levels: ['sum', 'level'], top: ['max', 'level'] },
      orderBy: ['-n'],
    });
    expect(rows).toEqual([
      { active: true, n: 2, levels: '109', top: '100' },
      { active: false, n: 1, levels: '10', top: '10' },
      { active: null, n: 1, levels: '1', top: '1' },
    ]);
    // Sums come back as text but order as numbers: 109 before 10 before 1 (as text, '10' < '109').
    const bySum = await records(db, m).aggregate('app-a', { groupBy: { active: 'active' }, measures: { levels: ['sum', 'level'] }, orderBy: ['levels'] });
    expect(bySum.map((r) => r.levels)).toEqual(['1', '10', '109']);
    const days = await records(db, m).aggregate('app-a', { where: { startsAt: { $exists: true } }, groupBy: { day: { field: 'startsAt', day: 'Asia/Shanghai' } }, measures: { n: ['count'] }, orderBy: ['day'] });
    expect(days).toEqual([{ day: '2026-01-01', n: 1 }, { day: '2026-01-02', n: 1 }, { day: '2026-01-03', n: 1 }]);
  });

  it('sums amounts kept as decimal strings as numbers', async () => {
    // As text '2.50' and '10' have no sum; as numbers they add up to 12.50.
    expect(await records(db, m).aggregate('app-a', { measures: { total: ['sum', 'price'], n: ['count'] } })).toEqual([{ total: '12.50', n: 4 }]);
  });

  it('back-dates a record when asked', async () => {
    const q = records(db, m);
    const [hit] = await q.update('app-b', { id: 'b1' }, { set: { name: 'Old sword' }, backdate: new Date(Date.UTC(2020, 0, 1)) });
    expect([hit.record.name, hit.record.version]).toEqual(['Old sword', 2]);
    expect(ids(await q.find('app-b', { where: { createdAt: { $lt: new Date(Date.UTC(2021, 0, 1)) } } }))).toEqual(['b1']);
    expect(ids(await q.find('app-b', { where: { updatedAt: { $lt: new Date(Date.UTC(2021, 0, 1)) } } }))).toEqual(['b1']);
  });

  it('changes records in place, keeping versions and the state they had', async () => {
    const q = records(db, m);
    const changed = await q.update('app-a', { id: { $in: ['i1', 'i4'] } }, { status: 'live', set: { note: 'x' }, add: { level: 5 }, unset: ['tags'] });
    expect(changed.map((c) => [c.record.id, c.before, c.record.state, c.record.level, c.record.version, c.record.tags, c.record.note]).sort()).toEqual([
      ['i1', 'draft', 'live', 14, 2, undefined, 'x'],
      ['i4', 'draft', 'live', 6, 2, undefined, 'x'],
    ]);
    expect((await q.get('app-a', 'i1')).name).toBe('Sword');
    expect(await q.update('app-b', { id: 'i1' }, { status: 'draft' })).toEqual([]);
    await expect(q.updateOne('app-a', 'i1', { status: 'draft' }, { version: 1 })).rejects.toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
    await expect(q.updateOne('app-a', 'i1', { status: 'draft' }, { from: ['draft'] })).rejects.toMatchObject({ status: 409, code: 'INVALID_TRANSITION' });
    await expect(q.updateOne('app-a', 'nope', { status: 'draft' })).rejects.toMatchObject({ status: 404 });
    expect((await q.updateOne('app-a', 'i1', { data: { name: 'Blade' } }, { version: 2, from: ['live'] })).name).toBe('Blade');
  });

  it('locks rows inside a transaction and leaves duplicates out when asked', async () => {
    await db.transaction(async (tx) => {
      const q = records(tx, m);
      expect(ids(await q.find('app-a', { where: { name: 'Potion' }, lock: 'update' }))).toEqual(['i4']);
      const stored = await q.insertMany('app-a', [{ id: 'i4', data: { name: 'again' } }, { id: 'i5', data: { name: 'Elixir' } }], { skipConflicts: true });
      expect(ids(stored)).toEqual(['i5']);
    });
    const removed = await records(db, m).remove('app-a', { name: 'Elixir' });
    expect(ids(removed)).toEqual(['i5']);
    expect(await records(db, m).maybe('app-a', 'i5')).toBeUndefined();
  });

  it('keeps the version and time a record brought from elsewhere had', async () => {
    const at = new Date(Date.UTC(2025, 4, 6, 7, 8, 9));
    const [kept, fresh] = await records(db, m).insertMany('app-c', [{ id: 'c1', data: { name: 'Old' }, version: 7, at }, { id: 'c2', data: { name: 'New' } }]);
    expect(kept).toMatchObject({ id: 'c1', version: 7, createdAt: at.toISOString(), updatedAt: at.toISOString() });
    expect(fresh).toMatchObject({ id: 'c2', version: 1 });
    expect(Date.parse(String(fresh.createdAt))).toBeGreaterThan(at.getTime());
  });

  it('refuses names that are not fields', async () => {
    await expect(records(db, m).find('app-a', { where: { "name') OR true --": 'x' } })).rejects.toThrow(/bad field/);
  });
});
