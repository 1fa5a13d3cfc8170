/**
 * Every passport view the engine serves (`ViewDecl.rowsOf`), checked from the declarations alone: it is mounted at
 * its record's item path, answers 404 for a record not in the caller's app, and answers exactly the rows that refer
 * to the record — never those referring to another record, nor another app's rows naming the same id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import type { ResourceModel } from '../../server/engine/model';
import { records } from '../../server/engine/query';
import { startHarness, type Harness } from './harness';
import { call, unique } from './passport-identity-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const served = passport.resources.flatMap((r) => (r.views ?? []).filter((v) => v.rowsOf).map((v) => [r.name, v.path, v] as const));
const model = (name: string): ResourceModel => h.ctx.models.get(`${passport.name}/${name}`)!;

describe('views the engine serves', () => {
  it('are declared for the calls this covers', () => {
    expect(served.map(([r, path]) => `${r}${path}`).sort()).toEqual(['guilds/members', 'guilds/requests', 'personas/inventory', 'tags/personas', 'tags/users']);
  });

  it.each(served)('%s %s answers the rows referring to the record, and only those', async (resource, path, view) => {
    const m = model(resource);
    // The rows are records of the view's row resource, or (a schema row) of the resource `rowsOf` names; a row is
    // known by its key, and satisfies the view's fixed conditions; a sub-resource's row is stored under its parent.
    const { field, contains, where = {} } = view.rowsOf!;
    const rows = model(view.rowsOf!.resource ?? (view.row as string));
    const key = (view.rowKey ?? 'id') as string; // each of these views keys its rows by one field
    const { status, ...fixed } = where as Record<string, unknown>;
    const add = async (scope: string, to: string) => {
      const data = { ...fixed, [field]: contains ? [to, unique('other')] : to, ...(key === 'id' ? {} : { [key]: unique('k') }) };
      const row = await records(h.db, rows).insert(scope, data, { status: status as string | undefined, parentId: rows.res.parent ? to : undefined });
      return String(row[key]);
    };
    const [record, other] = [await records(h.db, m).insert(h.appId, { name: unique('r') }), await records(h.db, m).insert(h.appId, { name: unique('r') })];
    const id = String(record.id);
    const mine = [await add(h.appId, id), await add(h.appId, id)];
    const notMine = [await add(h.appId, String(other.id)), await add(h.otherAppId, id)];
    const url = `${m.base}/${id}${path}`;
    expect(h.api.routes.filter((r) => r.method === 'GET' && r.url === `${m.base}/:${m.idParam}${path}`)).toHaveLength(1);

    const res = await call(h, { authorization: h.basic }, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json()[view.listKey] as Record<string, unknown>[]).map((r) => String(r[key]));
    expect(ids.sort()).toEqual([...mine].sort());
    expect(ids.filter((x) => notMine.includes(x))).toEqual([]);
    expect(res.json().total).toBe(2);

    if (view.paging.mode === 'server') {
      const page = await call(h, { authorization: h.basic }, 'GET', `${url}?count=1&start=1`);
      expect([page.json().total, page.json()[view.listKey].length]).toEqual([2, 1]);
    }
    expect((await call(h, { authorization: h.otherBasic }, 'GET', url)).statusCode).toBe(404);
    expect((await call(h, {}, 'GET', url)).statusCode).toBe(401);
  });
});
