import type { JsonSchema, OnDelete, ResourceDecl, ServiceDecl } from '../../resources/types';
import { inUseMessage, parentOf } from '../../resources/relations';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { ApiError, notFound } from './errors';
import type { Access } from './guard';
import type { ResourceModel } from './model';
import { checkReferencePath, parseReferencePath, referencePathMatch } from './reference-paths';
import { fieldExpr, kindPredicate, tableOf } from './sql';
import { COLS, present, RecordStore, type Data, type Row } from './store';
import { auditIn } from './write';

/**
 * References between declared resources and what deleting a referenced record does to the records that refer to it
 * (ADR 0015): refused, deleted with it, or cleared, in the delete's transaction. A sub-resource's parent is one more
 * reference, held in the `parent_id` column instead of a field.
 */

/** One way records of `from` point at records of another resource. */
export interface Referrer {
  from: ResourceModel;
  /** The SQL condition that a row refers to one of the values in the text-array parameter `param`. */
  match: (param: string) => string;
  /** The field cleared by `set-null` (a declared reference; the parent column has none). */
  field?: string;
  /** The referenced record's field the value matches (`id`: its id). */
  by: string;
  onDelete: OnDelete;
}

/** How many referring records a refusal names. */
const NAMED = 3;

const props = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;

/** Start-up checks of a resource's references and parent: each names a declared resource and a schema field. */
export function checkRelations(service: ServiceDecl, res: ResourceDecl): void {
  const where = `${service.name}/${res.name}`;
  const p = props(res.schema);
  const target = (name: string, what: string): ResourceDecl => {
    const found = service.resources.find((r) => r.name === name);
    if (!found) throw new Error(`${where}: ${what} '${name}' is not a resource of ${service.name}`);
    if (found.singleton) throw new Error(`${where}: ${what} '${name}' is a singleton`);
    return found;
  };
  for (const ref of res.references ?? []) {
    const to = target(ref.resource, `reference ${ref.field} →`);
    const path = parseReferencePath(ref.field);
    if (path) checkReferencePath(res.schema, path, `${where}: reference ${ref.field}`);
    else if (p[ref.field]?.type !== 'string') throw new Error(`${where}: reference field '${ref.field}' is not a string property of the schema`);
    const by = ref.by ?? 'id';
    if (by !== 'id' && !(to.unique ?? []).includes(by)) throw new Error(`${where}: reference ${ref.field} matches '${by}', which is not unique in ${to.name}`);
    if (!['restrict', 'cascade', 'set-null', 'keep'].includes(ref.onDelete)) throw new Error(`${where}: reference ${ref.field}: unknown onDelete '${ref.onDelete}'`);
    if (path && ref.onDelete === 'set-null') throw new Error(`${where}: reference ${ref.field} is a path, so it cannot be set-null`);
    for (const [theirs, own] of Object.entries(ref.match ?? {})) {
      if (path || !(theirs in props(to.schema)) || !(own in p)) throw new Error(`${where}: reference ${ref.field} matches '${theirs}' to '${own}': not fields of both`);
    }
    if (ref.onDelete === 'set-null' && ((res.schema.required as string[] | undefined) ?? []).includes(ref.field)) {
      throw new Error(`${where}: reference ${ref.field} is required, so it cannot be set-null`);
    }
  }
  if (!res.parent) return;
  const parent = target(res.parent.resource, 'parent');
  if (parent.parent) throw new Error(`${where}: parent '${parent.name}' is itself a sub-resource (one level only)`);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(res.parent.param) || res.parent.param === (res.idParam ?? 'id')) {
    throw new Error(`${where}: parent param '${res.parent.param}' must be an identifier other than the item's own`);
  }
  if (res.parent.field && p[res.parent.field]?.readOnly !== true) throw new Error(`${where}: parent field '${res.parent.field}' must be a readOnly schema property`);
  if (!['restrict', 'cascade'].includes(res.parent.onDelete)) throw new Error(`${where}: parent onDelete must be restrict or cascade`);
  const { appList, field } = res.parent;
  if (appList !== undefined && (!/^\/[a-z0-9/-]+$/.test(appList) || !field || !(res.list.filters ?? []).includes(field) || !res.operations.includes('list'))) {
    throw new Error(`${where}: appList '${appList}' needs a fixed path, the list operation and the parent field among the list's filters`);
  }
}

const cache = new WeakMap<ResourceModel, Referrer[]>();

/** Everything that refers to `target`: declared references and sub-resources, the refusing ones first. */
export function referrersOf(models: Iterable<ResourceModel>, target: ResourceModel): Referrer[] {
  const known = cache.get(target);
  if (known) return known;
  const out: Referrer[] = [];
  for (const from of models) {
    if (from.service.name !== target.service.name) continue;
    for (const ref of from.res.references ?? []) {
      if (ref.resource !== target.res.name) continue;
      const path = parseReferencePath(ref.field);
      const match = path ? (param: string) => referencePathMatch(path, param) : (param: string) => `${fieldExpr(from, ref.field)} = ANY(${param})`;
      out.push({ from, match, field: ref.field, by: ref.by ?? 'id', onDelete: ref.onDelete });
    }
    if (from.res.parent?.resource === target.res.name) {
      out.push({ from, match: (param) => `parent_id = ANY(${param})`, by: 'id', onDelete: from.res.parent.onDelete });
    }
  }
  out.sort((a, b) => Number(b.onDelete === 'restrict') - Number(a.onDelete === 'restrict'));
  cache.set(target, out);
  return out;
}

