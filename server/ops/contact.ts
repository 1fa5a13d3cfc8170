import type { JsonSchema } from '../../resources/types';
import type { ContactUsInput, SendMailInput } from '../../resources/ops-api';
import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { tooManyRequests } from '../engine/errors';
import { recordOperation } from '../audit';
import { adminActor, requireAdmin } from './access';
import { email, failures, text, tooMany } from './schemas';

const contactBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Content', 'Email'],
  properties: {
    Content: text(2000),
    Name: text(100, 0),
    Email: email,
    Phone: { type: 'string', maxLength: 40, pattern: '^[0-9+()\\- ]*$' },
  },
};

const sendMailBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['To', 'Subject', 'Text'],
  properties: {
    // One address, or a list of them (each gets a mail of their own).
    To: { type: ['string', 'array'], format: 'email', maxLength: 254, minItems: 1, maxItems: 50, uniqueItems: true, items: email },
    Subject: text(200),
    Text: text(20000),
  },
};

const noContent = { description: 'done' };

/** Whether this address (IP) or e-mail has sent as many messages as the window allows. */
async function overLimit(ctx: Ctx, address: string, mail: string): Promise<boolean> {
  const res = await ctx.db.query<{ by_address: number; by_email: number }>(
    `SELECT count(*) FILTER (WHERE address = $1)::int AS by_address, count(*) FILTER (WHERE lower(email) = lower($2))::int AS by_email
     FROM contact_messages WHERE created_at > now() - make_interval(secs => $3) AND (address = $1 OR lower(email) = lower($2))`,
    [address, mail, ctx.config.contactWindowMs / 1000],
  );
  const row = res.rows[0];
  return Number(row.by_address) >= ctx.config.contactLimit || Number(row.by_email) >= ctx.config.contactLimit;
}

export function mountContact(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/base/contact-us',
    summary: 'A visitor writes to the provider; stored and mailed to the support address (rate-limited per address)',
    tag: 'contact',
    auth: 'none',
    body: contactBody,
    responses: { 204: noContent, 400: failures[400], 429: tooMany },
    handler: async (req, reply) => {
      const input = req.body as ContactUsInput;
      if (await overLimit(ctx, req.ip, input.Email)) throw tooManyRequests();
      await ctx.db.transaction(async (tx) => {
        const res = await tx.query<{ id: string | number }>(
          'INSERT INTO contact_messages (content, name, email, phone, address) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [input.Content, input.Name ?? '', input.Email, input.Phone ?? '', req.ip],
        );
        await recordOperation(tx, { actor: `guest:${input.Email}`, action: 'contact.message.create', target: String(res.rows[0].id) });
      });
      try {
        await ctx.mail.send({
          to: ctx.config.supportEmail,
          subject: `联系我们 / Contact us: ${input.Name || input.Email}`,
          text: [`${input.Name ?? ''} <${input.Email}>${input.Phone ? ` ${input.Phone}` : ''}`, '', input.Content].join('\n'),
        });
      } catch (err) {
        req.log.error({ err }, 'the contact-us mail could not be sent');
      }
      reply.code(204);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/send-mail',
    summary: 'An administrator sends an e-mail to one or more addresses',
    tag: 'contact',
    auth: 'admin',
    body: sendMailBody,
    responses: { 204: noContent, ...failures },
    handler: async (req, reply) => {
      const admin = await requireAdmin(ctx, req);
      const input = req.body as SendMailInput;
      const to = Array.isArray(input.To) ? input.To : [input.To];
      for (const address of to) await ctx.mail.send({ to: address, subject: input.Subject, text: input.Text });
      await recordOperation(ctx.db, { actor: adminActor(admin), action: 'mail.send', target: to.join(', '), after: { To: to, Subject: input.Subject } });
      reply.code(204);
    },
  });

  api.route({
    method: 'GET',
    url: '/base/tools/ping',
    summary: 'Whether the server answers, with its clock',
    tag: 'health',
    auth: 'none',
    responses: {
      200: {
        description: 'pong',
        schema: { type: 'object', required: ['Pong', 'Time'], properties: { Pong: { const: true }, Time: { type: 'string', format: 'date-time' } } },
      },
    },
    handler: async () => ({ Pong: true, Time: new Date().toISOString() }),
  });
}
