/** One field that differs between the record before and after an operation. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The top-level fields an operation changed: for two records, the keys whose values differ (in the order the
 * records list them); a created or deleted record shows every field on one side; two plain values that differ
 * are one change with an empty field name.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if ((isRecord(b) || b === undefined) && (isRecord(a) || a === undefined)) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return keys.filter((k) => !same(b?.[k], a?.[k])).map((k) => ({ field: k, before: b?.[k], after: a?.[k] }));
  }
  return same(b, a) ? [] : [{ field: '', before: b, after: a }];
}

/** A value as one line for a table cell: strings as they are, everything else as JSON. */
export function inline(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The kind and identity of an actor written as `kind:identity` (`user:a@b.c`). */
export function splitActor(actor: string): { kind: string; who: string } {
  const colon = actor.indexOf(':');
  return colon > 0 ? { kind: actor.slice(0, colon), who: actor.slice(colon + 1) } : { kind: '', who: actor };
}
