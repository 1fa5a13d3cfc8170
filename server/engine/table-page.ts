import type { Queryable } from '../db';
import { notFound } from './errors';
import type { Data } from './store';

/**
 * Pages of a service's own tables (rows that are not records: a sending log, the copies of a message), for the
 * service's list calls: one app's rows, filtered by equal columns, sorted and counted, each row answered in the
 * API's shape. Table and column names are the service's code, never a caller's input.
 */

/** A row of a service's own table as answered: its columns in camelCase, `*_at` times as ISO text, the app left out. */
export function rowOf(row: Record<string, unknown>): Data {
  const camel = (column: string) => column.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  const value = (column: string, v: unknown) => (column.endsWith('_at') && v != null ? new Date(v as string).toISOString() : v);
  return Object.fromEntries(Object.entries(row).flatMap(([k, v]) => (k === 'app_id' ? [] : [[camel(k), value(k, v)]])));
}

export interface TablePageQuery {
  table: string;
  /** What to read (default every column), e.g. `id::text AS id, phone_masked AS phone`. */
  columns?: string;
  appId: string;
  /** Columns and the values they must equal; one whose value is undefined (or empty) does not filter. */
  where?: Record<string, string | undefined>;
  orderBy: string;
  count: number;
  start: number;
}

/** A page of one app's rows of a service's table, and how many rows match in all; each row as `rowOf` answers it. */
export async function tablePage(db: Queryable, q: TablePageQuery): Promise<{ total: number; rows: Data[] }> {
  const params: unknown[] = [q.appId];
  const matches = Object.entries(q.where ?? {}).flatMap(([column, value]) => (value ? [` AND ${column} = $${params.push(value)}`] : []));
  const condition = `app_id = $1${matches.join('')}`;
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const [rows, total] = await Promise.all([
    db.query<Record<string, unknown>>(`SELECT ${q.columns ?? '*'} FROM ${q.table} WHERE ${condition} ORDER BY ${q.orderBy} ${limit}`, [...params, q.count, q.start]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${q.table} WHERE ${condition}`, params),
  ]);
  return { total: Number(total.rows[0].n), rows: rows.rows.map(rowOf) };
}

/** One app's row of a service's table whose columns equal `where`, locked for the caller's transaction; 404 without one. */
export async function lockedRow(tx: Queryable, table: string, appId: string, where: Record<string, string>): Promise<Data> {
  const matches = Object.keys(where).map((column, i) => ` AND ${column} = $${i + 2}`);
  const res = await tx.query<Data>(`SELECT * FROM ${table} WHERE app_id = $1${matches.join('')} FOR UPDATE`, [appId, ...Object.values(where)]);
  if (!res.rows[0]) throw notFound();
  return res.rows[0];
}

/** Sets columns of one app's row of a service's table (`set`: SQL assignments, `$3`… the `values`); answers it as `rowOf` does. */
export async function updateRow(tx: Queryable, table: string, appId: string, id: string, set: string, values: unknown[] = []): Promise<Data> {
  const res = await tx.query<Record<string, unknown>>(`UPDATE ${table} SET ${set} WHERE app_id = $1 AND id = $2 RETURNING *`, [appId, id, ...values]);
  return rowOf(res.rows[0]);
}

/** Inserts one app's row into a service's table (`values`: its columns and their values); answers it as `rowOf` does. */
export async function insertRow(tx: Queryable, table: string, appId: string, values: Record<string, unknown>): Promise<Data> {
  const columns = ['app_id', ...Object.keys(values)];
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  const res = await tx.query<Record<string, unknown>>(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders}) RETURNING *`, [appId, ...Object.values(values)]);
  return rowOf(res.rows[0]);
}
