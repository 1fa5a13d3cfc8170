import Decimal from 'decimal.js';
import type { FastifyRequest } from 'fastify';
import { isValidAmount } from '../../../resources/amount';
import {
  MAX_PAYMENT_AMOUNT,
  PAYMENT_METHODS,
  type AlipayOrder,
  type AlipayOrderInput,
  type Payment,
  type Remittance,
  type SandboxCheckout,
} from '../../../resources/payments-api';
import type { JsonSchema } from '../../../resources/types';
import type { Ctx } from '../../context';
import { Api, idParam, paramsSchema, type RouteDef } from '../../engine/api';
import { ApiError, badRequest, notFound } from '../../engine/errors';
import { recordOperation } from '../../audit';
import { publicOrigin, userActor } from '../../auth/callers';
import { createTransaction } from '../../billing/ledger';
import { failures } from '../../ops/schemas';
import { moneyCallerOf, orgName, requireManager, requireReader } from '../access';
import { applyNotification } from './notifications';
import { requireProvider, type PaymentProvider } from './provider';
import { sandboxNotification } from './sandbox';
import { findPayment, insertPayment, newOutTradeNo } from './store';
import { errorResponse, paymentSchema } from './schemas';
import { ANY_SESSION, MONEY_READERS, ORG_MANAGERS } from '../../engine/access';

const orderBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['OrgId', 'Amount', 'Method'],
  properties: {
    OrgId: idParam,
    Amount: { type: 'string', minLength: 1, maxLength: 20 },
    Method: { enum: [...PAYMENT_METHODS] },
  },
};

/** A notification's parameters: Alipay sends a few dozen short texts. */
const notificationParams: JsonSchema = {
  type: 'object',
  maxProperties: 80,
  additionalProperties: { type: 'string', maxLength: 4096 },
};

const CALLBACK_PATH = '/api/alipay/callback';
const CONSOLE_RETURN_PATH = '/alipay/callback';

/** POST /api/alipay/callback takes form-encoded bodies (as Alipay posts them) in a scope of its own. */
export function formRoute(api: Api, def: RouteDef): void {
  api.routes.push(def);
  void api.app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    new Api(scope).route(def);
  });
}

/** The amount rule of spec 000 §5, positive, within what Alipay takes in one payment; as a 2-decimal string. */
function checkedAmount(amount: string): string {
  if (!isValidAmount(amount) || new Decimal(amount).gt(MAX_PAYMENT_AMOUNT)) {
    throw badRequest([{ field: '/Amount', message: 'must be a positive amount with at most 2 decimals, at most 100000000' }]);
  }
  return new Decimal(amount).toFixed(2);
}

async function readablePayment(ctx: Ctx, req: FastifyRequest, outTradeNo: string): Promise<Payment> {
  const payment = await findPayment(ctx.db, outTradeNo);
  // Whether a trade exists is nobody's business but its organisation's and the back office's.
  if (!payment) {
    await moneyCallerOf(ctx, req);
    throw notFound();
  }
  await requireReader(ctx, req, payment.OrgId);
  return payment;
}

/** Alipay payments (spec 000 §7): orders, notifications, the return page's reading, the sandbox and the remittance note. */
export function mountAlipay(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/alipay',
    summary: "Start an Alipay payment topping up an organisation's balance: a Pending deposit and what the console needs to pay (owner or admin)",
    tag: 'payments',
    auth: 'session',
    access: ORG_MANAGERS,
    body: orderBody,
    responses: {
      200: { description: 'the order: a page to open (page, wap) or the signed order string (app)', schema: paymentSchema },
      ...failures,
      503: errorResponse('online payment is not configured'),
    },
    handler: async (req): Promise<AlipayOrder> => {
      const input = req.body as AlipayOrderInput;
      const user = await requireManager(ctx, req, input.OrgId);
      const amount = checkedAmount(input.Amount);
      const provider = await requireProvider(ctx);
      const outTradeNo = newOutTradeNo();
      const actor = userActor(user);
      const payment = await ctx.db.transaction(async (q) => {
        const deposit = await createTransaction(q, {
          orgId: input.OrgId,
          type: 'Deposit',
          amount,
          status: 'Pending',
          reference: `alipay:${outTradeNo}`,
          note: `Alipay ${input.Method}`,
          createdBy: actor,
        });
        const created = await insertPayment(q, {
          outTradeNo,
          orgId: input.OrgId,
          transactionId: deposit.Id,
          provider: provider.kind,
          method: input.Method,
          amount,
          createdBy: actor,
        });
        await recordOperation(q, { actor, action: 'payment.create', target: outTradeNo, after: created });
        return created;
      });
      return { ...payment, ...checkout(ctx, req, provider, payment) };
    },
  });

  const notification = (method: 'GET' | 'POST'): RouteDef => ({
    method,
    url: CALLBACK_PATH,
    summary:
      method === 'GET'
        ? 'Alipay notification (query parameters): the signature is verified, then the payment and its deposit are settled once'
        : 'Alipay asynchronous notification (form-encoded, as Alipay posts it): the signature is verified, then the payment and its deposit are settled once',
    tag: 'payments',
    auth: 'none',
    ...(method === 'GET' ? { querystring: notificationParams } : { body: notificationParams }),
    responses: {
      200: { description: '`success`, as Alipay expects (also for a notification already applied)', schema: { type: 'string' } },
      400: errorResponse('not a notification'),
      403: errorResponse('refused: bad signature, another app, an unknown trade or a different amount (recorded in the operation history)'),
    },
    handler: async (req, reply) => {
      const params = (method === 'GET' ? req.query : req.body) as Record<string, string> | undefined;
      if (!params || typeof params !== 'object') throw badRequest([{ field: '/', message: 'invalid parameters' }]);
      await applyNotification(ctx, await requireProvider(ctx), params);
      return reply.type('text/plain; charset=utf-8').send('success');
    },
  });
  api.route(notification('GET'));
  formRoute(api, notification('POST'));

  api.route({
    method: 'GET',
    url: '/api/alipay/payments/:outTradeNo',
    summary: "A payment's status (the console's return page reads it): members of its organisation and the back office",
    tag: 'payments',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('outTradeNo'),
    responses: { 200: { description: 'the payment', schema: paymentSchema }, ...failures, 404: errorResponse('no such payment') },
    handler: async (req) => readablePayment(ctx, req, (req.params as { outTradeNo: string }).outTradeNo),
  });

  api.route({
    method: 'GET',
    url: '/api/remittance',
    summary: 'Our bank account for paying by transfer (the remittance note); finance records the arrival as a deposit',
    tag: 'payments',
    auth: 'session',
    access: ANY_SESSION,
    responses: { 200: { description: 'the account details; empty fields are not configured', schema: { type: 'object' } }, 401: failures[401] },
    handler: async (req): Promise<Remittance> => {
      await moneyCallerOf(ctx, req);
      const r = ctx.config.payments.remittance;
      return { AccountName: r.accountName, BankName: r.bankName, AccountNumber: r.accountNumber, Note: r.note };
    },
  });

  mountSandbox(api, ctx);
}

