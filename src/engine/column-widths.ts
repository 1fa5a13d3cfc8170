import { xui, type PropSchema } from './schema';

/** Room for free-text columns (they share what is left) when the table has to scroll sideways. */
export const FLEX_WIDTH = 160;

/**
 * A date-time column: "2026-01-28 16:00:00" whole on one line with a cell's padding, and in its heading the title,
 * the sorter and the time-zone clock. A narrower declared width is raised to it: the time would be cut.
 */
const DATE_TIME_WIDTH = 180;

/** The console's own titles of the timestamps every record has. */
export const TIMESTAMP_TITLES: Record<string, string> = { createdAt: 'engine.createdAt', updatedAt: 'engine.updatedAt' };

/** Whether a column shows a date-time (read in the display zone). */
export const isDateTimeColumn = (field: string, prop: PropSchema | undefined): boolean => field in TIMESTAMP_TITLES || prop?.format === 'date-time';

/** A sensible width for a column, from its schema (or `x-ui.width`). Free text takes what is left. */
export function widthOf(field: string, prop: PropSchema | undefined, isStatus: boolean): number | undefined {
  const declared = xui(prop).width;
  if (isDateTimeColumn(field, prop)) return Math.max(declared ?? 0, DATE_TIME_WIDTH);
  if (declared) return declared;
  if (isStatus) return 90;
  if (prop?.type === 'integer' || prop?.type === 'number') return xui(prop).widget === 'percent' ? 100 : 80;
  if (prop?.enum) return 100;
  return undefined;
}

/** Ideographs and full-width forms are as wide as the font is high; other letters about 4/7 of it (14 px text). */
const WIDE = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const textWidth = (label: string) => [...label].reduce((sum, ch) => sum + (WIDE.test(ch) ? 14 : 8), 0);

/** A small link button in a row: its label and 4 px of padding on each side, and the 1 px border. */
const ROW_BUTTON_PADDING = 10;
/** A cell's padding in a `middle` table. */
const CELL_PADDING = 16;

/** An icon after a button's label (a menu's arrow) and the gap before it. */
const ICON_WIDTH = 20;

/** The width of a row's column of small link buttons, side by side on one line; `menu` ends with an arrow. */
export function buttonsWidth(labels: string[], menu?: string): number {
  const buttons = menu === undefined ? labels : [...labels, menu];
  return CELL_PADDING + buttons.reduce((sum, label) => sum + textWidth(label) + ROW_BUTTON_PADDING, 0) + (menu === undefined ? 0 : ICON_WIDTH);
}
