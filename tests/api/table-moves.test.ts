/**
 * A resource's records that were rows of a service's own table (`movedFrom`): the engine moves the rows a migration
 * set aside into records once at start-up, from the declaration alone, and refuses a declaration that names what the
 * resource does not have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MovedTableDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureIndexes } from '../../server/engine/indexes';
import { buildModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { moveDeclaredTable } from '../../server/engine/table-moves';

const label = { 'zh-CN': 'x', en: 'X' };
const move: MovedTableDecl = { table: 'arena_notes_moving', parent: 'board_id', status: 'kept', fields: { boardId: 'board_id', text: 'body' }, version: 'rev', at: 'written_at' };
const resource = (more: Partial<ResourceDecl>): ResourceDecl => ({
  name: 'notes',
  label,
  singular: label,
  schema: { type: 'object', properties: { boardId: { type: 'string' }, text: { type: 'string' }, state: { type: 'string', readOnly: true } } },
  path: '/notes',
  idField: 'id',
  titleField: 'text',
  scope: 'app',
  operations: ['list'],
  list: { columns: [] },
  access: { read: ['app'], write: ['app'] },
  parent: { resource: 'boards', param: 'boardId', onDelete: 'cascade' },
  status: { field: 'state', initial: 'fresh', values: { fresh: { color: 'blue', label }, kept: { color: 'green', label } } },
  movedFrom: move,
  ...more,
});
const boards: ResourceDecl = { ...resource({}), name: 'boards', path: '/boards', parent: undefined, status: undefined, movedFrom: undefined };
const modelOf = (res: ResourceDecl) => {
  const service = { name: 'arena', base: '/arena/v1', convention: 'passport', resources: [boards, res] } as unknown as ServiceDecl;
  return buildModel(service, res);
};

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await db.exec('CREATE TABLE arena_notes_moving (app_id text, board_id text, body text, rev int, written_at timestamptz)');
  await db.query(
    `INSERT INTO arena_notes_moving VALUES ('app-a', 'b-1', 'first', 3, '2025-01-02T03:04:05Z'), ('app-a', 'b-1', 'second', 1, '2025-02-03T04:05:06Z'),
       ('app-b', 'b-9', 'elsewhere', 2, '2025-03-04T05:06:07Z')`,
  );
});
afterAll(() => db.close());

describe("a resource's moved table", () => {
  it("moves each row into a record of its app, under its parent, in the declared state, keeping its version and time", async () => {
    const m = modelOf(resource({}));
    // At start-up as the server does: the resource's own table first, then the move into it.
    await ensureIndexes(db, [m]);
    expect(await moveDeclaredTable(db, m)).toBe(3);
    const a = await records(db, m).find('app-a', { where: { parentId: 'b-1' }, orderBy: 'text' });
    expect(a).toEqual([
      expect.objectContaining({ boardId: 'b-1', text: 'first', state: 'kept', version: 3, createdAt: '2025-01-02T03:04:05.000Z' }),
      expect.objectContaining({ boardId: 'b-1', text: 'second', state: 'kept', version: 1, updatedAt: '2025-02-03T04:05:06.000Z' }),
    ]);
    expect(await records(db, m).find('app-b')).toEqual([expect.objectContaining({ text: 'elsewhere', version: 2 })]);
    // The table is gone: a second start moves nothing.
    expect(await moveDeclaredTable(db, m)).toBe(0);
    expect((await db.query<{ name: string | null }>("SELECT to_regclass('arena_notes_moving')::text AS name")).rows[0].name).toBeNull();
  });

  it.each<[string, Partial<ResourceDecl>, RegExp]>([
    ['a field the schema does not have', { movedFrom: { ...move, fields: { colour: 'body' } } }, /arena\/notes: movedFrom arena_notes_moving: 'colour' is not a field of the schema/],
    ['a state the resource does not have', { movedFrom: { ...move, status: 'lost' } }, /no state 'lost'/],
    ['a parent column on a resource that has none', { parent: undefined }, /a parent column, but the resource is not a sub-resource/],
  ])('refuses %s', async (_what, more, message) => {
    await expect(moveDeclaredTable(db, modelOf(resource(more)))).rejects.toThrow(message);
  });
});
