import { parse } from 'csv-parse/sync';
import type { JsonSchema } from '../../resources/types';
import type { FieldError } from './errors';
import type { Data } from './store';

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
