import type { Queryable } from '../db';
import { notFound } from './errors';
import type { ResourceModel } from './model';
import { records } from './query';
import { fieldExpr, kindPredicate, tableOf } from './sql';
import { hideWriteOnly } from './fields';

export type Data = Record<string, unknown>;

export interface Row {
  id: string;
  status: string | null;
  version: number;
  data: Data;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  /** Rows to skip; overrides the page (the passport convention pages by `start`). */
  offset?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
  filters: Record<string, unknown>;
  /** Only the records holding a value of this text field (`ListDecl.has`). */
  has?: string;
  /** A sub-resource's list sees only the records of this parent (ADR 0015). */
  parentId?: string;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** A stored record as the API answers it (write-only fields only as whether they are set). */
export function present(m: ResourceModel, row: Row): Data {
  // `Object.assign` then plain assignments: a spread followed by a computed key makes V8 build a slow dictionary
  // object, several times dearer to build and to serialise on every row of every list.
  const out: Data = Object.assign({}, hideWriteOnly(row.data, m.writeOnly));
  out[m.res.idField] = row.id;
  if (m.res.status) out[m.res.status.field] = row.status;
  out.version = row.version;
  out.createdAt = iso(row.created_at);
  out.updatedAt = iso(row.updated_at);
  return out;
}

export const COLS = 'id, status, version, data, created_at, updated_at';

/** The new data (a parameter) with the stored write-only values it leaves out carried over. */
export const withWriteOnlyKept = (m: ResourceModel, param: string) =>
  m.writeOnly.length
    ? `(SELECT COALESCE(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(data) WHERE key IN (${m.writeOnly.map((f) => `'${f}'`).join(', ')})) || ${param}::jsonb`
    : param;

/** Builds the list query's WHERE clause and parameters (scope first; every scope when none, `listEverywhere`). */
export function listWhere(m: ResourceModel, scopeId: string | undefined, q: ListQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts = [kindPredicate(m)];
  if (scopeId !== undefined) parts.push(`scope_id = $${params.push(scopeId)}`);
  if (q.parentId !== undefined) parts.push(`parent_id = $${params.push(q.parentId)}`);
  for (const [field, value] of Object.entries(q.filters)) {
    if (value === undefined) continue;
    params.push(String(value));
    const expr = fieldExpr(m, field);
    parts.push(m.fieldKind(field) === 'number' ? `${expr} = $${params.length}::numeric` : `${expr} = $${params.length}`);
  }
  if (q.has) parts.push(`${fieldExpr(m, q.has)} <> ''`);
  if (q.q && m.res.list.search?.length) {
    params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const n = params.length;
    parts.push(`(${m.res.list.search.map((f) => `${fieldExpr(m, f)} ILIKE $${n}`).join(' OR ')})`);
  }
  return { where: parts.join(' AND '), params };
}

export function listSql(m: ResourceModel, scopeId: string | undefined, q: ListQuery, cols = COLS) {
  const { where, params } = listWhere(m, scopeId, q);
  const sort = q.sort ?? m.res.list.defaultSort?.field ?? 'createdAt';
  const order = (q.order ?? (q.sort ? 'asc' : (m.res.list.defaultSort?.order ?? 'desc'))) === 'desc' ? 'DESC' : 'ASC';
  // The id breaks ties in the same direction, so the declared index serves the order both ways.
  const n = params.length;
  const page = `SELECT ${cols} FROM ${tableOf(m)} WHERE ${where} ORDER BY ${fieldExpr(m, sort)} ${order}, id ${order} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const count = `SELECT count(*)::int AS total FROM ${tableOf(m)} WHERE ${where}`;
  return { page, count, params, pageParams: [...params, q.pageSize, q.offset ?? (q.page - 1) * q.pageSize] };
}

export class RecordStore {
  constructor(private readonly db: Queryable) {}

  async list(m: ResourceModel, scopeId: string, q: ListQuery): Promise<{ total: number; items: Data[] }> {
    const { page, count, params, pageParams } = listSql(m, scopeId, q);
    const [rows, total] = await Promise.all([
      this.db.query<Row>(page, pageParams),
      this.db.query<{ total: number }>(count, params),
    ]);
    return { total: Number(total.rows[0]?.total ?? 0), items: rows.rows.map((r) => present(m, r)) };
  }

  /**
   * A page of the records of every scope (the back office's list across apps, `ResourceDecl.acrossApps`), or of the
   * one `scopeId` names, each with its scope.
   */
  async listEverywhere(m: ResourceModel, q: ListQuery, scopeId?: string): Promise<{ total: number; items: { scopeId: string; record: Data }[] }> {
    const { page, count, params, pageParams } = listSql(m, scopeId, q, `${COLS}, scope_id`);
    const [rows, total] = await Promise.all([
      this.db.query<Row & { scope_id: string }>(page, pageParams),
      this.db.query<{ total: number }>(count, params),
    ]);
    return { total: Number(total.rows[0]?.total ?? 0), items: rows.rows.map((r) => ({ scopeId: r.scope_id, record: present(m, r) })) };
  }

  /** Every record of a kind in a scope, unpaged (for evaluation and checks over small sets). */
  async all(m: ResourceModel, scopeId: string): Promise<Data[]> {
    const res = await this.db.query<Row>(`SELECT ${COLS} FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1`, [scopeId]);
    return res.rows.map((r) => present(m, r));
  }

  /**
   * The id of the record an item path names: its id, or (for a resource addressed by a unique field) that
   * field's value. An id wins over a slug that happens to equal it.
   */
  async resolveId(m: ResourceModel, scopeId: string, key: string): Promise<string> {
    const field = m.res.addressBy;
    if (!field) return key;
    const res = await this.db.query<{ id: string }>(
      `SELECT id FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND (id = $2 OR ${fieldExpr(m, field)} = $2) ORDER BY (id = $2) DESC LIMIT 1`,
      [scopeId, key],
    );
    if (!res.rows[0]) throw notFound();
    return res.rows[0].id;
  }

  async get(m: ResourceModel, scopeId: string, id: string): Promise<Data> {
    const res = await this.db.query<Row>(`SELECT ${COLS} FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND id = $2`, [scopeId, id]);
    if (!res.rows[0]) throw notFound();
    return present(m, res.rows[0]);
  }

  /** A record's write-only values, which answers never carry: for the service code that uses them (a provider's secret). */
  async writeOnlyValues(m: ResourceModel, scopeId: string, id: string): Promise<Data> {
    const res = await this.db.query<{ data: Data }>(`SELECT data FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND id = $2`, [scopeId, id]);
    if (!res.rows[0]) throw notFound();
    return Object.fromEntries(m.writeOnly.filter((f) => res.rows[0].data[f] !== undefined).map((f) => [f, res.rows[0].data[f]]));
  }

  /** Stores a new record; a sub-resource's record with its parent's id (`parentId`). */
  async insert(m: ResourceModel, scopeId: string, id: string, data: Data, status: string | null, parentId?: string): Promise<Data> {
    const res = await this.db.query<Row>(
      `INSERT INTO ${tableOf(m)} (service, kind, id, scope_id, status, data, parent_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLS}`,
      [m.service.name, m.res.name, id, scopeId, status, data, parentId ?? null],
    );
    return present(m, res.rows[0]);
  }

  /**
   * Changes a record if its version is still `version` (when given) and its status is one of `fromStatus`
   * (when given). Otherwise 404, or 409 naming why (`refused`: the message for a status not in `fromStatus`).
   */
  async update(
    m: ResourceModel,
    scopeId: string,
    id: string,
    change: { data?: Data; status?: string; version?: number; fromStatus?: string[]; refused?: string },
  ): Promise<Data> {
    return records(this.db, m).updateOne(scopeId, id, { data: change.data, status: change.status }, { version: change.version, from: change.fromStatus, refused: change.refused });
  }

  async delete(m: ResourceModel, scopeId: string, id: string): Promise<Data> {
    const res = await this.db.query<Row>(`DELETE FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND id = $2 RETURNING ${COLS}`, [scopeId, id]);
    if (!res.rows[0]) throw notFound();
    return present(m, res.rows[0]);
  }

  /** Deletes the records of `ids` that exist (of a sub-resource: only those of `parentId`). */
  async deleteMany(m: ResourceModel, scopeId: string, ids: string[], parentId?: string): Promise<Data[]> {
    const params: unknown[] = [scopeId, ids];
    const ofParent = parentId === undefined ? '' : ` AND parent_id = $${params.push(parentId)}`;
    const res = await this.db.query<Row>(
      `DELETE FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND id = ANY($2::text[])${ofParent} RETURNING ${COLS}`,
      params,
    );
    return res.rows.map((r) => present(m, r));
  }
}
