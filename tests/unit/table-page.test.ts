import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db';
import { insertRow, lockedRow, rowOf, tablePage, updateRow } from '../../server/engine/table-page';

describe("a row of a service's own table, as answered", () => {
  it('has its columns in camelCase and its times as ISO text, without the app', () => {
    const row = { id: 'm-1', app_id: 'app-1', persona_id: 'p-1', read_at: new Date('2026-01-02T03:04:05Z'), claimed_at: null, title: 'Hi' };
    expect(rowOf(row)).toEqual({ id: 'm-1', personaId: 'p-1', readAt: '2026-01-02T03:04:05.000Z', claimedAt: null, title: 'Hi' });
  });
});

describe("a page of a service's own table", () => {
  it("reads one app's rows whose columns equal the values given (an undefined one does not filter), sorted and paged, with the count of all", async () => {
    const asked: [string, unknown[]][] = [];
    const db = {
      async query(sql: string, params: unknown[]) {
        asked.push([sql, params]);
        return { rows: sql.includes('count(*)') ? [{ n: 42 }] : [{ app_id: 'app-1', persona_id: 'p-1', created_at: '2026-01-02T03:04:05+08:00' }] };
      },
    } as unknown as Queryable;
    const page = await tablePage(db, {
      table: 'inbox_copies',
      appId: 'app-1',
      where: { persona_id: 'p-1', status: undefined, record_id: 'r-9' },
      orderBy: 'created_at DESC, id DESC',
      count: 20,
      start: 40,
    });
    expect(page).toEqual({ total: 42, rows: [{ personaId: 'p-1', createdAt: '2026-01-01T19:04:05.000Z' }] });
    const [[rowsSql, rowsParams], [countSql, countParams]] = asked;
    expect(rowsSql).toBe('SELECT * FROM inbox_copies WHERE app_id = $1 AND persona_id = $2 AND record_id = $3 ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5');
    expect(rowsParams).toEqual(['app-1', 'p-1', 'r-9', 20, 40]);
    expect(countSql).toBe('SELECT count(*)::int AS n FROM inbox_copies WHERE app_id = $1 AND persona_id = $2 AND record_id = $3');
    expect(countParams).toEqual(['app-1', 'p-1', 'r-9']);
  });
});

describe("one row of a service's own table, changed in a transaction", () => {
  const fake = (rows: Record<string, unknown>[]) => {
    const asked: [string, unknown[]][] = [];
    const db = {
      async query(sql: string, params: unknown[]) {
        asked.push([sql, params]);
        return { rows };
      },
    } as unknown as Queryable;
    return { db, asked };
  };

  it("reads one app's row whose columns equal the values given, locked; none is a 404", async () => {
    const { db, asked } = fake([{ id: 'm-1', status: 'Unread' }]);
    expect(await lockedRow(db, 'inbox_copies', 'app-1', { persona_id: 'p-1', id: 'm-1' })).toEqual({ id: 'm-1', status: 'Unread' });
    expect(asked).toEqual([['SELECT * FROM inbox_copies WHERE app_id = $1 AND persona_id = $2 AND id = $3 FOR UPDATE', ['app-1', 'p-1', 'm-1']]]);
    await expect(lockedRow(fake([]).db, 'inbox_copies', 'app-1', { id: 'm-2' })).rejects.toMatchObject({ status: 404 });
  });

  it("sets columns of one app's row by its id, its values after the app and the id, and answers the row as rowOf does", async () => {
    const { db, asked } = fake([{ id: 'r-1', app_id: 'app-1', recalled_at: new Date('2026-01-02T03:04:05Z'), recalled: 3 }]);
    const row = await updateRow(db, 'inbox_sends', 'app-1', 'r-1', 'recalled = $3, recalled_at = now()', [3]);
    expect(row).toEqual({ id: 'r-1', recalledAt: '2026-01-02T03:04:05.000Z', recalled: 3 });
    expect(asked).toEqual([['UPDATE inbox_sends SET recalled = $3, recalled_at = now() WHERE app_id = $1 AND id = $2 RETURNING *', ['app-1', 'r-1', 3]]]);
  });
});

describe("a new row of a service's own table", () => {
  it("is inserted with the app first and the columns given, and answered as rowOf does", async () => {
    const asked: [string, unknown[]][] = [];
    const db = {
      async query(sql: string, params: unknown[]) {
        asked.push([sql, params]);
        return { rows: [{ id: 'r-1', app_id: 'app-1', created_by: 'admin:a', created_at: new Date('2026-01-02T03:04:05Z') }] };
      },
    } as unknown as Queryable;
    expect(await insertRow(db, 'inbox_sends', 'app-1', { id: 'r-1', created_by: 'admin:a' })).toEqual({ id: 'r-1', createdBy: 'admin:a', createdAt: '2026-01-02T03:04:05.000Z' });
    expect(asked).toEqual([['INSERT INTO inbox_sends (app_id, id, created_by) VALUES ($1, $2, $3) RETURNING *', ['app-1', 'r-1', 'admin:a']]]);
  });
});
