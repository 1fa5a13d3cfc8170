import { isDeepStrictEqual } from 'node:util';
import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { FieldError } from './errors';
import type { Data } from './store';

/**
 * Checks between a record's fields that its schema declares, made on every write after the schema's own (a
 * create, an update, an import row), before the service's hooks:
 * - `x-after: '<field>'` on a time: when both are given, it must be later than that field's time;
 * - `x-fixed: true`: the value a record was created with cannot be changed;
 * - on a field of the items of an array of objects, `x-position: '<message>'`: an item's value is its place in the
 *   array counted from 1 (1, 2, 3…), and `x-not-below-previous: '<message>'`: no item's value is less than the one
 *   before. Each item that fails is a field error at its pointer with the message (an English key of
 *   `resources/messages/`).
 */

type Props = Record<string, JsonSchema>;
const propsOf = (res: ResourceDecl) => (res.schema.properties ?? {}) as Props;

/** The fields of a top-level array's items that declare a sequence check, each with its array and messages. */
const sequenceChecks = (res: ResourceDecl) =>
  Object.entries(propsOf(res))
    .flatMap(([array, s]) =>
      Object.entries(((s.items as JsonSchema | undefined)?.properties ?? {}) as Props).map(([field, f]) => ({ array, field, position: f['x-position'], notBelow: f['x-not-below-previous'] })),
    )
    .filter((c) => c.position !== undefined || c.notBelow !== undefined);

/** Refuses, at start-up, an `x-after` that names no time field of the schema, or an `x-fixed` that is not `true`. */
export function checkFieldChecks(service: ServiceDecl, res: ResourceDecl): void {
  const p = propsOf(res);
  for (const [f, s] of Object.entries(p)) {
    const after = s['x-after'];
    const isTime = (x: JsonSchema | undefined) => x?.format === 'date-time';
    if (after !== undefined && (typeof after !== 'string' || !isTime(p[after]) || !isTime(s))) {
      throw new Error(`${service.name}/${res.name}: x-after of '${f}' must name another date-time field`);
    }
    if (s['x-fixed'] !== undefined && s['x-fixed'] !== true) throw new Error(`${service.name}/${res.name}: x-fixed of '${f}' must be true`);
  }
  for (const c of sequenceChecks(res)) {
    if (![c.position, c.notBelow].every((m) => m === undefined || typeof m === 'string')) {
      throw new Error(`${service.name}/${res.name}: x-position and x-not-below-previous of '${c.array}[].${c.field}' are messages`);
    }
  }
}

/** The field errors of a write's declared checks (`existing`: the record an update changes). */
export function fieldCheckErrors(res: ResourceDecl, data: Data, existing?: Data): FieldError[] {
  const errors: FieldError[] = [];
  for (const [f, s] of Object.entries(propsOf(res))) {
    const after = s['x-after'] as string | undefined;
    const [at, start] = [data[f], after && data[after]];
    if (typeof at === 'string' && typeof start === 'string' && Date.parse(at) <= Date.parse(start)) {
      errors.push({ field: `/${f}`, message: 'must be after the start time' });
    }
    if (s['x-fixed'] === true && existing && !isDeepStrictEqual(existing[f], data[f])) errors.push({ field: `/${f}`, message: 'cannot be changed' });
  }
  const checks = sequenceChecks(res);
  for (const array of new Set(checks.map((c) => c.array))) {
    const items = Array.isArray(data[array]) ? (data[array] as Data[]) : [];
    items.forEach((item, i) => {
      for (const c of checks.filter((x) => x.array === array)) {
        const field = `/${array}/${i}/${c.field}`;
        if (typeof c.position === 'string' && item[c.field] !== i + 1) errors.push({ field, message: c.position });
        if (typeof c.notBelow === 'string' && i > 0 && Number(item[c.field]) < Number(items[i - 1][c.field])) errors.push({ field, message: c.notBelow });
      }
    });
  }
  return errors;
}
