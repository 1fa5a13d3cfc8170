import type { TransactionStatus } from './billing-api';

/**
 * Shapes of the usage and bill calls (spec 000 §7 "Billing"), shared by the server and the console. Amounts,
 * quantities and units are decimal strings; months are `YYYY-MM` on the Asia/Shanghai calendar.
 */

export const MONTH_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$';
export const YEAR_PATTERN = '^[0-9]{4}$';

/** Spec 000 §4: a bill log is Pending while its run works (and stays so if it failed), then Finished. */
export const BILL_LOG_STATUSES = ['Pending', 'Finished'] as const;
export type BillLogStatus = (typeof BILL_LOG_STATUSES)[number];

/** Spec 000 §9: bills are listed with count 99999. */
export const BILLS_PAGE_COUNT = 99999;

/** One line of a bill: what one meter of one service cost one app in one month. */
export interface BillItem {
  Service: string;
  Meter: string;
  /** As recorded (bytes, seconds, requests…). */
  Quantity: string;
  /** Billable units (see the meter's unit), up to 6 decimals. */
  Units: string;
  UnitPrice: string;
  /** Units × unit price, before the free credit. */
  Gross: string;
  Credit: string;
  Amount: string;
}

/** An app's bill for a month. `Billed` is false while the month is still accruing (computed from usage so far). */
export interface AppBill {
  AppId: string;
  ProjectName: string;
  OrgId: string;
  OrganizationName: string;
  Month: string;
  Amount: string;
  Billed: boolean;
  /** The Bill transaction; null when nothing was billed (a zero total, or not processed yet). */
  TransactionId: string | null;
  TransactionStatus: TransactionStatus | null;
  Items: BillItem[];
}

export type BillSummary = Omit<AppBill, 'Items'>;

export interface BillList {
  TotalCount: number;
  Items: BillSummary[];
}

export interface BillLog {
  Id: string;
  Month: string;
  Status: BillLogStatus;
  /** Apps with usage in the month. */
  AppCount: number;
  /** Bill transactions this run created. */
  BillCount: number;
  /** What this run billed. */
  TotalAmount: string;
  Error: string | null;
  CreatedBy: string;
  CreatedAt: string;
  FinishedAt: string | null;
}

export interface BillLogList {
  TotalCount: number;
  Items: BillLog[];
}

/** `POST /api/process-bill`: the run's log and every bill of the month after it (the same on a second run). */
export interface ProcessBillResult {
  Log: BillLog;
  Bills: BillSummary[];
}

/** `GET /api/organizations/:id/bills`: the organisation's bills, month by month, newest first. */
export interface OrgMonthBills {
  TotalCount: number;
  Items: { Month: string; Amount: string; Apps: BillSummary[] }[];
}

/** `GET /api/monthly-amount`: billed lines plus what unbilled apps accrued from usage (the current month). */
export interface MonthlyAmount {
  OrgId: string;
  Month: string;
  BilledAmount: string;
  AccruedAmount: string;
  Amount: string;
}

/** `GET /api/transactions/monthly`: Active transactions per month and type (bills by their bill month). */
export interface MonthlyTotals {
  OrgId: string;
  Items: { Month: string; Deposit: string; Bill: string; Refund: string; Increase: string; Reduce: string }[];
}

/** `GET /api/transactions/monthly-bills`: bill amounts per month and service. */
export interface MonthlyServiceBills {
  OrgId: string;
  Items: { Month: string; Amount: string; Services: Record<string, string> }[];
}

/** `GET /api/transactions/monthly-bill-diff`: a month against the one before. Percent is null when that was 0. */
export interface MonthlyBillDiff {
  OrgId: string;
  Month: string;
  PreviousMonth: string;
  Amount: string;
  PreviousAmount: string;
  Diff: string;
  Percent: string | null;
}

/** `GET /api/transactions/monthly-trend`: the last 12 months, oldest first. */
export interface MonthlyTrend {
  OrgId: string;
  Items: { Month: string; Amount: string }[];
}

export type UsageGranularity = 'day' | 'hour';

/** `GET /api/usage`: usage of an organisation's apps (or one app) over a range. */
export interface UsageReport {
  Start: string;
  End: string;
  /** Day rows for ranges on Asia/Shanghai midnights, hour rows otherwise (the last 24 hours). */
  Granularity: UsageGranularity;
  /** Per period, service and meter; Period is `YYYY-MM-DD` or `YYYY-MM-DD HH:00` (Asia/Shanghai). */
  Series: { Period: string; Service: string; Meter: string; Quantity: string; Units: string }[];
  /** Per app, service and meter over the range, with the list-price amount (before monthly free credits). */
  Apps: { AppId: string; ProjectName: string; Service: string; Meter: string; Quantity: string; Units: string; Amount: string }[];
  /** List-price amount per service. */
  Services: { Service: string; Amount: string }[];
  TotalAmount: string;
}

// ------------------------------------------------------------------------------------------------------------
// Months on the Asia/Shanghai calendar (UTC+8 all year: no daylight saving).

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The month `now` falls in, in Asia/Shanghai. */
export function shanghaiMonth(now: Date = new Date()): string {
  return new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 7);
}

/** `month` moved by `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The instants the month starts and ends (exclusive), as UTC ISO strings. */
export function monthBounds(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  return {
    start: new Date(Date.UTC(y, m - 1, 1) - SHANGHAI_OFFSET_MS).toISOString(),
    end: new Date(Date.UTC(y, m, 1) - SHANGHAI_OFFSET_MS).toISOString(),
  };
}

/** The `count` months ending with `last`, oldest first. */
export function monthsUpTo(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, i - count + 1));
}

/** Whether the month has ended at `now` (Asia/Shanghai). */
export const monthEnded = (month: string, now: Date = new Date()) => Date.parse(monthBounds(month).end) <= now.getTime();

/** `GET /api/month-statement`: the printable statement of an organisation's month. */
export interface MonthStatement {
  OrgId: string;
  OrganizationName: string;
  Month: string;
  /** The month's first and last instants (UTC ISO; Start inclusive, End exclusive). */
  Start: string;
  End: string;
  /** Every app with charges or usage in the month, each with its lines (billed, or accrued so far). */
  Apps: AppBill[];
  Amount: string;
  /** The ledger at the end of the month, with the month's own bills (entered when the month is processed). */
  BalanceAtEnd: string;
}
