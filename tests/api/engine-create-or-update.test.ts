import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import type { Db } from '../../server/db';
import { createOrUpdate } from '../../server/engine/create-or-update';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { RecordStore } from '../../server/engine/store';
import { testDatabase } from './harness';
import { ensureIndexes } from '../../server/engine/indexes';

const events: ResourceDecl = {
  name: 'events',
  label: { 'zh-CN': '活动', en: 'Events' },
  singular: { 'zh-CN': '活动', en: 'event' },
  schema: {
    type: 'object',
    properties: { name: { type: 'string' }, slug: { type: 'string' }, state: { type: 'string', readOnly: true }, score: { type: 'integer', readOnly: true } },
  },
  path: '/events',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list'],
  list: { columns: ['name'] },
  unique: ['slug'],
  addressBy: 'slug',
  status: { field: 'state', initial: 'draft', values: { draft: { color: 'default', label: { 'zh-CN': '草稿', en: 'Draft' } } } },
  access: { read: ['app'], write: ['app'] },
};

const service = { name: 'upserttest', base: '/upserttest/v1', convention: 'rest', resources: [events] } as unknown as ServiceDecl;

let db: Db;
let ctx: Ctx;
let m: ResourceModel;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await testDatabase());
  m = buildModel(service, events);
  // The resource's own table, as a server's start makes it.
  await ensureIndexes(db, [m]);
  ctx = { db, store: new RecordStore(db) } as unknown as Ctx;
});

afterAll(async () => {
  await drop?.();
});

describe('a create-or-update write', () => {
  it('creates a record in the initial state when the body names none, by id or by its address field', async () => {
    const { before, after } = await createOrUpdate(ctx, m, 'app-a', { name: 'Spring', slug: 'spring' });
    expect(before).toBeUndefined();
    expect(after).toMatchObject({ name: 'Spring', slug: 'spring', state: 'draft', version: 1 });
  });

  it("updates the record whose address field has the body's value, keeping its server-managed fields", async () => {
    const made = (await createOrUpdate(ctx, m, 'app-a', { name: 'Summer', slug: 'summer' })).after;
    await ctx.store.update(m, 'app-a', String(made.id), { data: { name: 'Summer', slug: 'summer', score: 7 }, version: 1 });
    const { before, after } = await createOrUpdate(ctx, m, 'app-a', { name: 'Summer 2', slug: 'summer' });
    expect(before).toMatchObject({ id: made.id, name: 'Summer', score: 7 });
    expect(after).toMatchObject({ id: made.id, name: 'Summer 2', slug: 'summer', score: 7, state: 'draft', version: 3 });
    // Another app's record of the same address is its own.
    expect((await createOrUpdate(ctx, m, 'app-b', { name: 'Summer', slug: 'summer' })).before).toBeUndefined();
  });

  it('updates the record the id names (404 for none), checking the version given', async () => {
    const made = (await createOrUpdate(ctx, m, 'app-a', { name: 'Autumn', slug: 'autumn' })).after;
    const renamed = await createOrUpdate(ctx, m, 'app-a', { id: made.id, name: 'Fall', slug: 'fall', version: 1 });
    expect(renamed.after).toMatchObject({ id: made.id, name: 'Fall', slug: 'fall', version: 2 });
    await expect(createOrUpdate(ctx, m, 'app-a', { id: made.id, name: 'Late', slug: 'fall', version: 1 })).rejects.toMatchObject({ status: 409 });
    await expect(createOrUpdate(ctx, m, 'app-a', { id: 'no-such-event', name: 'X', slug: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});
