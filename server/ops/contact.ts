import type { JsonSchema } from '../../resources/types';
import type { ContactUsInput, SendMailInput } from '../../resources/ops-api';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { lockNames } from '../db/locks';
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

/**
 * Stores a message unless its address (IP) or e-mail has sent as many as the window allows: the check and the insert
 * are one statement under locks on both, so messages arriving together — on one instance or several — cannot pass
 * the limit. Answers the new message's id, or undefined when refused.
 */
async function storeWithinLimit(ctx: Ctx, tx: Queryable, input: ContactUsInput, address: string): Promise<string | undefined> {
  await lockNames(tx, [`contact-us|address|${address}`, `contact-us|email|${input.Email.toLowerCase()}`]);
  const res = await tx.query<{ id: string | number }>(
    `INSERT INTO contact_messages (content, name, email, phone, address)
     SELECT $1, $2, $3, $4, $5
     WHERE (SELECT count(*) FROM contact_messages WHERE created_at > now() - make_interval(secs => $6) AND address = $5) < $7
       AND (SELECT count(*) FROM contact_messages WHERE created_at > now() - make_interval(secs => $6) AND lower(email) = lower($3)) < $7
     RETURNING id`,
    [input.Content, input.Name ?? '', input.Email, input.Phone ?? '', address, ctx.config.contactWindowMs / 1000, ctx.config.contactLimit],
  );
  return res.rows.length ? String(res.rows[0].id) : undefined;
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
      await ctx.db.transaction(async (tx) => {
        const id = await storeWithinLimit(ctx, tx, input, req.ip);
        if (id === undefined) throw tooManyRequests();
        await recordOperation(tx, { actor: `guest:${input.Email}`, action: 'contact.message.create', target: id });
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
