import Decimal from 'decimal.js';
import { TRANSACTIONS, type TransactionAction } from '../../resources/billing-api';
import { isValidAmount } from '../../resources/amount';
import { canManage } from '../../resources/org-api';
import {
  AMOUNT_INTEGER_DIGITS_MAX,
  MEMBER_TRANSACTION_TYPES,
  type CreateTransactionBody,
  type TransactionQuery,
  type UpdateTransactionBody,
} from '../../resources/transactions-api';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { paramsSchema, type Api } from '../engine/api';
import { mountEntityActions } from '../engine/entity-actions';
import { badRequest, forbidden, notFound, type FieldError } from '../engine/errors';
import { roleIn } from '../platform/org/access';
import { createTransaction, findTransaction, lockTransaction, transition } from './ledger';
import { moneyActor as actorOf, moneyCaller, requireOffice, type MoneyCaller } from '../auth/callers';
import {
  createTransactionSchema,
  err,
  moneyErrors,
  transactionListSchema,
  transactionQuerySchema,
  transactionSchema,
  updateTransactionSchema,
} from './transactions-schemas';
import { appInOrg, findTransactionItem, listTransactions, orgExists, updateNote } from './transactions-store';
import { BACK_OFFICE, MONEY_READERS } from '../engine/access';

const idOf = (req: { params: unknown }) => (req.params as { id: string }).id;

/** What the body schema cannot say (spec 000 §5 amount; adjustments carry their direction, deposits none). */
async function checkNew(db: Queryable, body: CreateTransactionBody): Promise<void> {
  const issues: FieldError[] = [];
  if (!isValidAmount(body.Amount)) issues.push({ field: '/Amount', message: 'must be an amount greater than 0 with at most 2 decimals' });
  else if (body.Amount.split('.')[0].replace(/^0+/, '').length > AMOUNT_INTEGER_DIGITS_MAX) issues.push({ field: '/Amount', message: 'amount too large' });
  if (body.Type === 'Adjustment' && !body.AdjustmentType) issues.push({ field: '/AdjustmentType', message: 'required for an adjustment' });
  if (body.Type !== 'Adjustment' && body.AdjustmentType) issues.push({ field: '/AdjustmentType', message: 'only for adjustments' });
  if (!(await orgExists(db, body.OrgId))) issues.push({ field: '/OrgId', message: 'no such organization' });
  else if (body.AppId && !(await appInOrg(db, body.AppId, body.OrgId))) issues.push({ field: '/AppId', message: 'the app is not in this organization' });
  if (issues.length) throw badRequest(issues);
}

/** A member's list: their organisation only, and none of the back office's search options. */
async function memberFilter(ctx: Ctx, caller: MoneyCaller, q: TransactionQuery): Promise<void> {
  if (!q.orgId) throw badRequest([{ field: 'query.orgId', message: "must have required property 'orgId'" }]);
  if (!(await roleIn(ctx.db, q.orgId, caller.user!.id))) throw forbidden();
  const officeOnly = q.orgName || q.companyName || q.adjustmentType || (q.type && !MEMBER_TRANSACTION_TYPES.includes(q.type));
  if (officeOnly) throw forbidden();
}

/** Reading one transaction: the back office, or a member of its organisation (to anyone else it does not exist). */
async function readable(ctx: Ctx, caller: MoneyCaller, id: string) {
  const t = await findTransactionItem(ctx.db, id);
  if (!t) throw notFound();
  if (!caller.office && !(await roleIn(ctx.db, t.OrgId, caller.user!.id))) throw notFound();
  return t;
}

