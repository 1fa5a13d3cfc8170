import type { JsonSchema } from '../../../../resources/types';
import inboxTemplateSchema from '../../../../schemas/passport/liveops/inbox-template.json' with { type: 'json' };
import type { Ctx } from '../../../context';
import { errorResponses, idParam, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { findRecord, listAnswer, pageQuery, playerActor, requirePersonaPlayer, rewardsSchema, TAG } from './common';
import { claimMessage, listMessages, listRecords, readMessage, recallRecord, sendMessage, type SendInput } from './inbox';
import { BASE, SDK } from '../base';
import { sendTemplateCommand } from '../../../../resources/passport/inbox-send';

const templateField = (name: string): JsonSchema => {
  const { 'x-ui': _x, ...rest } = (inboxTemplateSchema.properties as Record<string, JsonSchema>)[name];
  return rest;
};

const MESSAGE_STATUSES = ['Unread', 'Unconsumed', 'Completed'];

const sendBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: {
    template: { type: 'string', minLength: 1, maxLength: 64, description: 'An inbox template (id or slug) to send; or else title, content and attachments.' },
    title: templateField('title'),
    content: templateField('content'),
    attachments: rewardsSchema,
    target: {
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: { type: 'string', enum: ['personas', 'tag', 'everyone'] },
        personaIds: { type: 'array', minItems: 1, maxItems: 1000, items: idParam },
        tagId: idParam,
      },
      allOf: [
        { if: { properties: { type: { const: 'personas' } } }, then: { required: ['personaIds'] } },
        { if: { properties: { type: { const: 'tag' } } }, then: { required: ['tagId'] } },
      ],
    },
  },
};

/** The inbox as the console and the game's server use it: send, list copies, list and recall sends. */
function mountInboxAdmin(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: `${BASE}/inbox/messages`,
    summary: 'Send an inbox message (a template, or a title, text and attachments) to personas, a tag or everyone',
    tag: TAG,
    auth: 'service',
    body: sendBody,
    responses: { 201: { description: 'the send record, with the personas refused because their inbox was full', schema: { type: 'object' } }, ...errorResponses(400, 401, 403) },
    handler: async (req, reply) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const record = await sendMessage(ctx, scopeId, principal.actor, req.body as SendInput);
      reply.code(201);
      return record;
    },
  });
  api.route({
    method: 'POST',
    url: `${BASE}/inbox/templates/:id/send`,
    summary: 'Send an inbox template (by id or slug) as it is to personas, a tag or everyone: the same send as POST /inbox/messages with the template',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    body: sendTemplateCommand.fields,
    responses: { 201: { description: 'the send record, with the personas refused because their inbox was full', schema: sendTemplateCommand.answer }, ...errorResponses(400, 401, 403, 404) },
    handler: async (req, reply) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const template = await findRecord(ctx, 'inboxTemplates', scopeId, (req.params as { id: string }).id);
      const record = await sendMessage(ctx, scopeId, principal.actor, { template: String(template.id), target: (req.body as Pick<SendInput, 'target'>).target });
      reply.code(201);
      return record;
    },
  });
  api.route({
    method: 'GET',
    url: `${BASE}/inbox/messages`,
    summary: "List inbox messages (personas' copies), newest first",
    tag: TAG,
    auth: 'service',
    querystring: pageQuery({ personaId: idParam, recordId: idParam, status: { type: 'string', enum: MESSAGE_STATUSES } }),
    responses: { 200: listAnswer('messages'), ...errorResponses(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      return listMessages(ctx, scopeId, req.query as never);
    },
  });
  api.route({
    method: 'GET',
    url: `${BASE}/inbox/records`,
    summary: 'List inbox send records, newest first',
    tag: TAG,
    auth: 'service',
    querystring: pageQuery({ status: { type: 'string', enum: ['Sent', 'Recalled'] } }),
    responses: { 200: listAnswer('records'), ...errorResponses(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      return listRecords(ctx, scopeId, req.query as never);
    },
  });
  api.route({
    method: 'POST',
    url: `${BASE}/inbox/records/:id/recall`,
    summary: 'Recall a send: its copies not yet completed are removed from the inboxes',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the record, Recalled, with how many copies were removed', schema: { type: 'object' } }, ...errorResponses(401, 403, 404, 409) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      return recallRecord(ctx, scopeId, principal.actor, (req.params as { id: string }).id);
    },
  });
}

/** The player's own inbox (the selected persona's). */
function mountInboxPlayer(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${SDK}/inbox`,
    summary: "The player's inbox (the selected persona's messages), newest first",
    tag: TAG,
    auth: 'player',
    querystring: pageQuery({ status: { type: 'string', enum: MESSAGE_STATUSES } }),
    responses: { 200: listAnswer('messages'), ...errorResponses(400, 401, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return listMessages(ctx, player.appId, { ...(req.query as { count: number; start: number; status?: string }), personaId: player.personaId });
    },
  });
  for (const [verb, summary, run] of [
    ['read', 'Read a message: Unread becomes Unconsumed, or Completed when it has no attachments', readMessage],
    ['claim', "Claim a read message's attachments into the persona's inventory: Unconsumed becomes Completed", claimMessage],
  ] as const) {
    api.route({
      method: 'POST',
      url: `${SDK}/inbox/:id/${verb}`,
      summary,
      tag: TAG,
      auth: 'player',
      params: paramsSchema('id'),
      responses: { 200: { description: 'the message', schema: { type: 'object' } }, ...errorResponses(401, 404, 409) },
      handler: async (req) => {
        const player = await requirePersonaPlayer(ctx, req);
        return run(ctx, player.appId, player.personaId, playerActor(player), (req.params as { id: string }).id);
      },
    });
  }
}

export function mountInbox(api: Api, ctx: Ctx): void {
  mountInboxAdmin(api, ctx);
  mountInboxPlayer(api, ctx);
}
