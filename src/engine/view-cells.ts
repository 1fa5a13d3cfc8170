import type { Text } from '../../resources/types';
import { summaryLine } from './detail-fields';
import { xui, type PropSchema, type XUi } from './schema';
import { lookupMessage } from '../../resources/messages/lookup';

type Locale = keyof Text;

/**
 * Hints a view's row field may carry beyond a record field's (`x-ui`):
 * - `valuesBy`: the path inside the value whose value picks the `values` entry (a target's `type`);
 * - `widget: 'tags'`: a list shown as tags, each item read by its schema's `x-ui.summary` (`{{resource}} × {{amount}}`,
 *   as a detail's object is) in `color`; with
 *   `collapse` (`{{count}} refused`) one tag saying so, the items listed when pointed at;
 * - `messages: true` with `widget: 'tags'`: each item is a server message (an English key of the message dictionary,
 *   `resources/messages/`), shown in the console's language (a publish step's outcome);
 * - `widget: 'progress'`: a number out of the row's field `of`, as a bar;
 * - `page`: the value opens a page of the service (a relative route), its query read from the row's fields.
 * Labels and texts may name row fields as `{{field}}` or `{{field.path}}` (an array's `length` too).
 */
export interface ViewHints extends XUi {
  valuesBy?: string;
  color?: string;
  collapse?: Text;
  messages?: boolean;
  of?: string;
  page?: { route: string; query: Record<string, string> };
}

/** A value at a dotted path (`target.personaIds.length`). */
export function valueAtPath(value: unknown, path: string): unknown {
  let node = value;
  for (const step of path.split('.')) {
    if (node === null || node === undefined) return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/** A text with `{{path}}` read from `source`. */
export const fillText = (template: string, source: unknown): string =>
  template.replace(/\{\{([\w.]+)\}\}/g, (_, path: string) => String(valueAtPath(source, path) ?? ''));

/** How a cell of a view's special widgets reads. */
export type SpecialCell =
  | { kind: 'tags'; items: string[]; color?: string; collapsed?: string }
  | { kind: 'progress'; value: number; of: number }
  | { kind: 'page'; route: string; query: Record<string, string>; value: unknown };

/** A special widget's cell, or undefined when the field declares none. */
export function specialCell(prop: PropSchema | undefined, value: unknown, row: Record<string, unknown>, locale: Locale): SpecialCell | undefined {
  const hints = xui(prop) as ViewHints;
  if (hints.widget === 'tags' && Array.isArray(value)) {
    const items = value.map((item) => (hints.messages ? (lookupMessage(String(item))?.[locale] ?? String(item)) : summaryLine(prop?.items, item, locale)));
    return { kind: 'tags', items, color: hints.color, collapsed: hints.collapse ? fillText(hints.collapse[locale], { count: items.length }) : undefined };
  }
  if (hints.widget === 'progress' && hints.of) return { kind: 'progress', value: Number(value), of: Number(row[hints.of]) };
  if (hints.page) {
    const query = Object.fromEntries(Object.entries(hints.page.query).map(([param, field]) => [param, String(row[field] ?? '')]));
    return { kind: 'page', route: hints.page.route, query, value };
  }
  return undefined;
}
