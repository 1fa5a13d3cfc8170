import { BACK_OFFICE, type PlatformEntityDecl } from './platform-entities';

/** Money shapes of the platform API (spec 000 §3, §4), shared by the server and the console. Amounts are decimal strings. */

export const TRANSACTION_TYPES = ['Deposit', 'Bill', 'Refund', 'Adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const ADJUSTMENT_TYPES = ['Increase', 'Reduce'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** Spec 000 §4: Active, Pending, Invalid, Cancelled. */
export const TRANSACTION_STATUSES = ['Active', 'Pending', 'Invalid', 'Cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type TransactionAction = 'activate' | 'cancel' | 'invalidate';

/**
 * An organisation's transactions and their moves (spec 000 §4: cancel only while Pending). An organisation's owner
 * or admin may cancel its own Pending deposit; everything else is the back office's.
 */
export const TRANSACTIONS: PlatformEntityDecl = {
  name: 'transactions',
  singular: { 'zh-CN': '交易', en: 'transaction' },
  path: '/api/transactions',
  idField: 'Id',
  scope: 'organisation',
  status: { field: 'Status', values: TRANSACTION_STATUSES },
  history: 'billing.transaction',
  actions: [
    {
      name: 'activate',
      label: { 'zh-CN': '激活', en: 'Activate' },
      from: ['Pending'],
      to: 'Active',
      refused: 'only pending transactions can be activated',
      access: [...BACK_OFFICE],
      confirm: { 'zh-CN': '确定激活这笔交易吗？金额将计入余额。', en: 'Activate this transaction? Its amount enters the balance.' },
    },
    {
      name: 'cancel',
      label: { 'zh-CN': '取消', en: 'Cancel' },
      from: ['Pending'],
      to: 'Cancelled',
      refused: 'only pending transactions can be cancelled',
      access: ['org-admin', 'owner', 'admin', 'finance-admin'],
      confirm: { 'zh-CN': '确定取消这笔待处理的充值吗？取消后无法恢复。', en: 'Cancel this pending deposit? This cannot be undone.' },
      danger: true,
    },
    {
      name: 'invalidate',
      label: { 'zh-CN': '作废', en: 'Invalidate' },
      from: ['Pending', 'Active'],
      to: 'Invalid',
      refused: 'the transaction is already invalid or cancelled',
      access: [...BACK_OFFICE],
      confirm: {
        'zh-CN': '确定作废这笔交易吗？已生效的金额将从余额中扣回，且无法恢复。',
        en: 'Invalidate this transaction? An active amount leaves the balance. This cannot be undone.',
      },
      danger: true,
    },
  ] satisfies (PlatformEntityDecl['actions'][number] & { name: TransactionAction })[],
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
