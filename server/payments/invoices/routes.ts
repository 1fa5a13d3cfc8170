import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { INVOICES, VAT_FIELDS, type Invoice, type InvoiceDetails, type InvoiceInput, type InvoiceStatus } from '../../../resources/payments-api';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import { type Api, paramsSchema } from '../../engine/api';
import { mountEntityActions } from '../../engine/entity-actions';
import { badRequest, conflict, notFound } from '../../engine/errors';
import { recordOperation } from '../../audit';
import { userActor } from '../../auth/callers';
import { findTransaction } from '../../billing/ledger';
import { failures, listOf } from '../../ops/schemas';
import { actionActor, actionCaller, membershipsOf, moneyCallerOf, permitAction, requireManager, requireReader, type MoneyCaller } from '../access';
import { errorResponse } from '../alipay/schemas';
import { issueDocument } from './documents';
import { DETAIL_COLUMNS, detailValues, findInvoice, listInvoices } from './store';
import { invoiceInputSchema, invoiceQuerySchema, invoiceSchema, invoiceUpdateSchema } from './schemas';
import { MONEY_READERS, ORG_MANAGERS } from '../../engine/access';

const ALREADY_INVOICED = 'the transaction already had an invoice';
const UNIQUE_VIOLATION = '23505';

const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
const invoiceResponses = { 200: { description: 'the invoice', schema: invoiceSchema }, ...failures, 404: errorResponse('no such invoice'), 409: errorResponse('not allowed in its status') };

/** A VAT invoice names the buyer's tax id, bank, account, address and phone (400 naming those left out). */
function checkDetails(d: InvoiceDetails): void {
  if (d.Type !== 'VAT') return;
  const missing = VAT_FIELDS.filter((f) => !d[f]?.trim());
  if (missing.length) throw badRequest(missing.map((f) => ({ field: `/${f}`, message: 'required for a VAT invoice' })));
}

/** An invoice the caller may read: members of its organisation and the back office; anyone else 403. */
async function readable(ctx: Ctx, req: FastifyRequest): Promise<Invoice> {
  await moneyCallerOf(ctx, req);
  const invoice = await findInvoice(ctx.db, idOf(req));
  if (!invoice) throw notFound();
  await requireReader(ctx, req, invoice.OrgId);
  return invoice;
}

/** Moves an invoice to a state (its action's check is the engine's), with `extra` columns set alongside. */
async function setStatus(q: Queryable, id: string, to: string, extra = '', extraParams: unknown[] = []): Promise<Invoice> {
  await q.query(`UPDATE invoices SET status = $2, updated_at = now(), version = version + 1${extra} WHERE id = $1`, [id, to, ...extraParams]);
  return (await findInvoice(q, id))!;
}

/** Issues a Pending invoice: the next number, and its document in the requested format. */
async function finish(ctx: Ctx, q: Queryable, pending: Invoice, to: string, caller: MoneyCaller): Promise<Invoice> {
  const office = caller.office!;
  const seq = await q.query<{ n: string }>("SELECT nextval('invoice_numbers')::text AS n");
  const now = new Date();
  const number = `${now.getUTCFullYear()}${seq.rows[0].n.padStart(8, '0')}`;
  const doc = await issueDocument(pending, number, ctx.config.payments.seller, office.account.name || office.account.email, now);
  await q.query('INSERT INTO invoice_documents (invoice_id, content, content_type, file_name) VALUES ($1, $2, $3, $4)', [
    pending.Id,
    doc.content,
    doc.contentType,
    doc.fileName,
  ]);
  return setStatus(q, pending.Id, to, ', number = $3, finished_by = $4, finished_at = now()', [number, office.actor]);
}

