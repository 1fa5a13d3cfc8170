import type { JsonSchema } from '../../../../resources/types';
import type { Ctx } from '../../../context';
import { idParam, listAnswer, ok, pageQuery, type Api } from '../../../engine/api';
import { playerCall, serviceCall } from './calls';
import { findRecord } from './common';
import { claimMessage, listMessages, listRecords, readMessage, recallRecord, sendMessage, type MessagePage, type SendInput } from './inbox';
import { sendMessageBody, sendTemplateCommand } from '../../../../resources/passport/inbox-send';

const MESSAGE_STATUSES = ['Unread', 'Unconsumed', 'Completed'];

const sendAnswer = (schema: JsonSchema = { type: 'object' }) => ok('the send record, with the personas refused because their inbox was full', schema);

export function mountInbox(api: Api, ctx: Ctx): void {
  serviceCall(api, ctx, {
    method: 'POST',
    path: '/inbox/messages',
    summary: 'Send an inbox message (a template, or a title, text and attachments) to personas, a tag or everyone',
    body: sendMessageBody,
    answer: sendAnswer(),
    status: 201,
    errors: [400, 401, 403],
  }, ({ appId, actor }, _, body: SendInput) => sendMessage(ctx, appId, actor, body));
  serviceCall(api, ctx, {
    method: 'POST',
    path: '/inbox/templates/:id/send',
    summary: 'Send an inbox template (by id or slug) as it is to personas, a tag or everyone: the same send as POST /inbox/messages with the template',
    body: sendTemplateCommand.fields,
    answer: sendAnswer(sendTemplateCommand.answer),
    status: 201,
    errors: [400, 401, 403, 404],
  }, async ({ appId, actor }, { id }, body: Pick<SendInput, 'target'>) => {
    const template = await findRecord(ctx, 'inboxTemplates', appId, id);
    return sendMessage(ctx, appId, actor, { template: String(template.id), target: body.target });
  });
  serviceCall(api, ctx, {
    method: 'GET',
    path: '/inbox/messages',
    summary: "List inbox messages (personas' copies), newest first",
    query: pageQuery({ personaId: idParam, recordId: idParam, status: { type: 'string', enum: MESSAGE_STATUSES } }),
    answer: listAnswer('messages'),
    errors: [400, 401, 403],
  }, ({ appId }, _, query: MessagePage) => listMessages(ctx, appId, query));
  serviceCall(api, ctx, {
    method: 'GET',
    path: '/inbox/records',
    summary: 'List inbox send records, newest first',
    query: pageQuery({ status: { type: 'string', enum: ['Sent', 'Recalled'] } }),
    answer: listAnswer('records'),
    errors: [400, 401, 403],
  }, ({ appId }, _, query: MessagePage) => listRecords(ctx, appId, query));
  serviceCall(api, ctx, {
    method: 'POST',
    path: '/inbox/records/:id/recall',
    summary: 'Recall a send: its copies not yet completed are removed from the inboxes',
    answer: ok('the record, Recalled, with how many copies were removed'),
    errors: [401, 403, 404, 409],
  }, ({ appId, actor }, { id }) => recallRecord(ctx, appId, actor, id));
  // The player's own inbox (the selected persona's).
  playerCall(api, ctx, {
    method: 'GET',
    path: '/inbox',
    summary: "The player's inbox (the selected persona's messages), newest first",
    query: pageQuery({ status: { type: 'string', enum: MESSAGE_STATUSES } }),
    answer: listAnswer('messages'),
    errors: [400, 401, 409],
  }, (player, _, query: MessagePage) => listMessages(ctx, player.appId, { ...query, personaId: player.personaId }));
  for (const [verb, summary, run] of [
    ['read', 'Read a message: Unread becomes Unconsumed, or Completed when it has no attachments', readMessage],
    ['claim', "Claim a read message's attachments into the persona's inventory: Unconsumed becomes Completed", claimMessage],
  ] as const) {
    const def = { method: 'POST' as const, path: `/inbox/:id/${verb}`, summary, answer: ok('the message'), errors: [401, 404, 409] };
    playerCall(api, ctx, def, (player, { id }) => run(ctx, player.appId, player.personaId, player.actor, id));
  }
}
