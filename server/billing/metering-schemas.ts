import { MONTH_PATTERN, YEAR_PATTERN } from '../../resources/bills-api';
import type { JsonSchema } from '../../resources/types';
import { errorSchema, idParam, type ResponseDef } from '../engine/api';

/** Request and answer schemas of the usage and bill calls. */

export const month = { type: 'string', pattern: MONTH_PATTERN, maxLength: 7, description: 'YYYY-MM (Asia/Shanghai calendar)' } as const;
export const year = { type: 'string', pattern: YEAR_PATTERN, maxLength: 4, description: 'a calendar year; default the last 12 months' } as const;
export const id = { ...idParam } as const;

/** Paging (spec 000 §9: bills are listed with count 99999). */
export const paging = {
  count: { type: 'integer', minimum: 1, maximum: 99999, default: 20 },
  start: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
} as const;

export const query = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const amount = { type: 'string', description: 'decimal, 2 places' } as const;
const str = { type: 'string' } as const;

export const billItemSchema: JsonSchema = {
  type: 'object',
  properties: { Service: str, Meter: str, Quantity: str, Units: str, UnitPrice: str, Gross: amount, Credit: amount, Amount: amount },
};

export const billSummarySchema: JsonSchema = {
  type: 'object',
  properties: {
    AppId: str,
    ProjectName: str,
    OrgId: str,
    OrganizationName: str,
    Month: str,
    Amount: amount,
    Billed: { type: 'boolean' },
    TransactionId: { type: ['string', 'null'] },
    TransactionStatus: { type: ['string', 'null'] },
  },
};

export const appBillSchema: JsonSchema = {
  ...billSummarySchema,
  properties: { ...(billSummarySchema.properties as object), Items: { type: 'array', items: billItemSchema } },
};

export const billLogSchema: JsonSchema = {
  type: 'object',
  properties: {
    Id: str,
    Month: str,
    Status: { type: 'string', enum: ['Pending', 'Finished'] },
    AppCount: { type: 'integer' },
    BillCount: { type: 'integer' },
    TotalAmount: amount,
    Error: { type: ['string', 'null'] },
    CreatedBy: str,
    CreatedAt: str,
    FinishedAt: { type: ['string', 'null'] },
  },
};

export const listOf = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['TotalCount', 'Items'],
  properties: { TotalCount: { type: 'integer' }, Items: { type: 'array', items: item } },
});

export const monthlySchema = (item: Record<string, unknown>): JsonSchema => ({
  type: 'object',
  properties: { OrgId: str, Items: { type: 'array', items: { type: 'object', properties: { Month: str, ...item } } } },
});

export const amountFields = (...names: string[]) => Object.fromEntries(names.map((n) => [n, amount]));

const error = (description: string): ResponseDef => ({ description, schema: errorSchema });

export const failures = {
  400: error('bad input: the failing fields are named'),
  401: error('not signed in'),
  403: error('not a member of the organisation, or not the back office'),
  404: error('no such organisation or app (back office)'),
};
