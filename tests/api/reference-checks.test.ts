/**
 * Declared references checked on write (ADR 0015): a create, update, part or import row naming a record that does not
 * exist in the caller's app is a 400 at the value's path, the same for any service. Declared here only: shelves,
 * and books that name a shelf by id, shelves by code (kept when the shelf goes) and shelves as the keys of their spots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { importCommand } from '../../resources/command-call';
import { defineResource } from '../../resources/define';
import type { ServiceDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import { createApp } from '../../server/platform/accounts';
import { referenceErrors } from '../../server/engine/reference-checks';
import { basicOf, startHarness, type Harness } from './harness';

const text = { type: 'string', minLength: 1, maxLength: 64 };
const shelfSchema = { type: 'object', additionalProperties: false, required: ['name', 'code'], properties: { name: text, code: text } };
const bookSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: text,
    shelfId: text,
    shelfCodes: { type: 'array', maxItems: 5, items: text },
    spots: { type: 'array', maxItems: 5, items: { type: 'object', properties: { shelves: { type: 'object', additionalProperties: { type: 'integer' } } } } },
  },
};

const library: ServiceDecl = {
  name: 'trial-library',
  base: '/utrial-library/v1',
  convention: 'rest',
  catalogue: {
    icon: 'BookOutlined',
    displayName: { 'zh-CN': '试用', en: 'Trial' },
    label: { 'zh-CN': '试用', en: 'Trial' },
    description: { 'zh-CN': '仅用于测试的服务。', en: 'A service for this test only.' },
    mainService: false,
  },
  resources: [
    defineResource({ name: 'shelves', label: { 'zh-CN': '书架', en: 'Shelves' }, schema: shelfSchema, service: 'trial-library', unique: ['code'] }),
    defineResource({
      name: 'books',
      label: { 'zh-CN': '书', en: 'Books' },
      schema: bookSchema,
      service: 'trial-library',
      references: [
        { field: 'shelfId', resource: 'shelves', onDelete: 'restrict' },
        { field: 'shelfCodes[]', resource: 'shelves', by: 'code', onDelete: 'keep', message: 'no such tag' },
        { field: 'spots[].shelves{}', resource: 'shelves', onDelete: 'keep' },
      ],
      parts: [{ path: '/spots', field: 'spots', label: { 'zh-CN': '位置', en: 'Spots' } }],
      commands: [importCommand({ 'zh-CN': '导入', en: 'Import' })],
    }),
  ],
};

const SHELVES = `${library.base}/shelves`;
const BOOKS = `${library.base}/books`;
const NONE = '00000000-0000-4000-8000-000000000000';

let h: Harness;
let appId: string;
let basic: string;
let otherBasic: string;

beforeAll(async () => {
  h = await startHarness({ services: [...services, library] });
  const org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0].org_id;
  const secretOf = async (appId: string) =>
    (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
  const [one, two] = [await createApp(h.db, org, 'Library One', ['trial-library']), await createApp(h.db, org, 'Library Two', ['trial-library'])];
  appId = one;
  basic = basicOf(one, await secretOf(one));
  otherBasic = basicOf(two, await secretOf(two));
});
afterAll(() => h.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, authorization = basic) =>
  h.req({ method, url, headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, payload: payload === undefined ? undefined : JSON.stringify(payload) });

async function shelf(code: string, authorization = basic): Promise<{ id: string; code: string }> {
  const res = await call('POST', SHELVES, { name: `Shelf ${code}`, code }, authorization);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('a create', () => {
  it('names a record that does not exist: 400 at the field, with the default message', async () => {
    const res = await call('POST', BOOKS, { name: 'Lost', shelfId: NONE });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PARAMETERS', details: [{ field: '/shelfId', message: 'no such record' }] });
  });

  it("names another app's record: 400, as if it did not exist", async () => {
    const theirs = await shelf('THEIRS', otherBasic);
    const res = await call('POST', BOOKS, { name: 'Borrowed', shelfId: theirs.id, shelfCodes: ['THEIRS'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: '/shelfId', message: 'no such record' },
      { field: '/shelfCodes/0', message: 'no such tag' },
    ]);
  });

  it('names missing records inside arrays and as map keys: each at its own path, the declared message or the default', async () => {
    const a = await shelf('A');
    const res = await call('POST', BOOKS, { name: 'Scattered', shelfId: a.id, shelfCodes: ['A', 'NOPE'], spots: [{ shelves: { [a.id]: 1 } }, { shelves: { [NONE]: 2 } }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: '/shelfCodes/1', message: 'no such tag' },
      { field: `/spots/1/shelves/${NONE}`, message: 'no such record' },
    ]);
    const good = await call('POST', BOOKS, { name: 'Placed', shelfId: a.id, shelfCodes: ['A'], spots: [{ shelves: { [a.id]: 1 } }] });
    expect(good.statusCode, good.body).toBe(201);
  });
});

describe('an update and a part', () => {
  it('check the values they bring, not those the record held already (a kept reference stays editable)', async () => {
    const b = await shelf('B');
    const c = await shelf('C');
    const made = (await call('POST', BOOKS, { name: 'Kept', shelfId: c.id, shelfCodes: ['B'] })).json();
    expect((await call('DELETE', `${SHELVES}/${b.id}`)).statusCode).toBe(204);

    const same = await call('PUT', `${BOOKS}/${made.id}`, { name: 'Kept again', shelfId: c.id, shelfCodes: ['B'], version: made.version });
    expect(same.statusCode, same.body).toBe(200);
    const added = await call('PUT', `${BOOKS}/${made.id}`, { name: 'Kept again', shelfId: NONE, shelfCodes: ['B', 'GONE'], version: same.json().version });
    expect(added.statusCode).toBe(400);
    expect(added.json().details).toEqual([
      { field: '/shelfId', message: 'no such record' },
      { field: '/shelfCodes/1', message: 'no such tag' },
    ]);

    const part = await call('PUT', `${BOOKS}/${made.id}/spots`, { spots: [{ shelves: { [c.id]: 3, [NONE]: 1 } }] });
    expect(part.statusCode).toBe(400);
    expect(part.json().details).toEqual([{ field: `/spots/0/shelves/${NONE}`, message: 'no such record' }]);
    expect((await call('PUT', `${BOOKS}/${made.id}/spots`, { spots: [{ shelves: { [c.id]: 3 } }] })).statusCode).toBe(200);
  });
});

describe('an import', () => {
  it('reports each row that names a missing record, and stores the others', async () => {
    const d = await shelf('D');
    const theirs = await shelf('THEIRS-2', otherBasic);
    const rows = [
      { name: 'Fine', shelfId: d.id, shelfCodes: ['D'] },
      { name: 'Nowhere', shelfId: NONE },
      { name: 'Elsewhere', shelfId: theirs.id, shelfCodes: ['D', 'THEIRS-2'] },
    ];
    const res = await call('POST', `${BOOKS}/import`, { format: 'json', content: JSON.stringify(rows) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      total: 3,
      imported: 1,
      failed: [
        { row: 2, errors: [{ field: '/shelfId', message: 'no such record' }] },
        {
          row: 3,
          errors: [
            { field: '/shelfId', message: 'no such record' },
            { field: '/shelfCodes/1', message: 'no such tag' },
          ],
        },
      ],
    });
    const names = (await call('GET', `${BOOKS}?pageSize=100`)).json().items.map((b: { name: string }) => b.name);
    expect(names).toContain('Fine');
    expect(names).not.toContain('Nowhere');
    expect(names).not.toContain('Elsewhere');
  });
});

describe('the lookup', () => {
  it('asks the database once for every reference of every row', async () => {
    const e = await shelf('E');
    const sql: string[] = [];
    const ctx = { ...h.ctx, db: { query: (text: string, params?: unknown[]) => (sql.push(text), h.ctx.db.query(text, params)) } } as unknown as Ctx;
    const books = h.ctx.models.get('trial-library/books')!;
    const writes = [
      { data: { name: 'x', shelfId: e.id, shelfCodes: ['E', 'F'], spots: [{ shelves: { [e.id]: 1 } }] } },
      { data: { name: 'y', shelfId: NONE, shelfCodes: ['E'] } },
    ];
    const errors = await referenceErrors(ctx, books, appId, writes);
    expect(errors).toEqual([[{ field: '/shelfCodes/1', message: 'no such tag' }], [{ field: '/shelfId', message: 'no such record' }]]);
    expect(sql).toHaveLength(1);
  });
});
