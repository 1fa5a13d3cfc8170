import { ADJUSTMENT_TYPES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../resources/billing-api';
import { MANUAL_TRANSACTION_TYPES, TRANSACTION_NOTE_MAX } from '../../resources/transactions-api';
import type { JsonSchema } from '../../resources/types';
import { idParam } from '../engine/api';
import { err, lineText } from '../platform/org/schemas';
import { listSchema } from '../platform/org/sql';

/** JSON Schemas of the transaction and balance calls, for validation and the OpenAPI document. */

const str = { type: 'string' } as const;
const money = { type: 'string', description: 'a decimal string with 2 decimals' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const transactionSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'OrgId', 'OrgName', 'Type', 'Amount', 'Status', 'Note', 'CreatedBy', 'CreatedAt', 'UpdatedAt', 'Version'],
  properties: {
    Id: str,
    OrgId: str,
    OrgName: str,
    AppId: nullableStr,
    Type: { type: 'string', enum: [...TRANSACTION_TYPES] },
    AdjustmentType: { type: ['string', 'null'], enum: [...ADJUSTMENT_TYPES, null] },
    Amount: { ...money, description: 'the magnitude, 2 decimals; the type says whether it adds or takes' },
    Status: { type: 'string', enum: [...TRANSACTION_STATUSES] },
    BillMonth: nullableStr,
    Reference: { ...nullableStr, description: 'what it stems from: a payment, or token:<id> for a redeem code' },
    Note: str,
    CreatedBy: str,
    CreatedAt: time,
    UpdatedAt: time,
    Version: { type: 'integer' },
  },
};

export const transactionListSchema = listSchema(transactionSchema);

export const balanceSchema: JsonSchema = {
  type: 'object',
  required: ['OrgId', 'OrgName', 'CompanyName', 'Balance', 'LastMonthBalance', 'DepositAmount', 'AdjustmentAmount', 'IncreasedAmount', 'ReducedAmount', 'RefundAmount', 'PendingAmount', 'TotalBillAmount'],
  properties: {
    OrgId: str,
    OrgName: str,
    CompanyName: str,
    Balance: money,
    LastMonthBalance: { ...money, description: 'the balance before this month began (Asia/Shanghai)' },
    DepositAmount: money,
    AdjustmentAmount: { ...money, description: 'increases less reductions' },
    IncreasedAmount: money,
    ReducedAmount: money,
    RefundAmount: money,
    PendingAmount: { ...money, description: 'Pending transactions waiting for their payment' },
    TotalBillAmount: money,
  },
};

export const balanceListSchema = listSchema(balanceSchema);

const search = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength });
const paging = {
  count: { type: 'integer', minimum: 1, maximum: 9999 },
  start: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
};

export const transactionQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    orgId: { ...idParam, description: "required for members: their organisation's transactions" },
    type: { type: 'string', enum: [...TRANSACTION_TYPES], description: 'members: Deposit, Bill or Refund; the back office: every type' },
    adjustmentType: { type: 'string', enum: [...ADJUSTMENT_TYPES], description: 'back office' },
    status: { type: 'string', enum: [...TRANSACTION_STATUSES] },
    appId: idParam,
    from: { ...time, description: 'created at or after' },
    to: { ...time, description: 'created before' },
    orgName: { ...search(100), description: 'back office: the organisation name contains this' },
    companyName: { ...search(100), description: 'back office: the company name contains this' },
    q: { ...search(100), description: 'a transaction id or reference, or text in the note' },
    ...paging,
  },
};

const orgIds = { type: 'array', maxItems: 100, items: idParam };

export const balanceQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    orgId: orgIds,
    'orgId[]': orgIds,
    orgName: { ...search(100), description: 'back office: the organisation name contains this' },
    companyName: { ...search(100), description: 'back office: the company name contains this' },
    q: { ...search(100), description: 'an organisation id, or text in its name or company name' },
    ...paging,
  },
};

export const createTransactionSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['OrgId', 'Type', 'Amount', 'Note'],
  properties: {
    OrgId: idParam,
    Type: { type: 'string', enum: [...MANUAL_TRANSACTION_TYPES], description: 'Adjustment, or Deposit for a bank transfer that arrived' },
    AdjustmentType: { type: 'string', enum: [...ADJUSTMENT_TYPES], description: 'adjustments only' },
    Amount: { type: 'string', minLength: 1, maxLength: 20, description: 'spec 000 §5: digits with up to 2 decimals, more than 0', examples: ['10.00'] },
    AppId: idParam,
    Note: { ...lineText(TRANSACTION_NOTE_MAX), description: 'why: the remittance note of a transfer, the reason for an adjustment' },
    Status: { type: 'string', enum: ['Active', 'Pending'], default: 'Active' },
  },
};

export const updateTransactionSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Note', 'Version'],
  properties: { Note: lineText(TRANSACTION_NOTE_MAX), Version: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
};

export { err };

export const moneyErrors = {
  401: err('not signed in'),
  403: err('not a member of the organisation, or not allowed to do this'),
} as const;
