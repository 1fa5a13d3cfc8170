import type { JsonSchema, PartDecl, ResourceDecl, ServiceDecl, ViewDecl } from '../../../resources/types';
import { writeOnlyFields } from '../../../resources/field-access';
import { borrowedOf } from '../../../resources/borrowed';
import { fieldSchema, formFields, narrowSchema } from '../schema';

/** The schema of a record's create or edit form (a singleton's settings are its edit form). */
export const recordFormSchema = (decl: ResourceDecl, mode: 'create' | 'edit'): JsonSchema => narrowSchema(decl.schema, formFields(decl, mode));

/** The schema of a part's own editor. */
export const partFormSchema = (decl: ResourceDecl, part: PartDecl): JsonSchema => fieldSchema(decl.schema, part.field);

/** The schema of the form that replaces a write-only field (a secret) on its own: that field alone, required. */
export const secretFormSchema = (decl: ResourceDecl, field: string): JsonSchema => fieldSchema(decl.schema, field);

export interface FormSchema {
  /** Where the form is, for messages: `service/resource form`. */
  name: string;
  schema: JsonSchema;
}

/**
 * Every schema a console form validates against: each resource's create and edit forms, its parts' editors, the
 * forms replacing its write-only fields, and the fields its actions and commands ask for; the create and edit forms of
 * the resources other services show (`ServiceDecl.borrowed`, their condition's field required). The build compiles a check
 * for each of these (scripts/form-validators.ts); the forms take their schema from the same functions, so each finds
 * its check.
 */
export function formSchemas(services: readonly ServiceDecl[]): FormSchema[] {
  return services.flatMap((service) =>
    service.resources.flatMap((decl) => {
      const at = `${service.name}/${decl.name}`;
      return [
        { name: `${at} create form`, schema: recordFormSchema(decl, 'create') },
        { name: `${at} edit form`, schema: recordFormSchema(decl, 'edit') },
        ...(decl.parts ?? []).map((part) => ({ name: `${at} ${part.field} editor`, schema: partFormSchema(decl, part) })),
        ...writeOnlyFields(decl.schema).map((field) => ({ name: `${at} ${field} replace form`, schema: secretFormSchema(decl, field) })),
        ...(decl.actions ?? []).flatMap((a) => (a.fields ? [{ name: `${at} ${a.name} action`, schema: a.fields }] : [])),
        ...(decl.commands ?? []).flatMap((c) => (c.fields ? [{ name: `${at} ${c.name} command`, schema: c.fields }] : [])),
        ...(decl.views ?? []).flatMap((v) => rowCommandForms(`${at} ${v.name}`, v)),
      ];
    }),
  ).concat(
    services.flatMap((service) =>
      (service.pages ?? []).flatMap((page) => {
        const view = page.view;
        if (!view) return [];
        const at = `${service.name} page ${page.route}`;
        return [...(view.commands ?? []).flatMap((c) => (c.fields ? [{ name: `${at} ${c.name} command`, schema: c.fields }] : [])), ...rowCommandForms(at, view)];
      }),
    ),
    borrowedOf(services).flatMap(({ borrower, lender, decl }) => {
      const at = `${borrower.name} ${lender.name}/${decl.name}`;
      return [
        { name: `${at} create form`, schema: recordFormSchema(decl, 'create') },
        { name: `${at} edit form`, schema: recordFormSchema(decl, 'edit') },
      ];
    }),
  );
}

/** The fields a view's row commands ask for. */
function rowCommandForms(at: string, view: ViewDecl): FormSchema[] {
  return (view.rowCommands ?? []).flatMap((c) => (c.fields ? [{ name: `${at} ${c.name} row command`, schema: c.fields }] : []));
}
