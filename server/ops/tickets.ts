import type { JsonSchema } from '../../resources/types';
import { offerOf, TICKET_STATUSES, TICKET_TYPES, type Ticket, type TicketInput } from '../../resources/ops-api';
import type { Ctx } from '../context';
import { idParam, paramsSchema, type Api } from '../engine/api';
import { forbidden, notFound } from '../engine/errors';
import { recordOperation } from '../audit';
import { callerOf, isOrgMember, publicOrigin, requireUser, userActor } from './access';
import { findTicket, insertTicket, listTickets, newTicketId } from './tickets-store';
import { failures, listOf, notFoundResponse, paging, text } from './schemas';

const ticketBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['OrgId', 'Type', 'Title', 'Content', 'Contact'],
  properties: {
    OrgId: idParam,
    Type: { type: 'string', enum: TICKET_TYPES },
    Title: text(100),
    Content: text(5000),
    Contact: text(200),
  },
};

const ticketSchema: JsonSchema = {
  type: 'object',
  properties: {
    TicketId: { type: 'string' },
    OrgId: { type: 'string' },
    OrgName: { type: 'string' },
    Type: { type: 'string', enum: TICKET_TYPES },
    Status: { type: 'string', enum: [...TICKET_STATUSES] },
    Fee: { type: 'string', description: 'decimal string, CNY, the starting fee per unit' },
    FeeUnit: { type: 'string', enum: ['session', 'half-hour'] },
    Title: { type: 'string' },
    Content: { type: 'string' },
    Contact: { type: 'string' },
    CreatedAt: { type: 'string', format: 'date-time' },
  },
};

const ticketQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...paging,
    status: { type: 'string', enum: [...TICKET_STATUSES] },
    type: { type: 'string', enum: TICKET_TYPES },
    orgId: idParam,
    orgName: text(100),
  },
};

/** The support team's copy of a new ticket (both languages: the team reads either). */
function ticketMail(t: Ticket, link: string, from: string) {
  const offer = offerOf(t.Type)!;
  return {
    subject: `咨询工单 / Consultation ticket: ${t.Title}`,
    text: [
      `${offer.label['zh-CN']} / ${offer.label.en}`,
      `组织 / Organisation: ${t.OrgName} (${t.OrgId})`,
      `费用 / Fee: ${t.Fee} CNY / ${t.FeeUnit}`,
      `联系方式 / Contact: ${t.Contact}`,
      `提交人 / Submitted by: ${from}`,
      '',
      t.Content,
      '',
      link,
    ].join('\n'),
  };
}

export function mountTickets(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/ticket',
    summary: 'Request a consultation for one of your organisations; the support team is mailed',
    tag: 'consultation',
    auth: 'session',
    body: ticketBody,
    responses: { 201: { description: 'the ticket, Pending, with its fee', schema: ticketSchema }, ...failures },
    handler: async (req, reply) => {
      const user = await requireUser(ctx, req);
      const input = req.body as TicketInput;
      if (!(await isOrgMember(ctx.db, user.id, input.OrgId))) throw forbidden();
      const ticket = await ctx.db.transaction(async (tx) => {
        const created = await insertTicket(tx, newTicketId(), input, user.id);
        await recordOperation(tx, { actor: userActor(user), action: 'consultation.ticket.create', target: created.TicketId, after: created });
        return created;
      });
      const mail = ticketMail(ticket, `${publicOrigin(ctx, req)}/consultation/${ticket.TicketId}`, user.email);
      try {
        await ctx.mail.send({ to: ctx.config.supportEmail, ...mail });
      } catch (err) {
        req.log.error({ err }, 'the ticket mail could not be sent');
      }
      reply.code(201);
      return ticket;
    },
  });

  api.route({
    method: 'GET',
    url: '/api/tickets',
    summary: "Consultation tickets: your organisations' for members, all for administrators",
    tag: 'consultation',
    auth: 'session',
    access: ['user', 'admin'],
    querystring: ticketQuery,
    responses: { 200: { description: 'a page of tickets, newest first', schema: listOf(ticketSchema) }, ...failures },
    handler: async (req) => {
      const { user, admin } = await callerOf(ctx, req);
      const q = req.query as { count: number; start: number; status?: string; type?: string; orgId?: string; orgName?: string };
      return listTickets(ctx.db, { ...q, memberId: admin ? undefined : user!.id });
    },
  });

  api.route({
    method: 'GET',
    url: '/base/ticket/:id',
    summary: 'A consultation ticket, for whoever holds its unguessable id',
    tag: 'consultation',
    auth: 'none',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the ticket', schema: ticketSchema }, 404: notFoundResponse },
    handler: async (req) => {
      const ticket = await findTicket(ctx.db, (req.params as { id: string }).id);
      if (!ticket) throw notFound();
      return ticket;
    },
  });
}
