import { randomUUID } from 'node:crypto';
import { refusedMessage } from '../../resources/action-call';
import type { Queryable } from '../db';
import { conflict, notFound } from './errors';
import type { ResourceModel } from './model';
import { kindPredicate, tableOf } from './sql';
import { present, withWriteOnlyKept, type Data } from './store';
import { fieldSql, orderSql, Params, whereSql, type Where } from './where';

export { NOW, type Where } from './where';

/** Every scope at once: for sweeps the server makes on its own (due states, schedules), never for a caller. */
export const ALL_SCOPES: unique symbol = Symbol('all scopes');
export type Scope = string | typeof ALL_SCOPES;

export interface Find {
  where?: Where;
  /** Field names, `-` first for descending; the id breaks ties. Default `createdAt`. */
  orderBy?: string | string[];
  limit?: number;
  offset?: number;
  /** Lock the rows found for the rest of the transaction (`skip` passes over rows another transaction holds). */
  lock?: 'update' | 'skip';
}

/**
 * What a write changes: `set` merges fields, `unset` removes them, `add` adds to numeric fields (a missing one
 * counts as 0), `data` replaces all fields; `status` moves the state. Every change bumps the version.
 */
export interface Change {
  status?: string;
  set?: Data;
  unset?: string[];
  add?: Record<string, number>;
  data?: Data;
  /** Back-dates the record: created and last changed at this time (a demo's history). */
  backdate?: Date;
}

/** One changed record, with the scope it lives in and the state it had before. */
export interface Changed {
  scopeId: string;
  before: string | null;
  record: Data;
}

export type Measure = ['count'] | ['sum' | 'max' | 'min' | 'countDistinct', string];
export type GroupKey = string | { field: string; day: string };

export interface Aggregate {
  where?: Where;
  /** Output name → field (or a time field's calendar day in a time zone, as `YYYY-MM-DD`). */
  groupBy?: Record<string, GroupKey>;
  /** Output name → measure. Sums (of numbers, or of decimal strings) come back as decimal strings, counts as numbers. */
  measures: Record<string, Measure>;
  /** Output names, `-` first for descending. */
  orderBy?: string[];
  limit?: number;
}

