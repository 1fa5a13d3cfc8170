import type { ActionDecl, FieldAccess, JsonSchema, Principal, ResourceDecl } from './types';

/**
 * Write-only fields and who may read or write each field, read from a resource's schema by the server (answers,
 * checks), the console (what it shows and offers) and the tests.
 *
 * A write-only field (`writeOnly: true`, a secret) is taken on create and update but never answered: answers carry
 * `<field>Set: true | false` instead (set is anything but missing, null or ''). An update that leaves it out keeps
 * the stored value, one that carries it replaces it ('' clears a text).
 */

type Props = Record<string, JsonSchema>;
const propsOf = (schema: JsonSchema) => (schema.properties ?? {}) as Props;

/** The schema's write-only fields, in schema order. */
export const writeOnlyFields = (schema: JsonSchema): string[] =>
  Object.entries(propsOf(schema))
    .filter(([, s]) => s.writeOnly === true)
    .map(([k]) => k);

/** The answer field that says whether a write-only field holds a value. */
export const setFieldOf = (field: string) => `${field}Set`;

/** Whether a stored value counts as set. */
export const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A field's `x-access`, if it declares one. */
export const fieldAccessOf = (schema: JsonSchema, field: string): FieldAccess | undefined =>
  propsOf(schema)[field]?.['x-access'] as FieldAccess | undefined;

/** Fields whose `x-access` leaves these principals out of `mode`. */
export function fieldsDenied(schema: JsonSchema, mode: 'read' | 'write', principals: Principal[]): string[] {
  return Object.keys(propsOf(schema)).filter((k) => {
    const allowed = fieldAccessOf(schema, k)?.[mode];
    return allowed !== undefined && !allowed.some((p) => principals.includes(p));
  });
}

/** Who may call a state action: the action's own `access` when it declares one, otherwise the resource's writers. */
export const actionAccess = (res: ResourceDecl, action: ActionDecl): Principal[] => action.access ?? res.access.write;
