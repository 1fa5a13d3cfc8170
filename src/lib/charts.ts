/** Chart constants shared by every chart of the console (spec 000 §9). Pure values and functions only. */

/** The 13 series colours, in the order series take them; a 14th series starts again from the first. */
export const CHART_PALETTE: readonly string[] = [
  '#1677ff',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#fa8c16',
  '#2f54eb',
  '#a0d911',
  '#8c564b',
  '#fadb14',
  '#595959',
];

/**
 * A line series as every line chart draws it: two pixels wide (a one-pixel line, flat at zero along the bottom of
 * the plot, all but disappears) with a point on each value.
 */
export const LINE_STYLE = { lineWidth: 2 } as const;
export const LINE_POINT = { shapeField: 'circle', sizeField: 3 } as const;

/** The colour of the series at `index` (0-based). */
export function seriesColor(index: number): string {
  const n = CHART_PALETTE.length;
  return CHART_PALETTE[((Math.trunc(index) % n) + n) % n];
}

/** A bar chart's tooltip lists at most this many series per column, then starts another column. */
export const BAR_TOOLTIP_ITEMS_PER_COLUMN = 15;

/** Tooltip items split into columns of `BAR_TOOLTIP_ITEMS_PER_COLUMN`, in order. */
export function tooltipColumns<T>(items: readonly T[], perColumn = BAR_TOOLTIP_ITEMS_PER_COLUMN): T[][] {
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += perColumn) columns.push(items.slice(i, i + perColumn));
  return columns;
}

/** Pie charts are rings from 50 % to 100 % of the available radius. */
export const PIE_RADIUS = { inner: 50, outer: 100 } as const;

/** The same ring as @ant-design/charts' Pie options, which take fractions of the radius. */
export const PIE_RADIUS_OPTIONS = { innerRadius: PIE_RADIUS.inner / 100, radius: PIE_RADIUS.outer / 100 } as const;
