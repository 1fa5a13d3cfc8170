/** The economy area's own calls (purchases, using up items, redeeming codes, metrics): their shapes. */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import {
  consumeBody, dayRangeQuery, playerPurchaseBody, purchaseAnswer, redeemBody, serverPurchaseBody,
} from './economy-api';

const purchased = ok('the transaction (and the payment order)', purchaseAnswer);
const figures = ok('the figures');
/** The errors of the game's server's and the console's calls, and of the game client's. */
const serviceErrors = [400, 401, 403, 404, 409];
const playerErrors = [400, 401, 404, 409, 423, 429];

export const economyCalls: Record<string, CallDecl> = {
  'economy.sellToPersona': {
    method: 'POST',
    path: '/products/:id/purchase',
    caller: 'service',
    summary:
      "Buy a published product for a persona (the game's server): a virtual purchase is paid from the persona's " +
      'inventory and fulfilled at once; a real-money purchase answers a Pending transaction and the order to pay',
    body: serverPurchaseBody,
    answer: purchased,
    errors: [...serviceErrors, 503],
  },
  'economy.transactionMetrics': {
    method: 'GET',
    path: '/transactions/metrics',
    caller: 'service',
    summary:
      'Purchases and revenue per day (Shanghai days), purchases by state, totals and the top products over a range ' +
      '(default the last 30 days)',
    query: dayRangeQuery,
    answer: figures,
    errors: serviceErrors,
  },
  'economy.inventoryMetrics': {
    method: 'GET',
    path: '/inventory/metrics',
    caller: 'service',
    summary: "What the app's personas hold: entries, holders, and per resource how many hold it and how much in all",
    answer: figures,
    errors: serviceErrors,
  },
  'economy.purchase': {
    method: 'POST',
    path: '/products/:id/purchase',
    caller: 'persona',
    summary:
      'Buy a published product for the selected persona: a virtual purchase is paid from its inventory and fulfilled ' +
      "at once; a real-money purchase answers the order to pay (Alipay's app order string)",
    optionalBody: playerPurchaseBody,
    answer: purchased,
    errors: playerErrors,
  },
  'economy.consume': {
    method: 'POST',
    path: '/inventory/:itemId/consume',
    caller: 'persona',
    summary: 'Use up an amount of an item the selected persona holds (the entry goes when it reaches zero)',
    body: consumeBody,
    answer: ok('the entry afterwards (null when used up)'),
    errors: playerErrors,
  },
  'economy.redeem': {
    method: 'POST',
    path: '/tokens/redeem',
    caller: 'persona',
    summary:
      "Redeem a code for the selected persona: the gift pack's contents go into its inventory; unknown codes answer " +
      "'failed to find token', used ones 'token has been fulfilled'",
    body: redeemBody,
    answer: ok('what was granted'),
    errors: playerErrors,
  },
};
