import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { CommandDecl, ExportDecl, JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { errorResponses, type Api } from './api';
import { authorize } from './guard';
import type { ResourceModel } from './model';
import { kindPredicate, lit, tableOf } from './sql';
import { listWhere, present, type Data } from './store';

/** The most records one export holds; the file ends there. */
export const EXPORT_ROW_LIMIT = 200_000;
/** Records read from the database at a time while the file is written. */
const PAGE = 1000;

type Column = NonNullable<ExportDecl['columns']>[number];
interface Reference {
  name: string;
  field: string;
  target: ResourceModel;
  value: string;
  label: string;
}

const props = (m: ResourceModel) => (m.res.schema.properties ?? {}) as Record<string, JsonSchema>;
const META = ['createdAt', 'updatedAt'];

/** The export's filters: declared, else the list's. */
export const exportFilters = (m: ResourceModel, command: CommandDecl) => command.export?.filters ?? m.res.list.filters ?? [];
/** The export's columns: declared, else the list's. */
export const exportColumns = (m: ResourceModel, command: CommandDecl): Column[] => command.export?.columns ?? m.res.list.columns;
export const columnName = (c: Column) => (typeof c === 'string' ? c : c.name);

/** The query an export takes: each filter as its field's type, optional. */
function filterQuery(m: ResourceModel, filters: string[]): JsonSchema {
  const properties = Object.fromEntries(
    filters.map((f) => {
      const p = props(m)[f];
      const values = m.res.status?.field === f ? Object.keys(m.res.status.values) : (p.enum as unknown[] | undefined);
      const type = p.type === 'integer' || p.type === 'number' || p.type === 'boolean' ? p.type : 'string';
      return [f, values ? { type, enum: values } : type === 'string' ? { type, minLength: 1, maxLength: 200 } : { type }];
    }),
  );
  return { type: 'object', additionalProperties: false, properties };
}

/**
 * The columns that name another record's label, resolved to that resource through the field's
 * `x-ui.optionsFrom`; checked when the server starts.
 */
export function exportReferences(m: ResourceModel, command: CommandDecl, models: Map<string, ResourceModel>): Reference[] {
  const where = `${m.service.name}/${m.res.name}.${command.name}`;
  const known = new Set([...Object.keys(props(m)), m.res.idField, ...META]);
  for (const f of exportFilters(m, command)) if (!(f in props(m))) throw new Error(`${where}: export filter '${f}' is not a schema property`);
  return exportColumns(m, command).flatMap((c) => {
    if (typeof c === 'string') {
      if (!known.has(c)) throw new Error(`${where}: export column '${c}' is not a field`);
      return [];
    }
    const from = (props(m)[c.labelOf]?.['x-ui'] as { optionsFrom?: { resource: string; value: string; label: string } } | undefined)?.optionsFrom;
    const target = from && models.get(`${m.service.name}/${from.resource}`);
    if (!from || !target) throw new Error(`${where}: column '${c.name}' needs '${c.labelOf}' to refer to a resource (x-ui.optionsFrom)`);
    return [{ name: c.name, field: c.labelOf, target, value: from.value, label: from.label }];
  });
}

/** The labels of the records a page refers to, by the referring value. */
async function labels(db: Queryable, scopeId: string, ref: Reference, rows: Data[]): Promise<Map<string, string>> {
  const values = [...new Set(rows.map((r) => r[ref.field]).filter((v) => typeof v === 'string'))];
  if (!values.length) return new Map();
  const value = ref.value === ref.target.res.idField ? 'id' : `(data->>${lit(ref.value)})`;
  const res = await db.query<{ v: string; l: string | null }>(
    `SELECT ${value} AS v, (data->>${lit(ref.label)}) AS l FROM ${tableOf(ref.target)} WHERE ${kindPredicate(ref.target)} AND scope_id = $1 AND ${value} = ANY($2::text[])`,
    [scopeId, values],
  );
  return new Map(res.rows.map((r) => [r.v, r.l ?? '']));
}

const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The records that pass the filters, oldest first, a page at a time (keyed on creation time and id). */
async function* records(db: Queryable, m: ResourceModel, scopeId: string, filters: Record<string, unknown>): AsyncGenerator<Data[]> {
  const { where, params } = listWhere(m, scopeId, { page: 1, pageSize: PAGE, filters });
  let after: { at: string; id: string } | undefined;
  for (let read = 0; read < EXPORT_ROW_LIMIT; ) {
    const n = params.length;
    const keyset = after ? ` AND (created_at, id) > ($${n + 1}::timestamptz, $${n + 2})` : '';
    const res = await db.query<{ id: string; status: string | null; version: number; data: Data; created_at: Date; updated_at: Date; at: string }>(
      `SELECT id, status, version, data, created_at, updated_at, created_at::text AS at FROM ${tableOf(m)}
        WHERE ${where}${keyset} ORDER BY created_at, id LIMIT ${Math.min(PAGE, EXPORT_ROW_LIMIT - read)}`,
      after ? [...params, after.at, after.id] : params,
    );
    if (!res.rows.length) return;
    read += res.rows.length;
    const last = res.rows[res.rows.length - 1];
    after = { at: last.at, id: last.id };
    yield res.rows.map((r) => present(m, r));
    if (res.rows.length < PAGE) return;
  }
}

/**
 * `GET <collection>/export?<filter>=`: the records that pass the filters as a CSV attachment — a header line of the
 * columns, then one line per record, oldest first, at most EXPORT_ROW_LIMIT — written while they are read.
 */
export function mountExport(api: Api, ctx: Ctx, m: ResourceModel, command: CommandDecl): void {
  const references = exportReferences(m, command, ctx.models);
  const columns = exportColumns(m, command).map(columnName);
  const filters = exportFilters(m, command);
  api.route({
    method: 'GET',
    url: `${m.base}${command.path}`,
    summary: `${m.res.label.en} as a CSV file (${columns.join(', ')})${filters.length ? `, optionally of one ${filters.join(', ')}` : ''}; at most ${EXPORT_ROW_LIMIT} rows`,
    tag: m.service.name,
    auth: 'service',
    access: m.res.access.read,
    querystring: filterQuery(m, filters),
    responses: { 200: { description: 'text/csv attachment', schema: { type: 'string' } }, ...errorResponses(400, 401, 403) },
    handler: async (req, reply) => {
      const { scopeId } = await authorize(ctx, req, m, 'read');
      const query = req.query as Record<string, unknown>;
      async function* lines() {
        for await (const page of records(ctx.db, m, scopeId, Object.fromEntries(filters.map((f) => [f, query[f]])))) {
          const looked = await Promise.all(references.map(async (r) => [r.name, await labels(ctx.db, scopeId, r, page)] as const));
          for (const record of page) {
            const refs = Object.fromEntries(looked.map(([name, found]) => [name, found.get(String(record[references.find((r) => r.name === name)!.field])) ?? '']));
            yield columns.map((c) => (c in refs ? refs[c] : cell(record[c])));
          }
        }
      }
      const name = `${command.export?.fileName ?? m.res.name}-${new Date().toISOString().slice(0, 10)}.csv`;
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`);
      // A failure while writing ends the answer early (the status is sent by then) instead of leaving it hanging.
      return reply.send(pipeline(Readable.from(lines()), stringify({ header: true, columns, bom: true }), () => undefined));
    },
  });
}