const COLS = 'id, scope_id, status, version, data, created_at, updated_at';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Row {
  id: string;
  scope_id: string;
  status: string | null;
  version: number;
  data: Data;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * The records of one declared resource, for service code: typed conditions over declared fields, sorting, paging,
 * counts and sums, and writes that keep versions — inside a transaction when given one, with row locks where asked.
 * The only place besides the engine's routes that speaks SQL to the records table.
 */
export class RecordQuery {
  constructor(
    private readonly db: Queryable,
    readonly m: ResourceModel,
  ) {}

  private scoped(scope: Scope, where: Where | undefined, p: Params, alias = ''): string {
    const parts = [alias ? kindPredicate(this.m).replace(/\b(service|kind) =/g, `${alias}.$1 =`) : kindPredicate(this.m)];
    if (scope !== ALL_SCOPES) parts.push(`${alias ? `${alias}.` : ''}scope_id = ${p.add(scope)}`);
    parts.push(whereSql(this.m, where, p, alias));
    return parts.join(' AND ');
  }

  private async rows(scope: Scope, q: Find): Promise<Row[]> {
    const p = new Params();
    let sql = `SELECT ${COLS} FROM ${tableOf(this.m)} WHERE ${this.scoped(scope, q.where, p)} ORDER BY ${orderSql(this.m, q.orderBy)}`;
    if (q.limit !== undefined) sql += ` LIMIT ${p.int(q.limit)}`;
    if (q.offset) sql += ` OFFSET ${p.int(q.offset)}`;
    // A record locked to be changed keeps its key, so rows that refer to it (a foreign key's share lock) may still
    // be written meanwhile; a lock that also blocked those deadlocks a writer that inserts such a row first.
    if (q.lock) sql += q.lock === 'skip' ? ' FOR NO KEY UPDATE SKIP LOCKED' : ' FOR NO KEY UPDATE';
    return (await this.db.query<Row>(sql, p.values)).rows;
  }

  /** The records matching, as the API answers them. */
  async find(scope: string, q: Find = {}): Promise<Data[]> {
    return (await this.rows(scope, q)).map((r) => present(this.m, r));
  }

  /** The records matching in every scope, each with its scope. */
  async findEverywhere(q: Find = {}): Promise<{ scopeId: string; record: Data }[]> {
    return (await this.rows(ALL_SCOPES, q)).map((r) => ({ scopeId: r.scope_id, record: present(this.m, r) }));
  }

  async first(scope: string, q: Find = {}): Promise<Data | undefined> {
    return (await this.find(scope, { ...q, limit: 1 }))[0];
  }

  /** One record by id, or undefined. */
  async maybe(scope: string, id: string, lock?: Find['lock']): Promise<Data | undefined> {
    return this.first(scope, { where: { id }, lock });
  }

  /** One record by id; 404 with `message` when it is not in the scope. */
  async get(scope: string, id: string, opts: { lock?: Find['lock']; message?: string } = {}): Promise<Data> {
    const found = await this.maybe(scope, id, opts.lock);
    if (!found) throw notFound(opts.message);
    return found;
  }

  /** A page of records and how many match in all. */
  async page(scope: string, q: Find & { limit: number }): Promise<{ total: number; items: Data[] }> {
    const [items, total] = await Promise.all([this.find(scope, q), this.count(scope, q.where)]);
    return { total, items };
  }

  async count(scope: Scope, where?: Where): Promise<number> {
    const p = new Params();
    const res = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf(this.m)} WHERE ${this.scoped(scope, where, p)}`, p.values);
    return Number(res.rows[0]?.n ?? 0);
  }

  async exists(scope: string, where?: Where): Promise<boolean> {
    return (await this.first(scope, { where })) !== undefined;
  }

  /** Grouped counts and sums (a dashboard's figures). */
  async aggregate(scope: Scope, a: Aggregate): Promise<Record<string, string | number | null>[]> {
    const p = new Params();
    const select: string[] = [];
    const groups: string[] = [];
    for (const [name, key] of Object.entries(a.groupBy ?? {})) {
      if (!NAME.test(name)) throw new Error(`bad output name '${name}'`);
      const expr =
        typeof key === 'string'
          ? fieldSql(this.m, key).sql
          : `to_char((${fieldSql(this.m, key.field).sql} AT TIME ZONE ${p.add(key.day)})::date, 'YYYY-MM-DD')`;
      select.push(`${expr} AS ${name}`);
      groups.push(String(groups.length + 1));
    }
    // A sum is answered as text (exact decimals) but ordered as the number it is.
    const numericOrder = new Map<string, string>();
    for (const [name, [fn, field]] of Object.entries(a.measures)) {
      if (!NAME.test(name)) throw new Error(`bad output name '${name}'`);
      const typed = field ? fieldSql(this.m, field) : undefined;
      const f = typed?.sql ?? '';
      const sum = `coalesce(sum(${typed?.kind === 'numeric' ? f : `(${f})::numeric`}), 0)`;
      if (fn === 'sum') numericOrder.set(name, sum);
      const expr =
        fn === 'count'
          ? 'count(*)::int'
          : fn === 'countDistinct'
            ? `count(DISTINCT ${f})::int`
            : fn === 'sum'
              ? `${sum}::text`
              : `${fn}(${f})${fieldSql(this.m, field!).kind === 'numeric' ? '::text' : ''}`;
      select.push(`${expr} AS ${name}`);
    }
    let sql = `SELECT ${select.join(', ')} FROM ${tableOf(this.m)} WHERE ${this.scoped(scope, a.where, p)}`;
    if (groups.length) sql += ` GROUP BY ${groups.join(', ')}`;
    const outputs = [...Object.keys(a.groupBy ?? {}), ...Object.keys(a.measures)];
    if (a.orderBy?.length) {
      sql += ` ORDER BY ${a.orderBy
        .map((o) => {
          const name = o.startsWith('-') ? o.slice(1) : o;
          if (!outputs.includes(name)) throw new Error(`order by unknown output '${name}'`);
          return `${numericOrder.get(name) ?? outputs.indexOf(name) + 1} ${o.startsWith('-') ? 'DESC' : 'ASC'}`;
        })
        .join(', ')}`;
    }
    if (a.limit !== undefined) sql += ` LIMIT ${p.int(a.limit)}`;
    return (await this.db.query<Record<string, string | number | null>>(sql, p.values)).rows;
  }

  async insert(scope: string, data: Data, opts: { id?: string; status?: string | null; parentId?: string } = {}): Promise<Data> {
    const res = await this.db.query<Row>(
      `INSERT INTO ${tableOf(this.m)} (service, kind, id, scope_id, parent_id, status, data) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLS}`,
      [this.m.service.name, this.m.res.name, opts.id ?? randomUUID(), scope, opts.parentId ?? null, opts.status ?? this.m.res.status?.initial ?? null, data],
    );
    return present(this.m, res.rows[0]);
  }

  /**
   * Several records in one statement. With `skipConflicts`, rows that would break a unique index are left out
   * (the answer holds only those stored). A row may carry the version and the time it had elsewhere (records
   * brought over from another table keep their history); otherwise it starts at version 1, now. A sub-resource's
   * row names its parent.
   */
  async insertMany(
    scope: string,
    rows: { id?: string; data: Data; status?: string | null; version?: number; at?: Date; parentId?: string }[],
    opts: { skipConflicts?: boolean } = {},
  ): Promise<Data[]> {
    if (!rows.length) return [];
    const res = await this.db.query<Row>(
      `INSERT INTO ${tableOf(this.m)} (service, kind, id, scope_id, status, data, version, created_at, updated_at, parent_id)
       SELECT $1, $2, r.id, $3, r.status, r.data, coalesce(r.version, 1), coalesce(r.at, now()), coalesce(r.at, now()), r.parent_id
       FROM unnest($4::text[], $5::text[], $6::jsonb[], $7::int[], $8::timestamptz[], $9::text[])
         AS r(id, status, data, version, at, parent_id)
       ${opts.skipConflicts ? 'ON CONFLICT DO NOTHING ' : ''}RETURNING ${COLS}`,
      [
        this.m.service.name,
        this.m.res.name,
        scope,
        rows.map((r) => r.id ?? randomUUID()),
        rows.map((r) => (r.status === undefined ? (this.m.res.status?.initial ?? null) : r.status)),
        rows.map((r) => JSON.stringify(r.data)),
        rows.map((r) => r.version ?? null),
        rows.map((r) => r.at?.toISOString() ?? null),
        rows.map((r) => r.parentId ?? null),
      ],
    );
    return res.rows.map((r) => present(this.m, r));
  }

  private setSql(change: Change, p: Params, alias: string): string[] {
    const a = alias ? `${alias}.` : '';
    const sets = [`version = ${a}version + 1`];
    if (change.backdate) {
      const at = p.add(change.backdate, 'time');
      sets.push(`created_at = ${at}`, `updated_at = ${at}`);
    } else sets.push('updated_at = now()');
    if (change.status !== undefined) sets.push(`status = ${p.add(change.status)}`);
    let data = `${a}data`;
    // Write-only values are never read back, so new data that leaves one out keeps the stored one.
    if (change.data) data = withWriteOnlyKept(this.m, `${p.add(JSON.stringify(change.data))}::jsonb`);
    if (change.set && Object.keys(change.set).length) data = `(${data} || ${p.add(JSON.stringify(change.set))}::jsonb)`;
    if (change.unset?.length) data = `(${data} - ${p.addArray(change.unset, 'text')})`;
    for (const [field, by] of Object.entries(change.add ?? {})) {
      if (!NAME.test(field)) throw new Error(`bad field '${field}'`);
      data = `jsonb_set(${data}, ${p.add(`{${field}}`)}::text[], to_jsonb(coalesce((${a}data->>${p.add(field)})::numeric, 0) + ${p.add(by, 'numeric')}))`;
    }
    if (data !== `${a}data`) sets.push(`data = ${data}`);
    return sets;
  }

  /**
   * Changes every record matching, locked first; answers each with the state it had. With `skipLocked`, records
   * another transaction holds are left out (a sweep that another instance is making).
   */
  async update(scope: Scope, where: Where, change: Change, opts: { skipLocked?: boolean } = {}): Promise<Changed[]> {
    const p = new Params([this.m.service.name, this.m.res.name]);
    const found = this.scoped(scope, where, p);
    const sets = this.setSql(change, p, 'r');
    const res = await this.db.query<Row & { was: string | null }>(
      `WITH hit AS (SELECT id, status AS was FROM ${tableOf(this.m)} WHERE ${found} ORDER BY id FOR UPDATE${opts.skipLocked ? ' SKIP LOCKED' : ''})
       UPDATE ${tableOf(this.m)} r SET ${sets.join(', ')} FROM hit WHERE r.service = $1 AND r.kind = $2 AND r.id = hit.id
       RETURNING r.id, r.scope_id, r.status, r.version, r.data, r.created_at, r.updated_at, hit.was`,
      p.values,
    );
    return res.rows.map((r) => ({ scopeId: r.scope_id, before: r.was, record: present(this.m, r) }));
  }

  /**
   * Changes one record if its version is still `version` and its state one of `from` (each when given): 404
   * when it is not there, 409 naming why otherwise.
   */
  async updateOne(scope: string, id: string, change: Change, expect: { version?: number; from?: string[]; refused?: string } = {}): Promise<Data> {
    const where: Where = { id };
    if (expect.version !== undefined) where.version = expect.version;
    if (expect.from) where.status = { $in: expect.from };
    const [hit] = await this.update(scope, where, change);
    if (hit) return hit.record;
    const current = await this.get(scope, id);
    if (expect.version !== undefined && current.version !== expect.version) {
      throw conflict('VERSION_CONFLICT', 'version conflict', [{ field: '/version', message: `current version is ${current.version}` }]);
    }
    throw conflict('INVALID_TRANSITION', expect.refused ?? refusedMessage({}));
  }

  /** Removes every record matching; answers what was removed. */
  async remove(scope: Scope, where: Where): Promise<Data[]> {
    const p = new Params();
    const res = await this.db.query<Row>(`DELETE FROM ${tableOf(this.m)} WHERE ${this.scoped(scope, where, p)} RETURNING ${COLS}`, p.values);
    return res.rows.map((r) => present(this.m, r));
  }
}

/** The records of `m`, read and written through `db` (a transaction's connection when given one). */
export const records = (db: Queryable, m: ResourceModel) => new RecordQuery(db, m);
