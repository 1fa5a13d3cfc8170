import type { JsonSchema, ResourceDecl, Text } from '../../resources/types';
import { SERVER_FIELDS } from '../../providers/declarations';
import { writeOnlyFields } from '../../resources/field-access';

/** Where a widget reads its choices: another resource of the same service (e.g. config keys for overrides). */
export interface OptionsFrom {
  resource: string;
  /** The service the resource is declared in, when not the form's own (a publish's bucket, asset streaming's). */
  service?: string;
  /**
   * A sub-resource's records listed under the record the form's field of this name holds (a release, among the
   * releases of the bucket chosen above it), rather than under the record the form works under.
   */
  parentField?: string;
  /** The field whose value is stored. */
  value: string;
  /** A field shown next to the value. */
  label?: string;
  /** A field holding the value type of the option (for typed inputs). */
  type?: string;
  /** A field shown as a hint (e.g. the default value). */
  hint?: string;
}

/** The `x-ui` keyword: UI hints JSON Schema cannot carry. */
export interface XUi {
  title?: Text;
  widget?: string;
  help?: Text;
  placeholder?: string | Text;
  enumNames?: { 'zh-CN': string[]; en: string[] };
  hideInList?: boolean;
  /** Left out of a record's fields: a declared panel of its page shows it instead. */
  hideInDetail?: boolean;
  /** typedValue: the sibling field holding the value type. */
  typeField?: string;
  /** expression: path under the service base that validates a rule. */
  validatePath?: string;
  optionsFrom?: OptionsFrom;
  /**
   * A number that names something (a port, an exit code) rather than counts: `plain` shows it as written, not grouped
   * with thousands separators; unlike `widget: 'code'`, its form's input is unchanged.
   */
  digits?: 'plain';
  /** Column width in a list (the resource's table, or a list of objects inside a record: a crash's frames), in pixels. */
  width?: number;
  /** On an object: fields shown side by side, row by row (the others follow, one per row). */
  layout?: string[][];
  /** A view's row field: how some values read (a `color` makes it a tag), e.g. an action or a relation. */
  values?: Record<string, { label: Text; color?: string }>;
  /** A view's row field: links to that resource's record page, whose id is the row's `idField` (default this value). */
  link?: { resource: string; idField?: string };
  /** A view's row field: shown only on rows whose fields hold one of these values (else left empty). */
  when?: Record<string, string[]>;
  /** A view's row field: what an absent value means (a ban without an end: "until unbanned"). */
  empty?: Text;
  /** A view's row field: the column's alignment. */
  align?: 'left' | 'right' | 'center';
  /**
   * An object (or a list's items) read as one line: the first of these templates whose `{{field}}`s the value all
   * holds, each field as its own property shows it in text (a `money` amount grouped with two decimals).
   */
  summary?: (string | Text)[];
  /** With `summary`: fields of the object shown after the line as tags, by their `values` (or enum labels). */
  tags?: string[];
}

export type PropSchema = JsonSchema & {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: unknown[];
  format?: string;
  readOnly?: boolean;
  default?: unknown;
  properties?: Record<string, PropSchema>;
  items?: PropSchema;
  required?: string[];
  'x-ui'?: XUi;
};

type Locale = keyof Text;

export const xui = (prop: PropSchema | undefined): XUi => (prop?.['x-ui'] ?? {}) as XUi;

/** A number as the console shows it: grouped in the language's way, or as written when it names something (`digits`). */
export const numberText = (prop: PropSchema | undefined, value: number, locale: Locale): string =>
  xui(prop).digits === 'plain' ? String(value) : value.toLocaleString(locale);

export function propertiesOf(schema: JsonSchema): [string, PropSchema][] {
  return Object.entries(((schema as PropSchema).properties ?? {}) as Record<string, PropSchema>);
}

export const propertyOf = (schema: JsonSchema, name: string): PropSchema | undefined =>
  ((schema as PropSchema).properties ?? {})[name];

export function fieldTitle(prop: PropSchema | undefined, name: string, locale: Locale): string {
  return xui(prop).title?.[locale] || prop?.title || name;
}

export function localText(value: string | Text | undefined, locale: Locale): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value[locale] || value['zh-CN'];
}

/**
 * A name as it reads inside an English sentence ("No redeem codes yet", "Filter by status"): a capitalised first
 * word is lowered unless it is an acronym (SMS, ID). Chinese has no case.
 */
export function inSentence(name: string, locale: Locale): string {
  if (locale !== 'en' || name.length < 2) return name;
  return /^[A-Z][a-z]/.test(name) ? name[0].toLowerCase() + name.slice(1) : name;
}

export interface Option {
  value: string;
  label: string;
}

/** An enum's choices with their labels in this language (`x-ui.enumNames`), or the values themselves. */
export function enumOptions(prop: PropSchema | undefined, locale: Locale): Option[] {
  const names = xui(prop).enumNames?.[locale];
  return (prop?.enum ?? []).map((value, i) => ({ value: String(value), label: names?.[i] ?? String(value) }));
}

/** Fields a form never shows: server-managed ones, `readOnly` ones, the status and the declared `readOnly`. */
function hiddenFromForms(decl: ResourceDecl): Set<string> {
  const hidden = new Set<string>([...SERVER_FIELDS, decl.idField, ...(decl.readOnly ?? [])]);
  if (decl.status) hidden.add(decl.status.field);
  for (const [name, prop] of propertiesOf(decl.schema)) if (prop.readOnly) hidden.add(name);
  return hidden;
}

/**
 * The fields of the create or edit form. Both include the parts (fields that also have their own endpoint and
 * editor on the record's page), so editing a record edits all of it in one place. Write-only fields (secrets) are
 * asked for on create and left out of the edit form: an update without them keeps them.
 */
export function formFields(decl: ResourceDecl, mode: 'create' | 'edit'): string[] {
  const hidden = hiddenFromForms(decl);
  // A secret is never read back, so the edit form cannot show it: it is replaced on its own (WriteOnlyValue).
  if (mode === 'edit') for (const field of writeOnlyFields(decl.schema)) hidden.add(field);
  return propertiesOf(decl.schema)
    .map(([name]) => name)
    .filter((name) => !hidden.has(name));
}

/** The schema narrowed to some of its fields (their conditions and requirements kept), without its own title. */
export function narrowSchema(schema: JsonSchema, fields: string[]): JsonSchema {
  const source = schema as PropSchema;
  const keep = new Set(fields);
  const { title: _t, description: _d, $id: _id, examples: _e, ...rest } = source as PropSchema & { $id?: string; examples?: unknown };
  return {
    ...rest,
    properties: Object.fromEntries(propertiesOf(schema).filter(([name]) => keep.has(name))),
    required: (source.required ?? []).filter((name) => keep.has(name)),
  };
}

/** A schema holding one field of another, for editing that field alone (a part). */
export function fieldSchema(schema: JsonSchema, field: string): JsonSchema {
  const { allOf: _conditions, ...rest } = schema as PropSchema & { allOf?: unknown };
  return narrowSchema({ ...rest, required: [field] }, [field]);
}

export function pick(record: Record<string, unknown> | undefined, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (record && record[f] !== undefined && record[f] !== null) out[f] = record[f];
  return out;
}

/** Fields shown on a record's page: every schema field but the parts (they have their own editor). */
export function detailFields(decl: ResourceDecl): string[] {
  const parts = new Set((decl.parts ?? []).map((p) => p.field));
  return propertiesOf(decl.schema)
    .map(([name]) => name)
    .filter((name) => !parts.has(name) && name !== decl.status?.field && !xui(propertyOf(decl.schema, name)).hideInDetail);
}
