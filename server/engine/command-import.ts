import { randomUUID } from 'node:crypto';
import type { CommandDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { errorResponses, type Api } from './api';
import { compileSchema, toFieldErrors } from './ajv';
import { badRequest, type FieldError } from './errors';
import { authorize } from './guard';
import type { HookRegistry, ResourceHooks } from './hooks';
import { importBodySchema, importReportSchema, parseRows, type ImportReport } from './import-rows';
import type { ResourceModel } from './model';
import { fieldExpr, kindPredicate, lit, tableOf } from './sql';
import { referenceErrors } from './reference-checks';
import { fieldCheckErrors } from './field-checks';
import { RecordStore, type Data } from './store';
import { audit, guardUnique, serverManagedDefaults, storedFields } from './write';

/** The values of each declared unique field already stored in the scope, among those the rows carry. */
async function takenValues(ctx: Ctx, m: ResourceModel, scopeId: string, rows: Data[]): Promise<Map<string, Set<string>>> {
  const taken = new Map<string, Set<string>>();
  for (const field of m.res.unique ?? []) {
    const values = [...new Set(rows.map((r) => r[field]).filter((v) => v !== undefined && v !== null).map(String))];
    const numeric = m.fieldKind(field) === 'number';
    const res = values.length
      ? await ctx.db.query<{ v: string }>(
          `SELECT (data->>${lit(field)}) AS v FROM ${tableOf(m)} WHERE ${kindPredicate(m)} AND scope_id = $1 AND ${fieldExpr(m, field)} = ANY($2::${numeric ? 'numeric' : 'text'}[])`,
          [scopeId, numeric ? values.filter((v) => /^-?\d+(\.\d+)?$/.test(v)) : values],
        )
      : { rows: [] };
    taken.set(field, new Set(res.rows.map((r) => String(r.v))));
  }
  return taken;
}

/** A row's declared unique fields: refused when stored already, or when an earlier row of the file has the value. */
function uniqueErrors(m: ResourceModel, row: Data, earlier: Data[], taken: Map<string, Set<string>>): FieldError[] {
  return (m.res.unique ?? []).flatMap((field) => {
    if (row[field] === undefined || row[field] === null) return [];
    const value = String(row[field]);
    if (taken.get(field)?.has(value)) return [{ field: `/${field}`, message: 'already exists' }];
    if (earlier.some((e) => String(e[field]) === value)) return [{ field: `/${field}`, message: 'repeats an earlier row' }];
    return [];
  });
}

/**
 * Checks each row like a create — the create schema, then the unique fields, the declared references (one query for
 * every row) and the service's `validate` and `importRow` hooks — and answers the rows to store (as a create stores
 * them) and the report of the others.
 */
export async function checkRows(ctx: Ctx, m: ResourceModel, hooks: ResourceHooks | undefined, scopeId: string, rows: Data[]) {
  const validate = compileSchema(m.createSchema);
  const taken = await takenValues(ctx, m, scopeId, rows);
  const missing = await referenceErrors(ctx, m, scopeId, rows.map((row) => ({ data: storedFields(m, row) })));
  const good: Data[] = [];
  const failed: ImportReport['failed'] = [];
  for (const [i, raw] of rows.entries()) {
    const row = structuredClone(raw);
    const errors = validate(row) ? [] : toFieldErrors(validate.errors);
    if (!errors.length) {
      const data = { ...serverManagedDefaults(m), ...storedFields(m, row) };
      errors.push(...uniqueErrors(m, data, good, taken), ...missing[i], ...fieldCheckErrors(m.res, data));
      if (hooks?.validate) errors.push(...(await hooks.validate({ ctx, model: m, scopeId, data })));
      if (!errors.length && hooks?.importRow) errors.push(...(await hooks.importRow({ ctx, model: m, scopeId, data, row: i + 1, earlier: good })));
      if (!errors.length) good.push(data);
    }
    if (errors.length) failed.push({ row: i + 1, errors });
  }
  return { good, failed };
}

/**
 * `POST <collection>/import`: a CSV (header line first) or JSON file's rows, each checked like a create; the good
 * rows are stored together in one transaction, the others reported by row and stored nowhere.
 */
export function mountImport(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel, command: CommandDecl): void {
  api.route({
    method: 'POST',
    url: `${m.base}${command.path}`,
    summary: `Import ${m.res.label.en.toLowerCase()} from a CSV (header line first) or JSON file: valid rows are stored together, the others reported by row`,
    tag: m.service.name,
    auth: 'service',
    access: m.res.access.write,
    body: importBodySchema,
    responses: { 200: { description: 'the per-row report', schema: importReportSchema }, ...errorResponses(400, 401, 403, 409) },
    handler: async (req) => {
      const access = await authorize(ctx, req, m, 'write');
      const { format, content } = req.body as { format: 'csv' | 'json'; content: string };
      const parsed = parseRows(format, content, m.res.schema);
      if ('error' in parsed) throw badRequest([parsed.error]);
      const { good, failed } = await checkRows(ctx, m, hooks.get(`${m.service.name}/${m.res.name}`), access.scopeId, parsed.rows);
      const stored = await guardUnique(m, () =>
        ctx.db.transaction(async (tx) => {
          const store = new RecordStore(tx);
          const out: Data[] = [];
          for (const data of good) out.push(await store.insert(m, access.scopeId, randomUUID(), data, m.res.status?.initial ?? null));
          return out;
        }),
      );
      const report: ImportReport = { total: parsed.rows.length, imported: stored.length, failed };
      const ids = stored.map((r) => String(r[m.res.idField]));
      await audit(ctx, access, m, 'import', m.res.name, undefined, { total: report.total, imported: report.imported, failed: failed.length, ids });
      return report;
    },
  });
}
