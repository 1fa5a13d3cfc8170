import type { JsonSchema, ResourceDecl } from '../../resources/types';
import { setFieldOf, writeOnlyFields } from '../../resources/field-access';
import { formFields, pick, propertyOf } from './schema';

/**
 * How the console treats a write-only field (a secret, `writeOnly: true`): answers never carry its value, only
 * `<field>Set`, so a record's page shows whether it is set and replaces it on its own; the create form asks for it,
 * the edit form leaves it out (an update without it keeps it).
 */

export const isWriteOnly = (decl: ResourceDecl, field: string): boolean => writeOnlyFields(decl.schema).includes(field);

/** Whether the record holds a value for the field, as its answer says. */
export const secretIsSet = (record: Record<string, unknown>, field: string): boolean => record[setFieldOf(field)] === true;

/** A secret may be cleared (sent empty) unless the schema requires it or refuses an empty text. */
export function secretClearable(decl: ResourceDecl, field: string): boolean {
  const required = ((decl.schema.required as string[] | undefined) ?? []).includes(field);
  const minLength = (propertyOf(decl.schema, field) as JsonSchema | undefined)?.minLength;
  return !required && !(typeof minLength === 'number' && minLength > 0);
}

/**
 * The update that replaces one write-only field: the record's other writable values as read (so nothing else
 * changes), the new value ('' clears it), and the version read (a change made meanwhile is refused).
 */
export function replaceSecretBody(decl: ResourceDecl, record: Record<string, unknown>, field: string, value: string): Record<string, unknown> {
  const others = formFields(decl, 'create').filter((f) => !isWriteOnly(decl, f));
  return { ...pick(record, others), [field]: value, version: record.version };
}