/**
 * Whether a delete of `target`'s records may be refused (409 `IN_USE`): something refers to it with `restrict`, or
 * with `cascade` and is itself refused so. For the OpenAPI description of the delete routes.
 */
export function mayRefuseDelete(models: Iterable<ResourceModel>, target: ResourceModel, seen = new Set<ResourceModel>()): boolean {
  const all = [...models];
  seen.add(target);
  return referrersOf(all, target).some(
    (ref) => ref.onDelete === 'restrict' || (ref.onDelete === 'cascade' && !seen.has(ref.from) && mayRefuseDelete(all, ref.from, seen)),
  );
}

const valueOf = (m: ResourceModel, record: Data, by: string) => (by === 'id' ? record[m.res.idField] : record[by]);
const titleOfRecord = (m: ResourceModel, r: Data) => String(r[m.res.titleField] ?? r[m.res.idField]);

/** The SQL condition for the records of one referrer, in a scope (`$1`), that refer to any of the values (`$2`). */
const referringWhere = (ref: Referrer) => `${kindPredicate(ref.from)} AND scope_id = $1 AND ${ref.match('$2::text[]')}`;

/** The first few records (one more than are named, to tell whether there are others) that refer to the values. */
async function firstReferring(db: Queryable, ref: Referrer, scopeId: string, values: string[]): Promise<Data[]> {
  const sql = `SELECT ${COLS} FROM ${tableOf(ref.from)} WHERE ${referringWhere(ref)} ORDER BY created_at, id LIMIT ${NAMED + 1}`;
  return (await db.query<Row>(sql, [scopeId, values])).rows.map((r) => present(ref.from, r));
}

function inUse(ref: Referrer, rows: Data[]): ApiError {
  const { res } = ref.from;
  const titleOf = (r: Data) => titleOfRecord(ref.from, r);
  const titles = rows.slice(0, NAMED).map(titleOf).join(', ') + (rows.length > NAMED ? ', …' : '');
  const details = rows.slice(0, NAMED).map((r) => ({ field: `/${res.name}/${String(r[res.idField])}`, message: titleOf(r) }));
  return new ApiError(409, 'IN_USE', inUseMessage(res, titles), details);
}

/**
 * Applies the `onDelete` rules of what refers to the records just deleted from `target`, inside the delete's
 * transaction: a refusal throws (and the transaction rolls back); cascaded deletes go on to what refers to them.
 */
async function afterDelete(ctx: Ctx, tx: Queryable, access: Deleter, target: ResourceModel, removed: Data[], force = false): Promise<void> {
  for (const declared of referrersOf(ctx.models.values(), target)) {
    // A forced delete (`ResourceDecl.forceDelete`) deletes what would refuse it.
    const ref = force && declared.onDelete === 'restrict' ? { ...declared, onDelete: 'cascade' as const } : declared;
    if (ref.onDelete === 'keep') continue;
    const values = [...new Set(removed.map((r) => valueOf(target, r, ref.by)).filter((v): v is string => typeof v === 'string'))];
    if (values.length === 0) continue;
    const m = ref.from;
    const where = referringWhere(ref);
    const params = [access.scopeId, values];
    if (ref.onDelete === 'restrict') {
      const found = await firstReferring(tx, ref, access.scopeId, values);
      if (found.length) throw inUse(ref, found);
    } else if (ref.onDelete === 'cascade') {
      const gone = (await tx.query<Row>(`DELETE FROM ${tableOf(m)} WHERE ${where} RETURNING ${COLS}`, params)).rows.map((r) => present(m, r));
      for (const r of gone) await auditIn(tx, access, m, 'delete', String(r[m.res.idField]), r);
      if (gone.length) await afterDelete(ctx, tx, access, m, gone, force);
    } else {
      const before = (await tx.query<Row>(`SELECT ${COLS} FROM ${tableOf(m)} WHERE ${where} ORDER BY id FOR UPDATE`, params)).rows.map((r) => present(m, r));
      if (before.length === 0) continue;
      const after = await tx.query<Row>(
        `UPDATE ${tableOf(m)} SET data = data - $3::text, version = version + 1, updated_at = now() WHERE ${where} RETURNING ${COLS}`,
        [...params, ref.field],
      );
      const byId = new Map(after.rows.map((r) => [r.id, present(m, r)]));
      for (const b of before) await auditIn(tx, access, m, 'update', String(b[m.res.idField]), b, byId.get(String(b[m.res.idField])));
    }
  }
}

