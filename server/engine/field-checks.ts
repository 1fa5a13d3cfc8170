import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { FieldError } from './errors';
import type { Data } from './store';

/**
 * Checks between a record's fields that its schema declares, made on every write after the schema's own (a
 * create, an update, an import row), before the service's hooks:
 * - `x-after: '<field>'` on a time: when both are given, it must be later than that field's time;
 * - `x-fixed: true`: the value a record was created with cannot be changed.
 */

type Props = Record<string, JsonSchema>;
const propsOf = (res: ResourceDecl) => (res.schema.properties ?? {}) as Props;

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
    if (s['x-fixed'] === true && existing && existing[f] !== data[f]) errors.push({ field: `/${f}`, message: 'cannot be changed' });
  }
  return errors;
}
