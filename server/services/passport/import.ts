import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { JsonSchema } from '../../../resources/types';
import type { Ctx } from '../../context';
import { compileSchema, toFieldErrors } from '../../engine/ajv';
import type { FieldError } from '../../engine/errors';
import type { ResourceModel } from '../../engine/model';
import { RecordStore, type Data } from '../../engine/store';

/** The body of an import call: the file's text and its format. */
export const importBodySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'content'],
  properties: {
    format: { type: 'string', enum: ['csv', 'json'] },
    // 1 MB of text at most (the body limit); rows beyond MAX_ROWS are refused.
    content: { type: 'string', minLength: 1, maxLength: 1_000_000 },
  },
};

export const MAX_ROWS = 5000;

export interface ImportReport {
  total: number;
  imported: number;
  failed: { row: number; errors: FieldError[] }[];
}

export const importReportSchema: JsonSchema = {
  type: 'object',
  required: ['total', 'imported', 'failed'],
  properties: {
    total: { type: 'integer' },
    imported: { type: 'integer' },
    failed: { type: 'array', items: { type: 'object', properties: { row: { type: 'integer' }, errors: { type: 'array' } } } },
  },
};

/**
 * A CSV cell as the type its schema property asks for: numbers and booleans from their text, arrays and objects
 * from JSON; an empty cell is left out. Anything that does not convert stays text, for validation to refuse.
 */
function cell(value: string, schema: JsonSchema | undefined): unknown {
  if (value === '') return undefined;
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  if (type === 'boolean' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  if (type === 'array' || type === 'object') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** The rows of a CSV (header line first) or JSON (an array of objects) file. */
export function parseRows(format: 'csv' | 'json', content: string, schema: JsonSchema): { rows: Data[] } | { error: FieldError } {
  let rows: unknown;
  try {
    if (format === 'json') rows = JSON.parse(content);
    else {
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const records = parse(content, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
      rows = records.map((r) => Object.fromEntries(Object.entries(r).flatMap(([k, v]) => {
        const value = cell(v, props[k]);
        return value === undefined ? [] : [[k, value]];
      })));
    }
  } catch (err) {
    return { error: { field: '/content', message: `not valid ${format}: ${(err as Error).message.slice(0, 200)}` } };
  }
  if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
    return { error: { field: '/content', message: 'expected a list of records' } };
  }
  if (rows.length === 0) return { error: { field: '/content', message: 'the file has no rows' } };
  if (rows.length > MAX_ROWS) return { error: { field: '/content', message: `at most ${MAX_ROWS} rows per import` } };
  return { rows: rows as Data[] };
}

/**
 * Imports rows into a declared resource: each row is checked against the resource's create schema and `check`
 * (duplicates, references); rows that pass are stored together in one transaction, rows that fail are reported
 * by their 1-based row number and stored nowhere.
 */
export async function importRows(
  ctx: Ctx,
  m: ResourceModel,
  scopeId: string,
  rows: Data[],
  check?: (row: Data, seen: Data[]) => Promise<FieldError[]> | FieldError[],
): Promise<ImportReport> {
  const validate = compileSchema(m.createSchema);
  const good: Data[] = [];
  const failed: ImportReport['failed'] = [];
  for (const [i, raw] of rows.entries()) {
    const row = structuredClone(raw);
    const errors = validate(row) ? [] : toFieldErrors(validate.errors);
    if (!errors.length && check) errors.push(...(await check(row, good)));
    if (errors.length) failed.push({ row: i + 1, errors });
    else good.push(row);
  }
  await ctx.db.transaction(async (tx) => {
    const store = new RecordStore(tx);
    for (const row of good) await store.insert(m, scopeId, randomUUID(), row, m.res.status?.initial ?? null);
  });
  return { total: rows.length, imported: good.length, failed };
}
