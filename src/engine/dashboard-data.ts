import type { DashboardChartDecl, DashboardFigureDecl, DashboardSourceDecl, Text } from '../../resources/types';
import { formatAmount, formatBigNumber, formatDateTime, formatSize, shanghaiDate } from '../lib/format';
import { valueAtPath } from './view-cells';

type Locale = keyof Text;
type Answer = Record<string, unknown>;

/** One point of a dashboard's chart: a day (or a pie's slice) `x`, its series and value. */
export interface DashboardPoint {
  x: string;
  series: string;
  value: number;
}

/** A source's query for the last `days` days up to today (Beijing days), its declared parameters beside it. */
export function sourceQuery(source: DashboardSourceDecl, days: number, now = new Date()): Record<string, string | number> {
  const range = source.range ? { [source.range[0]]: shanghaiDate(-(days - 1), now), [source.range[1]]: shanghaiDate(0, now) } : {};
  return { ...source.query, ...range };
}

/**
 * A text naming an answer's values: `{{path}}` a number shown short (1.2万, 12K) or a text as it is, `{{path|money}}`
 * an amount grouped with two decimals; an absent value reads as an empty text.
 */
export function fillAnswer(template: string, answer: unknown, locale: Locale): string {
  return template.replace(/\{\{([\w.]+)(?:\|(\w+))?\}\}/g, (_, path: string, format?: string) => {
    const value = valueAtPath(answer, path);
    if (value === undefined || value === null) return '';
    if (format === 'money') return formatAmount(value as string | number);
    return typeof value === 'number' ? formatBigNumber(value, locale) : String(value);
  });
}

/** What a figure's card shows, or undefined before its answer: its value, once per item of `each` joined by " / ". */
export function figureText(figure: DashboardFigureDecl, answer: Answer | undefined, locale: Locale): string | undefined {
  if (!answer) return undefined;
  if (!figure.each) return fillAnswer(figure.value, answer, locale);
  const items = valueAtPath(answer, figure.each);
  const list = Array.isArray(items) ? items : [];
  return list.length ? list.map((item) => fillAnswer(figure.value, item, locale)).join(' / ') : '—';
}

const listAt = (answer: Answer | undefined, path: string): Answer[] => {
  const list = answer ? valueAtPath(answer, path) : undefined;
  return Array.isArray(list) ? (list as Answer[]) : [];
};

/**
 * A chart's points from its answer: one per item and declared series field; or one per item by its `seriesBy`
 * value, with every day of `xFrom` present in every series (0 where it has no item). A pie's `x` is named through
 * `labels`.
 */
export function chartPoints(chart: Pick<DashboardChartDecl, 'list' | 'x' | 'series' | 'seriesBy' | 'value' | 'xFrom' | 'labels'>, answer: Answer | undefined, locale: Locale): DashboardPoint[] {
  const items = listAt(answer, chart.list);
  if (chart.series) {
    return items.flatMap((item) => chart.series!.map((s) => ({ x: String(item[chart.x]), series: s.label[locale], value: Number(item[s.field] ?? 0) })));
  }
  const valueField = chart.value ?? 'value';
  if (!chart.seriesBy) {
    return items.map((item) => {
      const x = String(item[chart.x]);
      return { x: chart.labels?.[x]?.label[locale] ?? x, series: '', value: Number(item[valueField] ?? 0) };
    });
  }
  const seriesBy = chart.seriesBy;
  const xs = chart.xFrom ? listAt(answer, chart.xFrom.list).map((d) => String(d[chart.xFrom!.field])) : [...new Set(items.map((i) => String(i[chart.x])))];
  const series = [...new Set(items.map((i) => String(i[seriesBy])))];
  return xs.flatMap((x) =>
    series.map((name) => {
      const item = items.find((i) => String(i[chart.x]) === x && String(i[seriesBy]) === name);
      return { x, series: name, value: Number(item?.[valueField] ?? 0) };
    }),
  );
}

/** A chart with nothing to draw: no points, or every value 0. */
export const chartIsEmpty = (points: DashboardPoint[]): boolean => points.every((p) => p.value === 0);

/** How a chart's values read. */
export function chartFormat(chart: Pick<DashboardChartDecl, 'format'>, locale: Locale): (n: number) => string {
  if (chart.format === 'bytes') return (n) => formatSize(n);
  return chart.format === 'money' ? (n) => formatAmount(n) : (n) => formatBigNumber(n, locale);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A record chart's points from the answer of the call its `from` names (`RecordChartDecl.from`): undefined when the
 * answer's list has no items; otherwise the points of the items holding one of its series' fields (none: the chart is
 * left out). Times on the x axis read as Beijing `MM-DD HH:mm` (with seconds when two fall in one minute).
 */
export function sourcedChartPoints(chart: Pick<DashboardChartDecl, 'list' | 'x' | 'series' | 'seriesBy' | 'value' | 'labels'>, answer: Answer, locale: Locale): DashboardPoint[] | undefined {
  const items = listAt(answer, chart.list);
  if (items.length === 0) return undefined;
  const fields = chart.series ? chart.series.map((s) => s.field) : [chart.value ?? 'value'];
  const found = items.filter((item) => fields.some((f) => item[f] !== undefined && item[f] !== null));
  const times = found.length > 0 && found.every((item) => ISO_TIME.test(String(item[chart.x])));
  // Over time, the oldest first, whatever order the call answers in (the latest steps, asked newest first).
  const held = times ? [...found].sort((a, b) => Date.parse(String(a[chart.x])) - Date.parse(String(b[chart.x]))) : found;
  const xs = held.map((item) => String(item[chart.x]));
  const minutes = times ? xs.map((x) => formatDateTime(x, 'MM-DD HH:mm')) : xs;
  const label = times && new Set(minutes).size < minutes.length ? (x: string) => formatDateTime(x, 'MM-DD HH:mm:ss') : times ? (x: string) => formatDateTime(x, 'MM-DD HH:mm') : (x: string) => x;
  return chartPoints(chart, { [chart.list]: held.map((item) => ({ ...item, [chart.x]: label(String(item[chart.x])) })) }, locale);
}
