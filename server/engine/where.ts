import type { JsonSchema } from '../../resources/types';
import type { ResourceModel } from './model';
import { lit } from './sql';

/**
 * The typed conditions service code asks the record store with: field names, not SQL. A field is a declared
 * property (`personaId`), a dotted path into one (`schedule.nextRunAt`), or a record column: `id`, `status`,
 * `scopeId`, `parentId`, `version`, `createdAt`, `updatedAt`. Each field is read as its schema's type (numbers as
 * numeric, booleans, date-times as timestamps, the rest as text), the same expressions the declared indexes use.
 */
export type Value = string | number | boolean | Date | null | typeof NOW;

/** Fields every record has beside its schema's, which declarations may name (to order or answer by). */
export const RECORD_FIELDS = ['id', 'status', 'createdAt', 'updatedAt'];

/** A declaration's fixed conditions (`where`: a value, or a list of allowed values) as query conditions. */
export const fixedWhere = (fixed: Record<string, string | number | boolean | string[]> | undefined): Where =>
  Object.fromEntries(Object.entries(fixed ?? {}).map(([k, v]) => [k, Array.isArray(v) ? { $in: v } : v]));

/** The database's clock, for conditions and writes that must agree across server instances. */
export const NOW: unique symbol = Symbol('now');

export interface Ops {
  $eq?: Value;
  $ne?: Value;
  $in?: readonly Value[];
  $nin?: readonly Value[];
  $lt?: Value;
  $lte?: Value;
  $gt?: Value;
  $gte?: Value;
  /** The property is present (and not JSON null). */
  $exists?: boolean;
  /** Case-insensitive substring match; `%` and `_` in the text match themselves. */
  $search?: string;
  /** Case-sensitive prefix match (a directory's paths); `%` and `_` in the text match themselves. */
  $startsWith?: string;
  /** Equal after trimming and lower-casing both sides (names compared as people read them). */
  $same?: string;
  /** A JSON array or object property holding this value (`tags` containing `['vip']`). */
  $contains?: unknown;
}

export type Condition = Value | Ops;

export type Where = { [field: string]: Condition | Where[] | Where | undefined } & {
  $or?: Where[];
  $and?: Where[];
  $not?: Where;
};

type Kind = 'numeric' | 'boolean' | 'time' | 'text';

const COLUMNS: Record<string, { sql: string; kind: Kind }> = {
  id: { sql: 'id', kind: 'text' },
  scopeId: { sql: 'scope_id', kind: 'text' },
  parentId: { sql: 'parent_id', kind: 'text' },
  version: { sql: 'version', kind: 'numeric' },
  createdAt: { sql: 'created_at', kind: 'time' },
  updatedAt: { sql: 'updated_at', kind: 'time' },
};

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

function propertySchema(schema: JsonSchema, path: string[]): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const seg of path) at = ((at?.properties ?? {}) as Record<string, JsonSchema>)[seg];
  return at;
}

function kindOf(schema: JsonSchema | undefined): Kind {
  const type = Array.isArray(schema?.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema?.type;
  if (type === 'integer' || type === 'number') return 'numeric';
  if (type === 'boolean') return 'boolean';
  if (type === 'string' && (schema?.format === 'date-time' || schema?.format === 'date')) return 'time';
  return 'text';
}

export interface FieldSql {
  /** The typed expression (what comparisons and sorts use). */
  sql: string;
  /** The raw JSON value, for containment and presence. */
  json: string | undefined;
  kind: Kind;
}

/** How a field is read in SQL. Throws on a name that is not an identifier path (a programming error). */
export function fieldSql(m: ResourceModel, field: string, alias = ''): FieldSql {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  if (m.res.status && (field === m.res.status.field || field === 'status')) return { sql: col('status'), json: undefined, kind: 'text' };
  if (COLUMNS[field]) return { sql: col(COLUMNS[field].sql), json: undefined, kind: COLUMNS[field].kind };
  const path = field.split('.');
  if (!path.every((s) => SEGMENT.test(s))) throw new Error(`${m.service.name}/${m.res.name}: bad field '${field}'`);
  const kind = kindOf(propertySchema(m.res.schema, path));
  const data = col('data');
  const json = path.length === 1 ? `${data}->${lit(field)}` : `${data}#>${lit(`{${path.join(',')}}`)}`;
  const text = path.length === 1 ? `(${data}->>${lit(field)})` : `(${data}#>>${lit(`{${path.join(',')}}`)})`;
  // The same text as the engine's declared indexes (fieldExpr), so they serve these conditions.
  const sql = kind === 'numeric' ? `(${text}::numeric)` : kind === 'boolean' ? `(${text}::boolean)` : kind === 'time' ? `(${text}::timestamptz)` : text;
  return { sql, json, kind };
}

const CAST: Record<Kind, string> = { numeric: '::numeric', boolean: '::boolean', time: '::timestamptz', text: '' };

/** Collects parameters while conditions are compiled. */
export class Params {
  readonly values: unknown[];
  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }
  /** A placeholder for a value read as `kind` (the database's clock for NOW). */
  add(value: unknown, kind: Kind = 'text'): string {
    if (value === NOW) return 'now()';
    const v = value instanceof Date ? value.toISOString() : kind === 'text' && typeof value !== 'string' ? String(value) : value;
    this.values.push(v);
    return `$${this.values.length}${CAST[kind]}`;
  }
  /** A placeholder for a row count (limits and offsets). */
  int(value: number): string {
    this.values.push(Math.trunc(value));
    return `$${this.values.length}::int`;
  }
  /** A placeholder for an array of values read as `kind`. */
  addArray(values: readonly unknown[], kind: Kind): string {
    this.values.push(values.map((v) => (v instanceof Date ? v.toISOString() : kind === 'text' ? String(v) : v)));
    const type = kind === 'numeric' ? 'numeric' : kind === 'boolean' ? 'boolean' : kind === 'time' ? 'timestamptz' : 'text';
    return `$${this.values.length}::${type}[]`;
  }
}

