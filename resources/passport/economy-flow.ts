import type { ActionDecl } from '../types';

/** Purchase states (spec 002 §4). */
export const PURCHASE_STATUSES = ['Pending', 'Charged', 'Fulfilled', 'FulfillFailed', 'ChargeFailed', 'Refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** Transaction types (spec 002 §9). */
export const TRANSACTION_TYPES = ['RealMoneyPurchase', 'VirtualPurchase'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Resource types (spec 002 §9). A real currency (`Currency`) only prices real-money products. */
export const RESOURCE_TYPES = ['VirtualCurrency', 'Item', 'Currency'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Spec 002 §9: what one persona's inventory holds at most (entries), and the largest entry properties (bytes). */
export const INVENTORY_CAPACITY = 5000;
export const PROPERTIES_BYTES_LIMIT = 512;

/** A move of the purchase flow: the state part of an `ActionDecl` (the flow's buttons are declared in economy.ts). */
type FlowMove = Required<Pick<ActionDecl, 'from' | 'to' | 'refused'>> & { from: PurchaseStatus[]; to: PurchaseStatus };

/**
 * The purchase flow's moves, declared once: the server moves a transaction only from `from` (anything else is a 409
 * with `refused`), the console offers re-fulfilment and refunds only where they are allowed, and the tests walk
 * every state against this table.
 * - charge / chargeFail: the payment provider's notification about a Pending real-money purchase;
 * - fulfil / fulfilFail: granting the contents after the charge (a full inventory fails it);
 * - reFulfil: granting again after a failure;
 * - refund: the money went back (the provider's refund notification, or recorded by hand).
 */
export const PURCHASE_FLOW = {
  charge: { from: ['Pending'], to: 'Charged', refused: 'the purchase is not awaiting payment' },
  chargeFail: { from: ['Pending'], to: 'ChargeFailed', refused: 'the purchase is not awaiting payment' },
  fulfil: { from: ['Charged'], to: 'Fulfilled', refused: 'the purchase has not been charged' },
  fulfilFail: { from: ['Charged'], to: 'FulfillFailed', refused: 'the purchase has not been charged' },
  reFulfil: { from: ['FulfillFailed'], to: 'Fulfilled', refused: 'only a purchase whose fulfilment failed can be fulfilled again' },
  refund: { from: ['Charged', 'Fulfilled', 'FulfillFailed'], to: 'Refunded', refused: 'only a charged purchase can be refunded' },
} satisfies Record<string, FlowMove>;

export type PurchaseMove = keyof typeof PURCHASE_FLOW;

/** Redeem-code class states (spec 002 §4) and the states of one code. */
export const TOKEN_CLASS_STATUSES = ['active', 'pending', 'expired', 'unreleased'] as const;
export type TokenClassStatus = (typeof TOKEN_CLASS_STATUSES)[number];
export const TOKEN_INSTANCE_STATUSES = ['active', 'fulfilled', 'invalidated'] as const;
export type TokenInstanceStatus = (typeof TOKEN_INSTANCE_STATUSES)[number];

/** Released classes: waiting for their start, or redeemable. Time moves them on (pending → active → expired). */
export const RELEASED_TOKEN_CLASS: readonly TokenClassStatus[] = ['pending', 'active'];
