import { PAYMENT_METHODS } from '../../../resources/payments-api';
import type { JsonSchema } from '../../../resources/types';
import { errorSchema, type ResponseDef } from '../../engine/api';

export const errorResponse = (description: string): ResponseDef => ({ description, schema: errorSchema });

const dateTime = { type: 'string', format: 'date-time' } as const;

export const paymentSchema: JsonSchema = {
  type: 'object',
  required: ['OutTradeNo', 'OrgId', 'TransactionId', 'Amount', 'Method', 'Status', 'StatusName', 'Provider'],
  properties: {
    OutTradeNo: { type: 'string' },
    OrgId: { type: 'string' },
    OrgName: { type: 'string' },
    TransactionId: { type: 'string' },
    Amount: { type: 'string', description: '2 decimals' },
    Method: { enum: [...PAYMENT_METHODS] },
    Status: { enum: [10, 20, 30, 40], description: 'callback 10, updating 20, success 30, fail 40' },
    StatusName: { enum: ['callback', 'updating', 'success', 'fail'] },
    Provider: { enum: ['alipay', 'sandbox'] },
    PayUrl: { type: 'string' },
    OrderString: { type: 'string' },
    ReturnUrl: { type: 'string' },
    CreatedAt: dateTime,
    UpdatedAt: dateTime,
  },
};
