import Decimal from 'decimal.js';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { requireProvider } from '../../../payments/alipay/provider';
import { newOutTradeNo } from '../../../payments/alipay/store';
import { BASE } from '../base';
import { loadResources, priceOf, type Line, type ResourceInfo } from './catalog';
import { answerOf } from './flow';
import { contentsUnavailable, credit, debit, lockPersona } from './inventory';
import { economyModels, type EconomyModels } from './models';

/** Where payment providers send their notifications about passport purchases. */
export const NOTIFY_PATH = `${BASE}/payments/notify`;

/** Alipay settles in yuan; real-money products are priced in a real currency with this code. */
export const PAYMENT_CURRENCY = 'CNY';

export interface PurchaseRequest {
  appId: string;
  personaId: string;
  productId: string;
  /** The caller's key for this purchase: a retry with the same key answers the first purchase instead of buying again. */
  requestId?: string;
  /** Who asks, for the operation history (the game's server, an administrator, or the player). */
  actor: string;
}

export interface PurchaseAnswer {
  transaction: Data;
  /** For a real-money purchase: what the game client pays with (Alipay's app payment order string). */
  payment?: { outTradeNo: string; amount: string; currencyCode: string; provider: string; orderString?: string };
}

async function earlier(q: Queryable, models: EconomyModels, req: PurchaseRequest): Promise<Data | undefined> {
  if (!req.requestId) return undefined;
  const trx = await records(q, models.transactions).first(req.appId, { where: { personaId: req.personaId, requestId: req.requestId } });
  if (!trx) return undefined;
  if (trx.productId !== req.productId) {
    throw new ApiError(409, 'DUPLICATE', 'request id already used for another purchase', [{ field: '/requestId', message: 'already used for another purchase' }]);
  }
  return trx;
}

function transactionData(product: Data, price: ResourceInfo, req: PurchaseRequest, userId: string, extra: Data): Data {
  const p = priceOf(product);
  return {
    type: price.type === 'Currency' ? 'RealMoneyPurchase' : 'VirtualPurchase',
    productId: product.id,
    productName: product.name,
    personaId: req.personaId,
    userId,
    priceResource: p.resource,
    priceAmount: p.amount,
    contents: product.contents,
    ...(req.requestId ? { requestId: req.requestId } : {}),
    ...extra,
  };
}

/**
 * A virtual purchase in one database transaction: the persona's lock, the price debited, the contents credited and
 * the transaction stored Fulfilled — or, when anything is refused (not enough to pay, no room), nothing at all.
 */
async function virtualPurchase(ctx: Ctx, models: EconomyModels, product: Data, price: ResourceInfo, req: PurchaseRequest): Promise<PurchaseAnswer> {
  return ctx.db.transaction(async (q) => {
    const ref = { appId: req.appId, personaId: req.personaId };
    const persona = await lockPersona(q, models, ref);
    const again = await earlier(q, models, req);
    if (again) return { transaction: again };
    const paid = await debit(q, models, ref, priceOf(product));
    const granted = await credit(q, models, ref, product.contents as Line[]);
    const now = new Date().toISOString();
    const trx = await records(q, models.transactions).insert(req.appId, transactionData(product, price, req, persona.userId, { chargedAt: now, fulfilledAt: now }), { status: 'Fulfilled' });
    await recordOperation(q, {
      actor: req.actor,
      appId: req.appId,
      action: 'passport.transactions.purchase',
      target: String(trx.id),
      before: { paid: paid.before },
      after: { transaction: trx, paid: paid.after ?? null, granted },
    });
    return { transaction: trx };
  });
}

/** A real-money purchase waits for its payment: a Pending transaction with its order number, and the order to pay. */
async function realMoneyPurchase(ctx: Ctx, origin: string, models: EconomyModels, product: Data, price: ResourceInfo, req: PurchaseRequest): Promise<PurchaseAnswer> {
  if (price.currencyCode !== PAYMENT_CURRENCY) {
    throw new ApiError(409, 'CURRENCY_NOT_SUPPORTED', 'real-money purchases are paid in CNY', [{ field: '/priceResource', message: 'not priced in CNY' }]);
  }
  const provider = await requireProvider(ctx);
  const trx = await ctx.db.transaction(async (q) => {
    const persona = await lockPersona(q, models, { appId: req.appId, personaId: req.personaId });
    const again = await earlier(q, models, req);
    if (again) return again;
    const created = await records(q, models.transactions).insert(
      req.appId,
      transactionData(product, price, req, persona.userId, { currencyCode: price.currencyCode, outTradeNo: newOutTradeNo() }),
      { status: 'Pending' },
    );
    await recordOperation(q, { actor: req.actor, appId: req.appId, action: 'passport.transactions.purchase', target: String(created.id), after: created });
    return created;
  });
  const amount = new Decimal(priceOf(trx).amount).toFixed(2);
  const payment: PurchaseAnswer['payment'] = { outTradeNo: String(trx.outTradeNo), amount, currencyCode: PAYMENT_CURRENCY, provider: provider.kind };
  if (trx.status === 'Pending') {
    const order = provider.checkout({ outTradeNo: payment.outTradeNo, amount, subject: String(trx.productName) }, 'app', {
      notifyUrl: `${origin}${NOTIFY_PATH}`,
      returnUrl: '',
      sandboxUrl: '',
    });
    payment.orderString = order.OrderString;
  }
  return { transaction: trx, payment };
}

/**
 * Buys a published product for a persona of the app: a virtual purchase at once, a real-money one pending payment
 * (the provider notifies `origin` + NOTIFY_PATH).
 */
export async function purchase(ctx: Ctx, origin: string, req: PurchaseRequest): Promise<PurchaseAnswer> {
  const models = economyModels(ctx);
  const product = await ctx.store.get(models.products, req.appId, req.productId);
  if (product.status !== 'published') throw new ApiError(409, 'PRODUCT_NOT_PUBLISHED', 'product is not published');
  const priceLine = priceOf(product);
  const price = (await loadResources(ctx.db, models, req.appId, [priceLine.resource])).get(priceLine.resource);
  if (!price) throw contentsUnavailable([{ field: '/priceResource', message: 'no such resource' }]);
  const answer = price.type === 'Currency'
    ? await realMoneyPurchase(ctx, origin, models, product, price, req)
    : await virtualPurchase(ctx, models, product, price, req);
  return { ...answer, transaction: answerOf(answer.transaction) };
}