export function mountTransactionRoutes(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/transactions',
    summary: "Transactions, newest first: a member's organisation (orgId required), or every organisation for the back office with its search options",
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    querystring: transactionQuerySchema,
    responses: { 200: { description: 'transactions, with the number of all that match', schema: transactionListSchema }, 400: err('bad input'), ...moneyErrors },
    handler: async (req) => {
      const caller = await moneyCaller(ctx, req);
      const q = req.query as TransactionQuery;
      if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) throw badRequest([{ field: 'query.from', message: 'must not be after end' }]);
      if (!caller.office) await memberFilter(ctx, caller, q);
      return listTransactions(ctx.db, q);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/transactions/:id',
    summary: 'One transaction, for members of its organisation and the back office',
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('id'),
    responses: { 200: { description: 'the transaction', schema: transactionSchema }, ...moneyErrors, 404: err('no such transaction') },
    handler: async (req) => readable(ctx, await moneyCaller(ctx, req), idOf(req)),
  });

  api.route({
    method: 'POST',
    url: '/api/transactions',
    summary: 'Creates an adjustment (Increase or Reduce) or a manual deposit for a bank transfer that arrived (back office)',
    tag: 'billing',
    auth: 'admin',
    access: BACK_OFFICE,
    body: createTransactionSchema,
    responses: { 201: { description: 'the transaction', schema: transactionSchema }, 400: err('bad input'), ...moneyErrors },
    handler: async (req, reply) => {
      const office = await requireOffice(ctx, req);
      const body = req.body as CreateTransactionBody;
      const created = await ctx.db.transaction(async (q) => {
        await checkNew(q, body);
        const t = await createTransaction(q, {
          orgId: body.OrgId,
          appId: body.AppId ?? null,
          type: body.Type,
          adjustmentType: body.Type === 'Adjustment' ? body.AdjustmentType : null,
          amount: new Decimal(body.Amount).toFixed(2),
          status: body.Status ?? 'Active',
          note: body.Note.trim(),
          createdBy: office.actor,
        });
        await recordOperation(q, { actor: office.actor, appId: t.AppId ?? undefined, action: 'billing.transaction.create', target: t.Id, after: t });
        return (await findTransactionItem(q, t.Id))!;
      });
      reply.code(201);
      return created;
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/transactions/:id',
    summary: "Changes a transaction's note at the version read; amounts never change (back office)",
    tag: 'billing',
    auth: 'admin',
    access: BACK_OFFICE,
    params: paramsSchema('id'),
    body: updateTransactionSchema,
    responses: {
      200: { description: 'the transaction', schema: transactionSchema },
      400: err('bad input'),
      ...moneyErrors,
      404: err('no such transaction'),
      409: err("a stale version: 'version conflict'"),
    },
    handler: async (req) => {
      const office = await requireOffice(ctx, req);
      const body = req.body as UpdateTransactionBody;
      return ctx.db.transaction(async (q) => {
        const before = await findTransaction(q, idOf(req));
        if (!before) throw notFound();
        const after = await updateNote(q, before.Id, body.Note.trim(), body.Version);
        await recordOperation(q, { actor: office.actor, appId: after.AppId ?? undefined, action: 'billing.transaction.update', target: after.Id, before, after });
        return after;
      });
    },
  });

  // Activate, cancel, invalidate: declared in TRANSACTIONS. The back office moves any transaction; an organisation's
  // owner or admin may only cancel its own deposits; to anyone else outside the organisation it does not exist.
  mountEntityActions(api, ctx, TRANSACTIONS, { tag: 'billing', schema: transactionSchema }, {
    caller: (req) => moneyCaller(ctx, req),
    lock: lockTransaction,
    permit: async (q, caller, t, action) => {
      if (caller.office) return;
      const role = await roleIn(q, t.OrgId, caller.user!.id);
      if (!role) throw notFound();
      if (action.name !== 'cancel' || !canManage(role) || t.Type !== 'Deposit') throw forbidden();
    },
    apply: async (q, t, action) => (await transition(q, t.Id, action.name as TransactionAction)).after,
    history: async (_q, caller, _before, after) => ({ actor: actorOf(caller), appId: after.AppId ?? undefined }),
    answer: async (q, after) => (await findTransactionItem(q, after.Id))!,
  });
}