const RANGE: Record<string, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

const isOps = (c: unknown): c is Ops =>
  typeof c === 'object' && c !== null && !(c instanceof Date) && Object.keys(c).length > 0 && Object.keys(c).every((k) => k.startsWith('$'));

function compare(f: FieldSql, ops: Ops, p: Params): string[] {
  const out: string[] = [];
  const cmp = (op: string, v: Value) => `${f.sql} ${op} ${p.add(v, f.kind)}`;
  for (const [op, v] of Object.entries(ops)) {
    if (v === undefined) continue;
    switch (op) {
      case '$eq':
        out.push(v === null ? `${f.sql} IS NULL` : cmp('=', v as Value));
        break;
      case '$ne':
        out.push(v === null ? `${f.sql} IS NOT NULL` : `${f.sql} IS DISTINCT FROM ${p.add(v, f.kind)}`);
        break;
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        out.push(cmp(RANGE[op], v as Value));
        break;
      case '$in':
        out.push((v as Value[]).length ? `${f.sql} = ANY(${p.addArray(v as Value[], f.kind)})` : 'false');
        break;
      case '$nin':
        out.push((v as Value[]).length ? `NOT (${f.sql} = ANY(${p.addArray(v as Value[], f.kind)}))` : 'true');
        break;
      case '$exists':
        out.push(`${f.sql} IS ${v ? 'NOT ' : ''}NULL`);
        break;
      case '$search':
        out.push(`${f.sql} ILIKE ${p.add(`%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
        break;
      case '$startsWith':
        out.push(`${f.sql} LIKE ${p.add(`${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
        break;
      case '$same':
        out.push(`lower(trim(${f.sql})) = lower(trim(${p.add(String(v))}))`);
        break;
      case '$contains':
        if (!f.json) throw new Error('$contains needs a JSON property');
        out.push(`${f.json} @> ${p.add(JSON.stringify(v))}::jsonb`);
        break;
      default:
        throw new Error(`unknown operator ${op}`);
    }
  }
  return out;
}

/** The SQL of a condition tree (`true` when empty), its values pushed onto `p`. */
export function whereSql(m: ResourceModel, where: Where | undefined, p: Params, alias = ''): string {
  if (!where) return 'true';
  const parts: string[] = [];
  for (const [key, cond] of Object.entries(where)) {
    if (cond === undefined) continue;
    if (key === '$or') parts.push(`(${(cond as Where[]).map((w) => whereSql(m, w, p, alias)).join(' OR ') || 'false'})`);
    else if (key === '$and') parts.push(...(cond as Where[]).map((w) => `(${whereSql(m, w, p, alias)})`));
    else if (key === '$not') parts.push(`NOT (${whereSql(m, cond as Where, p, alias)})`);
    else {
      const f = fieldSql(m, key, alias);
      parts.push(...compare(f, isOps(cond) ? cond : { $eq: cond as Value }, p));
    }
  }
  return parts.length ? parts.join(' AND ') : 'true';
}

/** `ORDER BY` terms from `field` / `-field` names, the id breaking ties in the last term's direction. */
export function orderSql(m: ResourceModel, orderBy: string | string[] | undefined, alias = ''): string {
  const terms = (Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : ['createdAt']).map((t) => {
    const desc = t.startsWith('-');
    return { sql: fieldSql(m, desc ? t.slice(1) : t, alias).sql, dir: desc ? 'DESC' : 'ASC' };
  });
  const last = terms[terms.length - 1].dir;
  return [...terms.map((t) => `${t.sql} ${t.dir}`), `${alias ? `${alias}.` : ''}id ${last}`].join(', ');
}
