import type { JsonSchema } from '../../../../resources/types';
import { errorResponses, idParam } from '../../../engine/api';

export const TAG = 'passport';

/** The caller's idempotency key of a purchase. */
export const requestIdSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' };

export const serverPurchaseBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['personaId'],
  properties: { personaId: idParam, requestId: requestIdSchema },
};

export const playerPurchaseBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { requestId: requestIdSchema },
};

const record: JsonSchema = { type: 'object', additionalProperties: true };

export const purchaseAnswer: JsonSchema = {
  type: 'object',
  required: ['transaction'],
  properties: {
    transaction: record,
    payment: {
      type: 'object',
      properties: {
        outTradeNo: { type: 'string' },
        amount: { type: 'string' },
        currencyCode: { type: 'string' },
        provider: { type: 'string', enum: ['alipay', 'sandbox'] },
        orderString: { type: 'string', description: "Alipay's app payment order string, for the game client's Alipay SDK" },
      },
    },
  },
};

export const countAnswer = (key: string): JsonSchema => ({ type: 'object', required: [key], properties: { [key]: { type: 'integer' } } });

/** Days of a metrics range, Shanghai calendar. */
export const dayRangeQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'string', format: 'date', pattern: '^2[0-9]{3}-', maxLength: 10 },
    to: { type: 'string', format: 'date', pattern: '^2[0-9]{3}-', maxLength: 10 },
  },
};

export const serviceErrors = errorResponses(400, 401, 403, 404, 409);
export const playerErrors = errorResponses(400, 401, 404, 409, 423, 429);
