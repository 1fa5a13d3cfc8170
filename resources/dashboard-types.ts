/**
 * The declaration format's dashboards: a service's page of figures, charts over days and tables, read from a few of
 * its calls for a chosen number of days (`PageDecl.dashboard`); the console's engine draws it
 * (`src/engine/DashboardPage.tsx`). Part of the format in `types.ts`, which exports these too.
 *
 * Texts may name values of a call's answer as `{{path}}` (a number is shown short: 1.2万, 12K) or `{{path|money}}`
 * (a decimal amount, grouped with two decimals), as a summary line does.
 */
import type { Text } from './types';
import type { ViewDecl } from './view-types';

export interface DashboardDecl {
  subtitle?: Text;
  /** The numbers of days offered above the page (spec 002 §9: 7, 30, 90); the page opens on `defaultDays`. */
  days: number[];
  defaultDays: number;
  /** The calls read, by name. */
  sources: Record<string, DashboardSourceDecl>;
  /** A row of cards with one figure each, at the top. */
  figures: DashboardFigureDecl[];
  /** Then charts and tables, in a grid. */
  blocks: DashboardBlockDecl[];
}

/**
 * One call: `GET <path>` under the service base with `query`; with `range`, the first and last day of the chosen
 * days (`YYYY-MM-DD`, Beijing days) as these two parameters. The page says it could not load when the first
 * source fails.
 */
export interface DashboardSourceDecl {
  path: string;
  query?: Record<string, string | number>;
  range?: [string, string];
}

export interface DashboardFigureDecl {
  label: Text;
  source: string;
  /** What the card shows, naming the answer's values; with `each`, once per item of that list, joined by " / ". */
  value: string;
  each?: string;
  /** A warning under the value, shown when the answer's number at `when` is more than 0. */
  note?: { when: string; text: Text };
  /** A link under the value to another page of the service (a relative route, then `search`). */
  link?: { route: string; search?: string; label: Text };
}

/** A block's width out of 24 columns on a wide screen (it takes the whole width on a narrow one). */
interface DashboardBlockBase {
  label: Text;
  source: string;
  span: number;
}

/**
 * A chart of a list in the answer: `line`s or stacked `columns` over days, or a `pie` of shares.
 * - one series per declared field of each item (`series`), or
 * - one series per value of the item's `seriesBy` field, with `value` as its value; with `xFrom`, every day of that
 *   list appears, 0 where a series has no item.
 * A pie's slices are named by `x`, read through `labels`. With every value 0 it says `empty`.
 */
export interface DashboardChartDecl extends DashboardBlockBase {
  kind: 'line' | 'columns' | 'pie';
  list: string;
  x: string;
  series?: { field: string; label: Text }[];
  seriesBy?: string;
  value?: string;
  xFrom?: { list: string; field: string };
  labels?: Record<string, { label: Text }>;
  /** How values read: a count, shown short (default), a decimal amount, or bytes (KB, MB, GB). */
  format?: 'count' | 'money' | 'bytes';
  empty: Text;
}

/**
 * A table of a list in the answer (`listKey`), its rows and columns declared as a view's (paged here); `summary`
 * beside the title names the answer's values.
 */
export interface DashboardTableDecl extends DashboardBlockBase, Pick<ViewDecl, 'name' | 'listKey' | 'row' | 'columns' | 'rowKey' | 'empty' | 'paging'> {
  kind: 'table';
  summary?: Text;
}

export type DashboardBlockDecl = DashboardChartDecl | DashboardTableDecl;

/**
 * A chart on a record's page (`ResourceDecl.charts`), drawn as a dashboard's is but from the record itself: `list` is
 * an array field of the record's schema, `x` and each series' `field` fields of its items. Shown when the record has
 * points; `span` out of 24 columns as a dashboard block's.
 *
 * With `from`, the list is read from the answer of a declared `GET` call about the record instead (`GET <item
 * path><from.path>` with `from.query`, e.g. a database's `/metrics` samples): `list` is then an array field of that
 * call's answer, checked at start-up like the record's. Charts sharing a `from` share one call; it is asked again
 * when the record's version changes and every `from.refreshSeconds`. Only items holding a series' field are drawn;
 * a chart whose items hold none of its fields is left out, and one whose answer has no items says `empty`.
 */
export type RecordChartDecl = Omit<DashboardChartDecl, 'source' | 'xFrom'> & { from?: RecordChartSource };

export interface RecordChartSource {
  /** Appended to the record's item path, e.g. `/metrics` → `GET /databases/:id/metrics`. */
  path: string;
  query?: Record<string, string | number>;
  /** Read again this often while the page is open. */
  refreshSeconds?: number;
}
