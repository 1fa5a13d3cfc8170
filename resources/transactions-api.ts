import type { AdjustmentType, Balance, Transaction, TransactionStatus, TransactionType } from './billing-api';

/** Request and answer shapes of the transaction and balance calls (spec 000 §7 "Billing"), shared by server and console. */

/** The transaction types a member filters by; the back office also filters by Adjustment (spec 000 §6). */
export const MEMBER_TRANSACTION_TYPES: readonly TransactionType[] = ['Deposit', 'Bill', 'Refund'];

/** What the back office creates by hand: an adjustment, or a deposit for a bank transfer that arrived. */
export const MANUAL_TRANSACTION_TYPES = ['Adjustment', 'Deposit'] as const;
export type ManualTransactionType = (typeof MANUAL_TRANSACTION_TYPES)[number];

export const TRANSACTION_NOTE_MAX = 500;
/** The largest amount a transaction holds: numeric(18,2) has 16 integer digits. */
export const AMOUNT_INTEGER_DIGITS_MAX = 16;

/** A transaction in a list or on its own, with its organisation's name. */
export interface TransactionItem extends Transaction {
  OrgName: string;
}

export interface TransactionList {
  TotalCount: number;
  Items: TransactionItem[];
}

export interface TransactionQuery {
  orgId?: string;
  type?: TransactionType;
  adjustmentType?: AdjustmentType;
  status?: TransactionStatus;
  appId?: string;
  /** ISO times; `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  /** Back office: the organisation's name or company name contains these. */
  orgName?: string;
  companyName?: string;
  /** Matches a transaction id or reference exactly, or a note containing it. */
  q?: string;
  count?: number;
  start?: number;
}

export interface CreateTransactionBody {
  OrgId: string;
  Type: ManualTransactionType;
  AdjustmentType?: AdjustmentType;
  Amount: string;
  AppId?: string;
  Note: string;
  Status?: 'Pending' | 'Active';
}

export interface UpdateTransactionBody {
  Note: string;
  Version: number;
}

/** An organisation's balance with its names, as the lists show it. */
export interface BalanceItem extends Balance {
  OrgName: string;
  CompanyName: string;
}

export interface BalanceList {
  TotalCount: number;
  Items: BalanceItem[];
}

/** The colour of each status's tag (Active green, Pending gold, Invalid red, Cancelled default). */
export const TRANSACTION_STATUS_COLORS: Record<TransactionStatus, string> = {
  Active: 'green',
  Pending: 'gold',
  Invalid: 'red',
  Cancelled: 'default',
};
