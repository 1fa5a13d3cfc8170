import { INVOICE_FORMATS, INVOICE_STATUSES, INVOICE_TYPES, TAX_ID_PATTERN } from '../../../resources/payments-api';
import type { JsonSchema } from '../../../resources/types';
import { idParam } from '../../engine/api';
import { paging } from '../../ops/schemas';

const optional = (maxLength: number, extra: Record<string, unknown> = {}) => ({ type: 'string', maxLength, ...extra }) as const;

/** The buyer's details an invoice request and its edit carry. */
const detailProperties = {
  Type: { enum: [...INVOICE_TYPES] },
  Format: { enum: [...INVOICE_FORMATS] },
  Title: { type: 'string', minLength: 1, maxLength: 100 },
  TaxId: optional(20, { pattern: `^$|${TAX_ID_PATTERN}` }),
  BankName: optional(100),
  BankAccount: optional(40, { pattern: '^[0-9 -]*$' }),
  Address: optional(200),
  Phone: optional(40, { pattern: '^[0-9 ()+-]*$' }),
  Email: { anyOf: [{ const: '' }, { type: 'string', format: 'email', maxLength: 254 }] },
} as const;

export const invoiceInputSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['TransactionId', 'Type', 'Format', 'Title'],
  properties: { TransactionId: idParam, ...detailProperties },
};

export const invoiceUpdateSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Type', 'Format', 'Title', 'Version'],
  properties: { ...detailProperties, Version: { type: 'integer', minimum: 1, maximum: 1e9 } },
};

export const invoiceQuerySchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    orgId: idParam,
    status: { enum: [...INVOICE_STATUSES] },
    transactionId: idParam,
    q: { type: 'string', maxLength: 100 },
    ...paging,
  },
};

const dateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const str = { type: 'string' } as const;

export const invoiceSchema: JsonSchema = {
  type: 'object',
  required: ['Id', 'TransactionId', 'OrgId', 'Type', 'Format', 'Title', 'Amount', 'Status', 'Version'],
  properties: {
    Id: str,
    TransactionId: str,
    OrgId: str,
    OrgName: str,
    Type: { enum: [...INVOICE_TYPES] },
    Format: { enum: [...INVOICE_FORMATS] },
    Title: str,
    TaxId: str,
    BankName: str,
    BankAccount: str,
    Address: str,
    Phone: str,
    Email: str,
    Amount: { type: 'string', description: '2 decimals, the deposit amount' },
    Status: { enum: [...INVOICE_STATUSES] },
    Number: { type: ['string', 'null'] },
    RequestedBy: str,
    FinishedBy: { type: ['string', 'null'] },
    FinishedAt: dateTime,
    DocumentName: { type: ['string', 'null'] },
    CreatedAt: dateTime,
    UpdatedAt: dateTime,
    Version: { type: 'integer' },
  },
};
