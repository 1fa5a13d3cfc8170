import type { StateAction } from './state-actions';

/** Money shapes of the platform API (spec 000 §3, §4), shared by the server and the console. Amounts are decimal strings. */

export const TRANSACTION_TYPES = ['Deposit', 'Bill', 'Refund', 'Adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const ADJUSTMENT_TYPES = ['Increase', 'Reduce'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** Spec 000 §4: Active, Pending, Invalid, Cancelled. */
export const TRANSACTION_STATUSES = ['Active', 'Pending', 'Invalid', 'Cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type TransactionAction = 'activate' | 'cancel' | 'invalidate';

/** Where each action may start and where it leads (spec 000 §4: cancel only while Pending). */
export const TRANSACTION_ACTIONS: Record<TransactionAction, StateAction<TransactionStatus>> = {
  activate: { from: ['Pending'], to: 'Active', refused: 'only pending transactions can be activated' },
  cancel: { from: ['Pending'], to: 'Cancelled', refused: 'only pending transactions can be cancelled' },
  invalidate: { from: ['Pending', 'Active'], to: 'Invalid', refused: 'the transaction is already invalid or cancelled' },
};

export interface Transaction {
  Id: string;
  OrgId: string;
  AppId: string | null;
  Type: TransactionType;
  AdjustmentType: AdjustmentType | null;
  /** The magnitude, 2 decimals; whether it adds to or takes from the balance follows from the type. */
  Amount: string;
  Status: TransactionStatus;
  BillMonth: string | null;
  Reference: string | null;
  Note: string;
  CreatedBy: string;
  CreatedAt: string;
  UpdatedAt: string;
  Version: number;
}

/** Spec 000 §3: an organisation's balance, every field defaulting to 0. */
export interface Balance {
  OrgId: string;
  Balance: string;
  LastMonthBalance: string;
  DepositAmount: string;
  AdjustmentAmount: string;
  IncreasedAmount: string;
  ReducedAmount: string;
  RefundAmount: string;
  PendingAmount: string;
  TotalBillAmount: string;
}

/** +1 when an Active transaction of this kind adds to the balance, -1 when it takes from it. */
export function direction(type: TransactionType, adjustmentType: AdjustmentType | null): 1 | -1 {
  if (type === 'Deposit') return 1;
  if (type === 'Adjustment') return adjustmentType === 'Reduce' ? -1 : 1;
  return -1;
}