/** Who deletes: the scope (and a sub-resource's parent) confining the delete, the actor the history names. */
export type Deleter = Pick<Access, 'scopeId' | 'parentId'> & { principal: { actor: string } };

/**
 * How a delete runs: inside the caller's transaction `tx` (its checks and the delete one change), and the name of
 * its history entry (`dismiss` instead of `delete`).
 */
export interface DeleteOptions {
  tx?: Queryable;
  action?: string;
  /** What refers to the records with `restrict` is deleted with them instead of refusing the delete. */
  force?: boolean;
}

/**
 * Deletes records of `m` through `remove` and records each delete in the operation history. When anything refers
 * to `m`, the delete, the declared `onDelete` rules (recursively) and their history are one transaction (the
 * caller's, when given).
 */
export async function deleteWithReferrers(ctx: Ctx, access: Deleter, m: ResourceModel, remove: (store: RecordStore) => Promise<Data[]>, options: DeleteOptions = {}): Promise<Data[]> {
  const run = async (db: Queryable, store: RecordStore) => {
    const removed = await remove(store);
    for (const r of removed) await auditIn(db, access, m, options.action ?? 'delete', String(r[m.res.idField]), r);
    return removed;
  };
  const inTx = async (tx: Queryable) => {
    const removed = await run(tx, new RecordStore(tx));
    await afterDelete(ctx, tx, access, m, removed, options.force);
    return removed;
  };
  if (options.tx) return inTx(options.tx);
  if (referrersOf(ctx.models.values(), m).length === 0) return run(ctx.db, ctx.store);
  return ctx.db.transaction(inTx);
}

/**
 * The engine's delete of records of `m` by id, for one record and for several alike: only those in the caller's scope
 * (and, for a sub-resource, under the parent the call names), with the declared `onDelete` rules. Answers those
 * deleted; a refusal (409 `IN_USE`) deletes none of them.
 */
export const deleteRecords = (ctx: Ctx, access: Deleter, m: ResourceModel, ids: string[], options?: DeleteOptions): Promise<Data[]> =>
  deleteWithReferrers(ctx, access, m, (store) => store.deleteMany(m, access.scopeId, ids, access.parentId), options);

/** One record deleted as `deleteRecords` does; 404 when the call does not reach it. */
export async function deleteRecord(ctx: Ctx, access: Deleter, m: ResourceModel, id: string, options?: DeleteOptions): Promise<Data> {
  const [removed] = await deleteRecords(ctx, access, m, [id], options);
  if (!removed) throw notFound();
  return removed;
}

/** Indexes for looking referrers up: each reference field not already indexed, and a sub-resource's parent. */
export function relationIndexStatements(m: ResourceModel, table: string, name: (meaning: string) => string): string[] {
  const where = kindPredicate(m);
  const indexed = new Set([...(m.res.list.sorters ?? []), ...(m.res.list.filters ?? [])]);
  const plain = (m.res.references ?? []).filter((r) => !indexed.has(r.field) && !parseReferencePath(r.field));
  const exprs = plain.map((r) => fieldExpr(m, r.field));
  const out = exprs.map((expr) => `CREATE INDEX IF NOT EXISTS rx_${name(`${where}|${expr}|id`)} ON ${table} (scope_id, ${expr}, id) WHERE ${where}`);
  if (m.res.parent) out.push(`CREATE INDEX IF NOT EXISTS rx_${name(`${where}|parent_id|created_at|id`)} ON ${table} (scope_id, parent_id, created_at, id) WHERE ${where}`);
  return out;
}

/** The parent resource's model of a sub-resource (checked at start-up to exist). */
export const parentModelOf = (ctx: Ctx, m: ResourceModel): ResourceModel | undefined => {
  const parent = parentOf(m.service, m.res);
  return parent ? ctx.models.get(`${m.service.name}/${parent.name}`) : undefined;
};

/** What refers to one record, per referring resource: how many, a few of them, and what deleting the record does. */
export interface UsedBy {
  resource: string;
  onDelete: OnDelete;
  total: number;
  items: { id: string; title: string }[];
}

/** The records in the caller's scope that refer to `record` of `target` (for the console's delete confirmation). */
export async function usedBy(ctx: Ctx, scopeId: string, target: ResourceModel, record: Data): Promise<UsedBy[]> {
  const out: UsedBy[] = [];
  for (const ref of referrersOf(ctx.models.values(), target)) {
    const value = valueOf(target, record, ref.by);
    if (typeof value !== 'string') continue;
    const m = ref.from;
    const rows = await firstReferring(ctx.db, ref, scopeId, [value]);
    if (rows.length === 0) continue;
    const counted = async () => (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableOf(ref.from)} WHERE ${referringWhere(ref)}`, [scopeId, [value]])).rows[0].n;
    const total = rows.length > NAMED ? await counted() : rows.length;
    const items = rows.slice(0, NAMED).map((r) => ({ id: String(r[m.res.idField]), title: titleOfRecord(m, r) }));
    out.push({ resource: m.res.name, onDelete: ref.onDelete, total, items });
  }
  return out;
}
