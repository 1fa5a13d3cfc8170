/** The shapes of the passport economy's own calls (purchases, codes, metrics): one set for the server and the console. */
import { fieldsBody, idParam, textField } from '../call-shapes';
import type { JsonSchema } from '../types';

/** An amount as the API carries it: a decimal string (never a float), at most 18 digits before the point and 6 after. */
export const ECONOMY_AMOUNT = '^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,6})?$';

/** The caller's idempotency key of a purchase. */
const requestId: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' };

/** `POST /products/:id/purchase` (the game's server names the persona). */
export const serverPurchaseBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['personaId'],
  properties: { personaId: idParam, requestId },
};

/** `POST /sdk/products/:id/purchase` (for the player's selected persona). */
export const playerPurchaseBody: JsonSchema = { type: 'object', additionalProperties: false, properties: { requestId } };

/** A purchase's transaction, and for a real-money one the order to pay. */
export const purchaseAnswer: JsonSchema = {
  type: 'object',
  required: ['transaction'],
  properties: {
    transaction: { type: 'object', additionalProperties: true },
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

/** `POST /sdk/inventory/:itemId/consume`. */
export const consumeBody = fieldsBody({ amount: { ...textField(26, 1), pattern: ECONOMY_AMOUNT } });

/** `POST /sdk/tokens/redeem`. */
export const redeemBody = fieldsBody({ code: textField(64, 1) });

/** A batch of codes made (`POST /token/instances/generate`, `/token/classes/:id/generate`). */
export const generatedAnswer: JsonSchema = { type: 'object', properties: { batchId: { type: 'string' }, generated: { type: 'integer' } } };

/** Days of a metrics range, Shanghai calendar (`GET /transactions/metrics`). */
export const dayRangeQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: { type: 'string', format: 'date', pattern: '^2[0-9]{3}-', maxLength: 10 },
    to: { type: 'string', format: 'date', pattern: '^2[0-9]{3}-', maxLength: 10 },
  },
};
