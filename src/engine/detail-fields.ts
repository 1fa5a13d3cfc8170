import type { DetailViewDecl, JsonSchema, Text } from '../../resources/types';
import { formatAmount } from '../lib/format';
import { enumOptions, fieldTitle, localText, numberText, propertiesOf, propertyOf, xui, type PropSchema } from './schema';
import type { ViewColumnSpec } from './view-columns';

type Locale = keyof Text;

const isAbsent = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The rows of an answer described by a schema, in order: the `fields` given, else every property not marked
 * `hideInDetail`. Each has its title and schema, so a value reads by its hints as a view's cell does (`viewCell`).
 */
export function answerFieldSpecs(schema: JsonSchema, locale: Locale, fields?: string[]): ViewColumnSpec[] {
  const names = fields ?? propertiesOf(schema).flatMap(([name, prop]) => (xui(prop).hideInDetail ? [] : [name]));
  return names.map((field) => {
    const prop = propertyOf(schema, field);
    return { field, title: fieldTitle(prop, field, locale), prop, link: xui(prop).link };
  });
}

/** The rows of a detail view: its declared `fields`, else its answer's (the `tag` field is shown beside the label instead). */
export function detailFieldSpecs(detail: DetailViewDecl, locale: Locale): ViewColumnSpec[] {
  const specs = answerFieldSpecs(detail.answer, locale, detail.fields);
  return detail.fields ? specs : specs.filter((spec) => spec.field !== detail.tag);
}

/** Whether an answer holds none of the fields shown (a check not passed yet): the view's `empty` text stands instead. */
export function detailIsEmpty(specs: ViewColumnSpec[], answer: Record<string, unknown>): boolean {
  return specs.every((spec) => isAbsent(answer[spec.field]));
}

/** A value in a line of text: `money` as an amount (grouped, two decimals), a declared value's or enum's label, a number in the language's digits. */
export function plainText(prop: PropSchema | undefined, value: unknown, locale: Locale, format?: string): string {
  if ((format ?? xui(prop).widget) === 'money') return formatAmount(value as string | number);
  const named = xui(prop).values?.[String(value)];
  if (named) return named.label[locale];
  if (prop?.enum) return enumOptions(prop, locale).find((o) => o.value === String(value))?.label ?? String(value);
  if (typeof value === 'number') return numberText(prop, value, locale);
  return String(value);
}

const PLACEHOLDER = /\{\{(\w+)(?:\|(\w+))?\}\}/g;

/**
 * An object read as one line by its schema's `x-ui.summary`: the first template whose `{{field}}`s the value all
 * holds, each put in as `plainText` (`{{field|money}}` as an amount). Undefined when the schema declares none or no
 * template fits.
 */
export function summaryOf(prop: PropSchema | undefined, value: unknown, locale: Locale): string | undefined {
  if (!isObject(value)) return undefined;
  for (const template of xui(prop).summary ?? []) {
    const text = localText(template, locale) ?? '';
    const fields = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (fields.every((field) => !isAbsent(value[field]))) {
      return text.replace(PLACEHOLDER, (_, field: string, format?: string) => plainText(propertyOf(prop ?? {}, field), value[field], locale, format));
    }
  }
  return undefined;
}

/** An object's (or a list item's) line: its summary, else the value as JSON (a plain value as itself). */
export function summaryLine(prop: PropSchema | undefined, value: unknown, locale: Locale): string {
  return summaryOf(prop, value, locale) ?? (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
}

export interface SummaryTag {
  field: string;
  text: string;
  color?: string;
}

/**
 * The tags after an object's summary line (`x-ui.tags`): each field whose value its `values` or `enum` names, where its
 * `when` lets it apply, with the declared colour.
 */
export function summaryTags(prop: PropSchema | undefined, value: Record<string, unknown>, locale: Locale): SummaryTag[] {
  return (xui(prop).tags ?? []).flatMap((field) => {
    const p = propertyOf(prop ?? {}, field);
    const hints = xui(p);
    const raw = value[field];
    const applies = Object.entries(hints.when ?? {}).every(([other, values]) => values.includes(String(value[other])));
    if (!applies || isAbsent(raw)) return [];
    const named = hints.values?.[String(raw)];
    if (named) return [{ field, text: named.label[locale], color: named.color }];
    const option = p?.enum ? enumOptions(p, locale).find((o) => o.value === String(raw)) : undefined;
    return option ? [{ field, text: option.label }] : [];
  });
}

/** Whether a value shows as summary lines: an object, or a list of objects, whose schema declares `summary`. */
export function hasSummary(prop: PropSchema | undefined, value: unknown): boolean {
  if (Array.isArray(value)) return !!xui(prop?.items).summary && value.every(isObject);
  return !!xui(prop).summary && isObject(value);
}
