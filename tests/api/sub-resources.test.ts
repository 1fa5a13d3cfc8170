/**
 * Sub-resources and references end to end (ADR 0015), on a declaration that exists only in this test: buckets with
 * entries nested under them (`/buckets/:bucketId/entries`, deleted with their bucket), notes that keep their bucket
 * from being deleted, owners an entry may name (cleared when the owner goes) and pins that keep an entry. The engine
 * mounts it the way it mounts any service, on the harness's database and apps. The owners and the notes are kept in
 * the shared table (`sharedTable`), the others in tables of their own, so every rule below also holds between the
 * shared table and own ones.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDecl } from '../../resources/types';
import { passport } from '../../resources/passport';
import { bulkCommand } from '../../resources/command-call';
import { collectionPath } from '../../resources/relations';
import { compileSchema } from '../../server/engine/ajv';
import { Api } from '../../server/engine/api';
import { ApiError } from '../../server/engine/errors';
import { ensureIndexes, indexStatements } from '../../server/engine/indexes';
import { buildModel, type ResourceModel } from '../../server/engine/model';
import { tableOf } from '../../server/engine/sql';
import { buildOpenApi } from '../../server/engine/openapi';
import { mountResource } from '../../server/engine/routes';
import { BATCH_DELETE, withBulkDeletes } from './contract-deletes';
import { startHarness, type Harness } from './harness';

const text = { type: 'string', minLength: 1, maxLength: 50 };
const schema = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', additionalProperties: false, required, properties });
const decl = (name: string, path: string, props: Record<string, unknown>, extra: Partial<ResourceDecl> = {}): ResourceDecl => ({
  name,
  label: { 'zh-CN': name, en: name },
  singular: { 'zh-CN': name, en: name },
  schema: schema({ name: text, ...props }, ['name']),
  path,
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete', 'bulkDelete'],
  bulkDeleteParam: 'ids',
  list: { columns: ['name'], sorters: ['name'] },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  ...extra,
});

// Passport's name, so the apps that have passport enabled may call it; kinds of their own, so nothing else is touched.
// A bulk delete command on every resource something refers to or nests under (the entries among them).
const [service] = withBulkDeletes([{
  ...passport,
  base: '/nested-test/v1',
  convention: 'rest',
  resources: [
    decl('test-buckets', '/buckets', {}),
    decl('test-owners', '/owners', {}, { sharedTable: true }),
    decl('test-entries', '/entries', { bucketId: { type: 'string', readOnly: true }, ownerId: text, status: { type: 'string', enum: ['open', 'closed'], readOnly: true } }, {
      parent: { resource: 'test-buckets', param: 'bucketId', field: 'bucketId', onDelete: 'cascade' },
      references: [{ field: 'ownerId', resource: 'test-owners', onDelete: 'set-null' }],
      status: { field: 'status', initial: 'open', values: { open: { color: 'green', label: { 'zh-CN': '开', en: 'Open' } }, closed: { color: 'default', label: { 'zh-CN': '关', en: 'Closed' } } } },
      actions: [{ name: 'close', label: { 'zh-CN': '关闭', en: 'Close' }, from: ['open'], to: 'closed' }],
      commands: [bulkCommand('batchClose', { 'zh-CN': '批量关闭', en: 'Close selected' }, { apply: 'close' })],
    }),
    decl('test-notes', '/notes', {}, { sharedTable: true, parent: { resource: 'test-buckets', param: 'bucketId', onDelete: 'restrict' } }),
    decl('test-pins', '/pins', { entryId: text }, { references: [{ field: 'entryId', resource: 'test-entries', onDelete: 'restrict' }] }),
  ],
}]);
const models = service.resources.map((r) => buildModel(service, r));
const [buckets, owners, entries, notes, pins] = models;

let h: Harness;
let app: FastifyInstance;
let api: Api;

beforeAll(async () => {
  h = await startHarness();
  const ctx = { ...h.ctx, models: new Map([...h.ctx.models, ...models.map((m) => [`${m.service.name}/${m.res.name}`, m] as const)]) };
  await ensureIndexes(h.db, models);
  app = Fastify();
  app.setValidatorCompiler(({ schema: s, httpPart }) => compileSchema(s as object, httpPart));
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const e = err instanceof ApiError ? err : new ApiError(err.validation ? 400 : 500, 'ERROR', err.message);
    reply.code(e.status).send(e.toJSON());
  });
  api = new Api(app);
  for (const m of models) mountResource(api, ctx, new Map(), m);
});
afterAll(async () => {
  await app?.close();
  await h.close();
});

type Rec = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, authorization = h.basic) =>
  app.inject({ method, url, payload: payload as object, headers: { authorization } });
const under = (m: ResourceModel, parentId: unknown) => collectionPath(service, m.res, String(parentId));
async function create(url: string, body: Rec): Promise<Rec> {
  const res = await call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const names = async (url: string, authorization?: string) => (await call('GET', `${url}?pageSize=200`, undefined, authorization)).json().items?.map((r: Rec) => r.name);
const exists = async (m: ResourceModel, id: unknown) =>
  (await h.db.query(`SELECT 1 FROM ${tableOf(m)} WHERE service = $1 AND kind = $2 AND id = $3`, [m.service.name, m.res.name, id])).rows.length === 1;
const rowsIn = async (table: string, m: ResourceModel) =>
  (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE service = $1 AND kind = $2`, [m.service.name, m.res.name])).rows[0].n;

describe('a sub-resource', () => {
  it('is mounted under its parent item path and documented there', () => {
    expect(entries.base).toBe('/nested-test/v1/buckets/:bucketId/entries');
    const paths = buildOpenApi(api.routes, 'test').paths as Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    expect(Object.keys(paths['/nested-test/v1/buckets/{bucketId}/entries']).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(paths['/nested-test/v1/buckets/{bucketId}/entries/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/nested-test/v1/buckets/{bucketId}/entries/{id}'].put.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'bucketId', in: 'path' }), expect.objectContaining({ name: 'id', in: 'path' })]),
    );
  });

  it('documents 409 on the deletes of what something refers to with restrict, directly or through a cascade', () => {
    type Op = { responses: Record<string, { description: string }> };
    const paths = buildOpenApi(api.routes, 'test').paths as Record<string, Record<string, Op>>;
    const refusable = (path: string) => Object.keys(paths[path].delete.responses).includes('409');
    // entries: pinned (restrict); buckets: noted (restrict) and their entries cascade; owners: only set-null; pins: nothing.
    expect(refusable('/nested-test/v1/buckets/{bucketId}/entries/{id}')).toBe(true);
    expect(refusable('/nested-test/v1/buckets/{bucketId}/entries')).toBe(true);
    expect(refusable('/nested-test/v1/buckets/{id}')).toBe(true);
    expect(refusable('/nested-test/v1/buckets')).toBe(true);
    expect(paths['/nested-test/v1/buckets/{id}'].delete.responses['409'].description).toContain('IN_USE');
    expect(refusable('/nested-test/v1/owners/{id}')).toBe(false);
    expect(refusable('/nested-test/v1/pins/{id}')).toBe(false);
  });

  it("lists, shows, updates and deletes only its parent's records, and answers 404 for any other parent", async () => {
    const [a, b] = [await create(buckets.base, { name: 'A' }), await create(buckets.base, { name: 'B' })];
    const one = await create(under(entries, a.id), { name: 'one' });
    expect(one.bucketId).toBe(a.id);
    await create(under(entries, b.id), { name: 'two' });
    expect(await names(under(entries, a.id))).toEqual(['one']);
    expect(await names(under(entries, b.id))).toEqual(['two']);

    const item = (parent: unknown) => `${under(entries, parent)}/${String(one.id)}`;
    expect((await call('GET', item(a.id))).json().name).toBe('one');
    expect((await call('GET', item(b.id))).statusCode).toBe(404);
    expect((await call('PUT', item(b.id), { name: 'moved', version: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', item(b.id))).statusCode).toBe(404);
    expect((await call('DELETE', `${under(entries, b.id)}?ids=${String(one.id)}`)).json()).toEqual({ deleted: 0 });
    const batch = await call('POST', `${under(entries, b.id)}${BATCH_DELETE.path}`, { ids: [String(one.id)] });
    expect(batch.json()).toEqual({ total: 1, done: 0, failed: [{ id: one.id, code: 'NOT_FOUND', message: 'not found' }] });
    expect((await call('POST', `${under(entries, 'no-such-bucket')}${BATCH_DELETE.path}`, { ids: [String(one.id)] })).statusCode).toBe(404);
    const close = await call('POST', `${under(entries, b.id)}/batch-close`, { ids: [String(one.id)] });
    expect(close.json()).toEqual({ total: 1, done: 0, failed: [{ id: one.id, code: 'NOT_FOUND', message: 'not found' }] });
    expect((await call('GET', item(a.id))).json().status).toBe('open');
    expect((await call('GET', `${under(entries, 'no-such-bucket')}`)).statusCode).toBe(404);
    expect((await call('POST', `${under(entries, 'no-such-bucket')}`, { name: 'lost' })).statusCode).toBe(404);

    const updated = await call('PUT', item(a.id), { name: 'one again', version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().bucketId).toBe(a.id);
    expect((await call('POST', `${under(entries, a.id)}${BATCH_DELETE.path}`, { ids: [String(one.id)] })).json()).toEqual({ total: 1, done: 1, failed: [] });
    expect(await names(under(entries, a.id))).toEqual([]);
  });

  it("keeps another organisation's app out of a parent it does not own", async () => {
    const a = await create(buckets.base, { name: 'Mine' });
    const one = await create(under(entries, a.id), { name: 'private' });
    expect((await call('GET', under(entries, a.id), undefined, h.otherBasic)).statusCode).toBe(404);
    expect((await call('POST', under(entries, a.id), { name: 'intruder' }, h.otherBasic)).statusCode).toBe(404);
    expect((await call('GET', `${under(entries, a.id)}/${String(one.id)}`, undefined, h.otherBasic)).statusCode).toBe(404);
    expect(await names(under(entries, a.id))).toEqual(['private']);
  });
});

describe('records in a table of their own', () => {
  it('are stored there, with the indexes the declaration asks for, and never in the shared table', async () => {
    const bucket = await create(buckets.base, { name: 'own-table bucket' });
    const entry = await create(under(entries, bucket.id), { name: 'kept apart' });
    await create(pins.base, { name: 'pin', entryId: String(entry.id) });
    await create(owners.base, { name: 'kept in the shared table' });
    expect(tableOf(entries)).toBe('records_passport_test_entries');
    expect(await exists(entries, entry.id)).toBe(true);
    expect(await rowsIn('records', entries)).toBe(0);
    expect(await rowsIn('records', pins)).toBe(0);
    expect(await rowsIn(tableOf(pins), pins)).toBeGreaterThan(0);
    expect(await rowsIn('records', buckets)).toBe(0);
    expect(await rowsIn('records', owners)).toBeGreaterThan(0);
    const indexes = await h.db.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE tablename = $1', [tableOf(entries)]);
    const defs = indexes.rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/UNIQUE INDEX .* \(service, kind, id\)/);
    // Only its own indexes: none of the partial indexes of the resources in the shared table.
    expect(defs).not.toMatch(/kind = 'users'/);
    expect(defs).toMatch(/parent_id, created_at, id\) WHERE/);
    expect(defs).toMatch(/ON public\.records_passport_test_entries USING btree \(scope_id, parent_id, \(\(data ->> 'name'::text\)\), id\)/);
  });

  it('take over, at start-up, the records and indexes kept in the shared table before the declaration asked for a table of its own', async () => {
    // What the shared table held while the pins were kept there: their indexes, and a record.
    const shared = buildModel(service, { ...pins.res, sharedTable: true });
    for (const sql of indexStatements(shared)) await h.db.query(sql);
    const pinIndexes = async () =>
      (await h.db.query("SELECT 1 FROM pg_indexes WHERE tablename = 'records' AND indexdef LIKE '%kind = ''test-pins''%'")).rows.length;
    expect(await pinIndexes()).toBeGreaterThan(0);
    await h.db.query(
      `INSERT INTO records (service, kind, id, scope_id, data, version) VALUES ($1, $2, 'pin-from-before', $3, '{"name":"old pin","entryId":"gone"}', 4)`,
      [pins.service.name, pins.res.name, h.appId],
    );
    await ensureIndexes(h.db, models);
    expect(await rowsIn('records', pins)).toBe(0);
    expect(await pinIndexes()).toBe(0);
    expect((await call('GET', `${pins.base}/pin-from-before`)).json()).toMatchObject({ name: 'old pin', version: 4 });
  });
});

describe('deleting a referenced record', () => {
  it("deletes a parent's records with it (cascade), each in the operation history, also in a bulk delete", async () => {
    const [a, b] = [await create(buckets.base, { name: 'C1' }), await create(buckets.base, { name: 'C2' })];
    const [x, y] = [await create(under(entries, a.id), { name: 'x' }), await create(under(entries, b.id), { name: 'y' })];
    const res = await call('DELETE', `${buckets.base}?ids=${String(a.id)}&ids=${String(b.id)}`);
    expect(res.json()).toEqual({ deleted: 2 });
    expect([await exists(entries, x.id), await exists(entries, y.id)]).toEqual([false, false]);
    const history = await h.db.query('SELECT 1 FROM audit_log WHERE action = $1 AND target = ANY($2::text[])', ['passport.test-entries.delete', [x.id, y.id]]);
    expect(history.rows).toHaveLength(2);
  });

  it('refuses to delete a parent whose records must be removed first (restrict), naming them', async () => {
    const a = await create(buckets.base, { name: 'Kept' });
    const note = await create(under(notes, a.id), { name: 'remember me' });
    const entry = await create(under(entries, a.id), { name: 'e' });
    const res = await call('DELETE', `${buckets.base}/${String(a.id)}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', details: [{ field: `/test-notes/${String(note.id)}`, message: 'remember me' }] });
    expect([await exists(buckets, a.id), await exists(notes, note.id), await exists(entries, entry.id)]).toEqual([true, true, true]);
    expect((await call('DELETE', `${under(notes, a.id)}/${String(note.id)}`)).statusCode).toBe(204);
    expect((await call('DELETE', `${buckets.base}/${String(a.id)}`)).statusCode).toBe(204);
    expect(await exists(entries, entry.id)).toBe(false);
  });

  it('rolls the whole delete back when a record the cascade reaches is still used', async () => {
    const a = await create(buckets.base, { name: 'Deep' });
    const entry = await create(under(entries, a.id), { name: 'pinned' });
    const pin = await create(pins.base, { name: 'pin', entryId: entry.id });
    const res = await call('DELETE', `${buckets.base}/${String(a.id)}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'IN_USE']);
    expect([await exists(buckets, a.id), await exists(entries, entry.id), await exists(pins, pin.id)]).toEqual([true, true, true]);
    const history = await h.db.query('SELECT 1 FROM audit_log WHERE target = ANY($1::text[]) AND action LIKE $2', [[a.id, entry.id], '%.delete']);
    expect(history.rows).toHaveLength(0);
  });

  it('clears the field of the records that name it (set-null), as a new version in the operation history', async () => {
    const a = await create(buckets.base, { name: 'Owned' });
    const owner = await create(owners.base, { name: 'Someone' });
    const entry = await create(under(entries, a.id), { name: 'theirs', ownerId: owner.id });
    expect((await call('DELETE', `${owners.base}/${String(owner.id)}`)).statusCode).toBe(204);
    const after = (await call('GET', `${under(entries, a.id)}/${String(entry.id)}`)).json();
    expect(after).not.toHaveProperty('ownerId');
    expect(after.version).toBe(2);
    const history = await h.db.query<{ before: Rec }>('SELECT before FROM audit_log WHERE action = $1 AND target = $2', ['passport.test-entries.update', entry.id]);
    expect(history.rows.map((r) => r.before.ownerId)).toEqual([owner.id]);
  });
});

describe('start-up checks', () => {
  const bad = (change: Partial<ResourceDecl>) => () => buildModel(service, { ...service.resources[2], ...change });
  it('refuse a reference or parent that names no resource or no field', () => {
    expect(bad({ references: [{ field: 'ownerId', resource: 'nothing', onDelete: 'restrict' }] })).toThrow(/not a resource/);
    expect(bad({ references: [{ field: 'missing', resource: 'test-owners', onDelete: 'restrict' }] })).toThrow(/not a string property/);
    expect(bad({ references: [{ field: 'name', resource: 'test-owners', onDelete: 'set-null' }] })).toThrow(/required/);
    expect(bad({ references: [{ field: 'ownerId', resource: 'test-owners', by: 'name', onDelete: 'restrict' }] })).toThrow(/not unique/);
    expect(bad({ parent: { resource: 'nothing', param: 'bucketId', onDelete: 'cascade' } })).toThrow(/not a resource/);
    expect(bad({ parent: { resource: 'test-buckets', param: 'id', onDelete: 'cascade' } })).toThrow(/param/);
    expect(bad({ parent: { resource: 'test-buckets', param: 'bucketId', field: 'ownerId', onDelete: 'cascade' } })).toThrow(/readOnly/);
    expect(bad({})).not.toThrow();
  });
});
