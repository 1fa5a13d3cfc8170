import type { JsonSchema, ResourceDecl, ServiceDecl, Text, ViewDecl } from '../../resources/types';
import { TIMESTAMP_TITLES, widthOf } from './column-widths';
import { fieldTitle, propertyOf, xui, type PropSchema } from './schema';
import { fillText, specialCell, valueAtPath, type SpecialCell, type ViewHints } from './view-cells';
import type { ViewRowsState } from './useViewRows';

type Locale = keyof Text;

/** What a view's rows are: a schema of their own, or the records of a resource of the same service. */
export interface ViewRows {
  schema: JsonSchema;
  records?: ResourceDecl;
}

export function viewRows(service: ServiceDecl, view: Pick<ViewDecl, 'name' | 'row'>): ViewRows {
  if (typeof view.row !== 'string') return { schema: view.row };
  const records = service.resources.find((r) => r.name === view.row);
  if (!records) throw new Error(`${service.name} view ${view.name}: no resource "${view.row}" for its rows`);
  return { schema: records.schema, records };
}

export interface ViewColumnSpec {
  field: string;
  title: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  prop?: PropSchema;
  /** The value opens this resource's record page, the one whose id the row's `idField` holds. */
  link?: { resource: string; idField?: string };
}

/**
 * A view's columns, in the declared order: titles from the row schema's `x-ui.title` (the console's own for
 * timestamps), widths as a resource list's, a declared alignment; a record row's title field links to its page.
 */
export function viewColumnSpecs(service: ServiceDecl, view: Pick<ViewDecl, 'name' | 'row' | 'columns'>, locale: Locale, t: (key: string) => string): ViewColumnSpec[] {
  const { schema, records } = viewRows(service, view);
  return view.columns.map((field) => {
    const prop = propertyOf(schema, field);
    const hints = xui(prop);
    // Timestamps and a record row's id (the engine's, not in its schema) are titled by the console.
    const own = TIMESTAMP_TITLES[field] ?? (records && !prop && field === records.idField ? 'engine.id' : undefined);
    const title = own && !hints.title ? t(own) : fieldTitle(prop, field, locale);
    const isStatus = records?.status?.field === field;
    const link = hints.link ?? (records && field === records.titleField ? { resource: records.name, idField: records.idField } : undefined);
    return { field, title, width: widthOf(field, prop, isStatus), align: hints.align, prop, link };
  });
}

/** How one cell reads, before it is drawn. */
export type ViewCell =
  | { kind: 'absent' }
  | { kind: 'empty'; text: string }
  | { kind: 'label'; text: string; color?: string }
  | { kind: 'link'; resource: string; id: string; value: unknown }
  | { kind: 'value'; value: unknown }
  | SpecialCell;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** A row's cell by its field's hints: left empty where `when` rules it out, `empty`, `values` labels, a `link`, or the value. */
export function viewCell(spec: ViewColumnSpec, row: Record<string, unknown>, locale: Locale): ViewCell {
  const hints = xui(spec.prop) as ViewHints;
  const applies = Object.entries(hints.when ?? {}).every(([field, values]) => values.includes(String(row[field])));
  if (!applies) return { kind: 'absent' };
  const value = row[spec.field];
  if (isAbsent(value)) return hints.empty ? { kind: 'empty', text: hints.empty[locale] } : { kind: 'absent' };
  const named = hints.values?.[String(hints.valuesBy ? valueAtPath(value, hints.valuesBy) : value)];
  if (named) return { kind: 'label', text: fillText(named.label[locale], row), color: named.color };
  const special = specialCell(spec.prop, value, row, locale);
  if (special) return special;
  if (spec.link) {
    const id = spec.link.idField ? row[spec.link.idField] : value;
    if (!isAbsent(id)) return { kind: 'link', resource: spec.link.resource, id: String(id), value };
  }
  return { kind: 'value', value };
}

/** What tells a view's rows apart: the declared field, or the declared fields joined. */
export function viewRowKey(view: Pick<ViewDecl, 'rowKey'>, row: Record<string, unknown>): string {
  const fields = Array.isArray(view.rowKey) ? view.rowKey : [view.rowKey];
  return fields.map((f) => String(row[f] ?? '')).join('|');
}

/** The views of a record's page, grouped: a view alone, or the views sharing a `group`, in declared order. */
export function viewGroups(views: ViewDecl[]): { group?: Text; views: ViewDecl[] }[] {
  const groups: { group?: Text; views: ViewDecl[] }[] = [];
  for (const view of views) {
    const same = view.group && groups.find((g) => g.group?.en === view.group?.en);
    if (same) same.views.push(view);
    else groups.push({ group: view.group, views: [view] });
  }
  return groups;
}

/** A view's sentence about its answer (`summary`, `{{total}}` standing for the total), or nothing to say. */
export function viewSummary(view: Pick<ViewDecl, 'summary'>, total: number | undefined, text: (t: Text) => string, locale: string): string | undefined {
  return view.summary && total !== undefined ? text(view.summary).replace('{{total}}', total.toLocaleString(locale)) : undefined;
}

/** Rows already in hand (a record's own list field) as a view's state: one answer the table pages itself. */
export function heldRows(rows: Record<string, unknown>[]): ViewRowsState {
  return { rows, total: rows.length, loading: false, error: null, page: 1, setPage: () => undefined, refetch: () => undefined };
}