/** Invoices for Active deposits (spec 000 §3, §4): request, edit, cancel, finish (issuing the document), invalidate. */
export function mountInvoices(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/invoices',
    summary: 'Request an invoice (regular or VAT, PDF or OFD) for an Active deposit: one per transaction (owner or admin of its organisation)',
    tag: 'invoices',
    auth: 'session',
    access: ORG_MANAGERS,
    body: invoiceInputSchema,
    responses: { ...invoiceResponses, 404: errorResponse('no such transaction'), 409: errorResponse('not an Active deposit, or already invoiced') },
    handler: async (req): Promise<Invoice> => {
      const input = req.body as InvoiceInput;
      await moneyCallerOf(ctx, req);
      const tx = await findTransaction(ctx.db, input.TransactionId);
      if (!tx) throw notFound();
      const user = await requireManager(ctx, req, tx.OrgId);
      checkDetails(input);
      const actor = userActor(user);
      const id = randomUUID();
      try {
        return await ctx.db.transaction(async (q) => {
          // The transaction row is the lock two requests for it meet at.
          const locked = await q.query<{ type: string; status: string }>('SELECT type, status FROM transactions WHERE id = $1 FOR UPDATE', [tx.Id]);
          if (locked.rows[0].type !== 'Deposit' || locked.rows[0].status !== 'Active') throw conflict('INVALID_TRANSITION', 'only active deposits can be invoiced');
          const live = await q.query("SELECT 1 FROM invoices WHERE transaction_id = $1 AND status IN ('Pending', 'Finished')", [tx.Id]);
          if (live.rows.length) throw conflict('DUPLICATE', ALREADY_INVOICED);
          const columns = Object.values(DETAIL_COLUMNS);
          await q.query(
            `INSERT INTO invoices (id, transaction_id, org_id, amount, requested_by, ${columns.join(', ')})
             VALUES ($1, $2, $3, $4::numeric, $5, ${columns.map((_, i) => `$${i + 6}`).join(', ')})`,
            [id, tx.Id, tx.OrgId, tx.Amount, actor, ...detailValues(input)],
          );
          const created = (await findInvoice(q, id))!;
          await recordOperation(q, { actor, action: 'invoice.request', target: id, after: created });
          return created;
        });
      } catch (e) {
        if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw conflict('DUPLICATE', ALREADY_INVOICED);
        throw e;
      }
    },
  });

  api.route({
    method: 'GET',
    url: '/api/invoices',
    summary: "Invoices, newest first: a member sees their organisations' (filter orgId), the back office all; filter by status, transaction, text",
    tag: 'invoices',
    auth: 'session',
    access: MONEY_READERS,
    querystring: invoiceQuerySchema,
    responses: { 200: { description: 'a page of invoices', schema: listOf(invoiceSchema) }, ...failures },
    handler: async (req) => {
      const query = req.query as { orgId?: string; status?: InvoiceStatus; transactionId?: string; q?: string; count: number; start: number };
      const caller = await moneyCallerOf(ctx, req);
      let orgIds: string[] | undefined;
      if (!caller.office) {
        const memberships = await membershipsOf(ctx.db, caller.user!.id);
        if (query.orgId) await requireReader(ctx, req, query.orgId);
        orgIds = [...memberships.keys()];
      }
      return listInvoices(ctx.db, { orgIds, orgId: query.orgId, status: query.status, transactionId: query.transactionId, q: query.q?.trim() || undefined }, query.count, query.start);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/invoices/:id',
    summary: 'One invoice (members of its organisation and the back office)',
    tag: 'invoices',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('id'),
    responses: invoiceResponses,
    handler: (req) => readable(ctx, req),
  });

  api.route({
    method: 'PUT',
    url: '/api/invoices/:id',
    summary: "Change a Pending invoice's details (owner or admin of its organisation; carries the version it read)",
    tag: 'invoices',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('id'),
    body: invoiceUpdateSchema,
    responses: invoiceResponses,
    handler: async (req): Promise<Invoice> => {
      const input = req.body as InvoiceDetails & { Version: number };
      const current = await readable(ctx, req);
      const user = await requireManager(ctx, req, current.OrgId);
      checkDetails(input);
      const actor = userActor(user);
      return ctx.db.transaction(async (q) => {
        const before = (await findInvoice(q, current.Id, true))!;
        if (before.Status !== 'Pending') throw conflict('INVALID_TRANSITION', 'only pending invoices can be changed');
        if (before.Version !== input.Version) throw conflict('VERSION_CONFLICT', 'version conflict');
        const columns = Object.values(DETAIL_COLUMNS);
        await q.query(
          `UPDATE invoices SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now(), version = version + 1 WHERE id = $1`,
          [before.Id, ...detailValues(input)],
        );
        const after = (await findInvoice(q, before.Id))!;
        await recordOperation(q, { actor, action: 'invoice.update', target: before.Id, before, after });
        return after;
      });
    },
  });

  // Withdraw (cancel), issue (finish), invalidate: declared in INVOICES.
  mountEntityActions(api, ctx, INVOICES, { tag: 'invoices', schema: invoiceSchema }, {
    caller: (req, action) => actionCaller(ctx, req, action),
    lock: (q, id) => findInvoice(q, id, true),
    permit: (q, caller, invoice, action) => permitAction(q, caller, invoice.OrgId, action),
    apply: (q, invoice, action, caller) => (action.name === 'finish' ? finish(ctx, q, invoice, action.to, caller) : setStatus(q, invoice.Id, action.to)),
    history: async (_q, caller, _before, _after, action) => ({ actor: actionActor(caller, action) }),
  });

  api.route({
    method: 'GET',
    url: '/api/invoices/:id/document',
    summary: "Download a finished invoice's document (PDF or OFD) (members of its organisation and the back office)",
    tag: 'invoices',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('id'),
    responses: { 200: { description: 'the document' }, ...failures, 404: errorResponse('no such invoice, or not issued') },
    handler: async (req, reply) => {
      const invoice = await readable(ctx, req);
      const res = await ctx.db.query<{ content: Uint8Array; content_type: string; file_name: string }>(
        'SELECT content, content_type, file_name FROM invoice_documents WHERE invoice_id = $1',
        [invoice.Id],
      );
      const doc = res.rows[0];
      if (!doc) throw notFound('the invoice has no document yet');
      return reply
        .header('content-type', doc.content_type)
        .header('content-disposition', `attachment; filename="${doc.file_name}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(doc.content));
    },
  });
}