function checkout(ctx: Ctx, req: FastifyRequest, provider: PaymentProvider, payment: Payment) {
  const origin = publicOrigin(ctx, req);
  return provider.checkout({ outTradeNo: payment.OutTradeNo, amount: payment.Amount, subject: 'Lodestar balance top-up' }, payment.Method, {
    notifyUrl: ctx.config.payments.alipay?.notifyUrl ?? `${origin}${CALLBACK_PATH}`,
    returnUrl: returnUrl(origin, payment.OutTradeNo),
    sandboxUrl: `${origin}/payments/sandbox/${payment.OutTradeNo}`,
  });
}

const returnUrl = (origin: string, outTradeNo: string) => `${origin}${CONSOLE_RETURN_PATH}?out_trade_no=${encodeURIComponent(outTradeNo)}`;

/** A sandbox payment of the caller's organisation; 404 when the sandbox is not what takes payments. */
async function sandboxPayment(ctx: Ctx, req: FastifyRequest, outTradeNo: string): Promise<{ payment: Payment; provider: PaymentProvider }> {
  const payment = await readablePayment(ctx, req, outTradeNo);
  const provider = await requireProvider(ctx);
  if (provider.kind !== 'sandbox' || payment.Provider !== 'sandbox') throw notFound();
  return { payment, provider };
}

async function checkoutView(ctx: Ctx, req: FastifyRequest, payment: Payment): Promise<SandboxCheckout> {
  return { ...payment, OrgName: (await orgName(ctx.db, payment.OrgId)) ?? '', ReturnUrl: returnUrl(publicOrigin(ctx, req), payment.OutTradeNo) };
}

/**
 * The built-in sandbox's checkout (spec: stands in for Alipay when it is not configured). Paying or failing makes
 * the server send itself the notification Alipay would send, signed with the sandbox's RSA key exactly as Alipay
 * signs, through the real callback route and its verification.
 */
function mountSandbox(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/alipay/sandbox/:outTradeNo',
    summary: 'The sandbox checkout of a payment (only while the built-in sandbox takes payments; members of its organisation)',
    tag: 'payments',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('outTradeNo'),
    responses: { 200: { description: 'the payment to pay', schema: paymentSchema }, ...failures, 404: errorResponse('no such sandbox payment') },
    handler: async (req) => checkoutView(ctx, req, (await sandboxPayment(ctx, req, (req.params as { outTradeNo: string }).outTradeNo)).payment),
  });

  api.route({
    method: 'POST',
    url: '/api/alipay/sandbox/:outTradeNo/pay',
    summary: "Pay (or fail) a sandbox payment: the sandbox sends the signed notification Alipay would send to this server's callback",
    tag: 'payments',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('outTradeNo'),
    body: { type: 'object', additionalProperties: false, required: ['Result'], properties: { Result: { enum: ['success', 'fail'] } } },
    responses: { 200: { description: 'the payment afterwards', schema: paymentSchema }, ...failures, 404: errorResponse('no such sandbox payment') },
    handler: async (req) => {
      const { outTradeNo } = req.params as { outTradeNo: string };
      const { payment, provider } = await sandboxPayment(ctx, req, outTradeNo);
      const form = await sandboxNotification(ctx.db, provider.appId, payment, (req.body as { Result: 'success' | 'fail' }).Result);
      const answer = await api.app.inject({
        method: 'POST',
        url: CALLBACK_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payload: new URLSearchParams(form).toString(),
      });
      if (answer.statusCode !== 200) {
        const body = answer.json<{ message?: string; code?: string }>();
        throw new ApiError(answer.statusCode, body.code ?? 'INTERNAL', body.message ?? 'internal error');
      }
      return checkoutView(ctx, req, (await findPayment(ctx.db, outTradeNo))!);
    },
  });
}
