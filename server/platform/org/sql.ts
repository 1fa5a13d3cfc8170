import type { JsonSchema } from '../../../resources/types';
import { DEFAULT_LIST_COUNT } from '../../../resources/org-api';

/** A stored time as ISO 8601 UTC. */
export function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

/** `text` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL's unique-violation error. */
export const isUniqueViolation = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/** Platform-API paging (spec 000 §9): `count` is the page size (default 9999), `start` the offset. */
export const pagingProperties = {
  count: { type: 'integer', minimum: 1, maximum: DEFAULT_LIST_COUNT },
  start: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
  q: { type: 'string', maxLength: 100 },
} as const;

export interface Paging {
  count?: number;
  start?: number;
  q?: string;
}

/** Collects WHERE conditions with numbered parameters. */
export class Where {
  readonly params: unknown[];
  private readonly conds: string[] = [];

  constructor(...params: unknown[]) {
    this.params = params;
  }

  /** Adds a condition; each `$?` in it, in order, becomes the number of the next of `values`. */
  add(cond: string, ...values: unknown[]): this {
    let i = 0;
    this.conds.push(
      cond.replace(/\$\?/g, () => {
        if (i >= values.length) throw new Error(`too few values for ${cond}`);
        return `$${this.params.push(values[i++])}`;
      }),
    );
    return this;
  }

  toString(): string {
    return this.conds.length ? `WHERE ${this.conds.join(' AND ')}` : '';
  }

  /** `LIMIT … OFFSET …` as parameters after the conditions'. */
  page(p: Paging): { sql: string; params: unknown[] } {
    const params = [...this.params, p.count ?? DEFAULT_LIST_COUNT, p.start ?? 0];
    return { sql: `LIMIT $${params.length - 1} OFFSET $${params.length}`, params };
  }
}

export const listSchema = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['TotalCount', 'Items'],
  properties: { TotalCount: { type: 'integer' }, Items: { type: 'array', items: item } },
});
