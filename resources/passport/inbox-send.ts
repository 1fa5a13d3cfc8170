import type { CallDecl } from '../call-types';
import { idParam, listAnswer, ok, pageQuery } from '../call-shapes';
import type { CommandDecl, JsonSchema } from '../types';
import inboxTemplateSchema from '../../schemas/passport/liveops/inbox-template.json' with { type: 'json' };

/**
 * Whom an inbox send reaches (`target`): chosen personas, the personas carrying a tag, or every persona of the app.
 * The field a target needs appears once its type is chosen.
 */
const targetSchema: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: {
    type: {
      type: 'string',
      enum: ['personas', 'tag', 'everyone'],
      default: 'personas',
      'x-ui': {
        title: { 'zh-CN': '发送对象', en: 'Send to' },
        enumNames: { 'zh-CN': ['指定角色', '带有某标签的角色', '全部角色'], en: ['Chosen personas', 'Personas with a tag', 'Every persona'] },
      },
    },
  },
  allOf: [
    {
      if: { properties: { type: { const: 'personas' } } },
      then: {
        required: ['personaIds'],
        properties: {
          personaIds: {
            type: 'array',
            minItems: 1,
            maxItems: 1000,
            items: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', 'x-ui': { optionsFrom: { resource: 'personas', value: 'id', label: 'name' } } },
            'x-ui': { title: { 'zh-CN': '角色', en: 'Personas' } },
          },
        },
      },
    },
    {
      if: { properties: { type: { const: 'tag' } } },
      then: {
        required: ['tagId'],
        properties: {
          tagId: {
            type: 'string',
            minLength: 1,
            maxLength: 64,
            pattern: '^[A-Za-z0-9_-]+$',
            'x-ui': { title: { 'zh-CN': '标签', en: 'Tag' }, optionsFrom: { resource: 'tags', value: 'id', label: 'name' } },
          },
        },
      },
    },
  ],
};

/** What a send answers worth showing: how many personas got the message, and those refused (their inbox was full). */
const sendAnswer: JsonSchema = {
  type: 'object',
  required: ['id', 'delivered', 'refused'],
  properties: {
    id: { type: 'string', 'x-ui': { hideInDetail: true } },
    delivered: { type: 'integer', 'x-ui': { title: { 'zh-CN': '已送达角色', en: 'Personas reached' } } },
    refused: {
      type: 'array',
      items: {
        type: 'object',
        required: ['personaId', 'reason'],
        properties: { personaId: { type: 'string' }, reason: { type: 'string' } },
        'x-ui': { summary: [{ 'zh-CN': '{{personaId}}（收件箱已满）', en: '{{personaId}} (inbox full)' }] },
      },
      'x-ui': { title: { 'zh-CN': '未送达', en: 'Not delivered' }, empty: { 'zh-CN': '无', en: 'None' } },
    },
  },
};

const everyoneNote = { 'zh-CN': '选择“全部角色”时，应用的每个角色都会收到这封邮件。', en: 'Choosing every persona sends the message to each persona of the app.' };

/**
 * Sends an inbox template as it is to personas, a tag or everyone (`POST /inbox/templates/:id/send` with `{ target }`),
 * the same send as `POST /inbox/messages` with `{ template, target }`; answers the send record.
 */
export const sendTemplateCommand: CommandDecl = {
  name: 'send',
  label: { 'zh-CN': '发送此模板', en: 'Send this template' },
  on: 'item',
  method: 'POST',
  path: '/send',
  confirm: everyoneNote,
  fields: { type: 'object', required: ['target'], properties: { target: { ...targetSchema, 'x-ui': { title: { 'zh-CN': '发送对象', en: 'Recipients' } } } } },
  answer: sendAnswer,
  api: { call: 'inbox.sendTemplate' },
};

const written = inboxTemplateSchema.properties as Record<string, JsonSchema>;

/**
 * Sends a message from the inbox page (`POST /inbox/messages`): a template chosen by its slug, or, with none chosen,
 * a title, text and attachments written in the dialog; to personas, a tag or everyone. Answers the send record.
 */
export const sendMessageCommand: CommandDecl = {
  name: 'sendMessage',
  label: { 'zh-CN': '发送邮件', en: 'Send a message' },
  on: 'collection',
  method: 'POST',
  path: '/inbox/messages',
  confirm: everyoneNote,
  fields: {
    type: 'object',
    required: ['target'],
    properties: {
      template: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        'x-ui': {
          title: { 'zh-CN': '邮件模板', en: 'Inbox template' },
          help: { 'zh-CN': '不选模板时，在下面直接填写邮件', en: 'Without a template, write the message below' },
          optionsFrom: { resource: 'inboxTemplates', value: 'slugName', label: 'name' },
        },
      },
      target: { ...targetSchema, 'x-ui': { title: { 'zh-CN': '发送对象', en: 'Recipients' } } },
    },
    allOf: [
      {
        if: { not: { required: ['template'] } },
        then: {
          required: ['title'],
          properties: {
            title: written.title,
            content: written.content,
            attachments: {
              ...written.attachments,
              'x-ui': {
                title: { 'zh-CN': '附件', en: 'Attachments' },
                help: { 'zh-CN': '附件在玩家领取时发放到角色背包', en: "Attachments go into the persona's inventory when the player claims them" },
              },
            },
          },
        },
      },
    ],
  },
  answer: sendAnswer,
};

/** A written field of an inbox template, as a send's body takes it (without the console's hints or defaults). */
const bodyField = (name: string): JsonSchema => {
  const { 'x-ui': _x, default: _d, ...rest } = written[name];
  return rest;
};

/** What `POST /inbox/messages` takes: a template (id or slug) or a written message, and whom it reaches. */
export const sendMessageBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['target'],
  properties: {
    template: { type: 'string', minLength: 1, maxLength: 64, description: 'An inbox template (id or slug) to send; or else title, content and attachments.' },
    title: bodyField('title'),
    content: bodyField('content'),
    attachments: bodyField('attachments'),
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

const sendRecord = (schema: JsonSchema = { type: 'object' }) => ok('the send record, with the personas refused because their inbox was full', schema);
const messageStatus = { type: 'string', enum: ['Unread', 'Unconsumed', 'Completed'] };

/** A call of the player's on one message of their inbox. */
const messageCall = (verb: string, summary: string): CallDecl => ({
  method: 'POST',
  path: `/inbox/:id/${verb}`,
  caller: 'persona',
  summary,
  answer: ok('the message'),
  errors: [401, 404, 409],
});

/** The inbox: sends and their copies (console and game server), and the player's own inbox. */
export const inboxCalls: Record<string, CallDecl> = {
  'inbox.send': {
    method: 'POST',
    path: '/inbox/messages',
    caller: 'service',
    summary: 'Send an inbox message (a template, or a title, text and attachments) to personas, a tag or everyone',
    body: sendMessageBody,
    answer: sendRecord(),
    status: 201,
    errors: [400, 401, 403],
  },
  'inbox.sendTemplate': {
    method: 'POST',
    path: '/inbox/templates/:id/send',
    caller: 'service',
    record: { resource: 'inboxTemplates' },
    summary:
      'Send an inbox template (by id or slug) as it is to personas, a tag or everyone: the same send as POST /inbox/messages with the template',
    body: sendTemplateCommand.fields,
    answer: sendRecord(sendTemplateCommand.answer),
    status: 201,
    errors: [400, 401, 403, 404],
  },
  'inbox.messages': {
    method: 'GET',
    path: '/inbox/messages',
    caller: 'service',
    summary: "List inbox messages (personas' copies), newest first",
    query: pageQuery({ personaId: idParam, recordId: idParam, status: messageStatus }),
    answer: listAnswer('messages'),
    errors: [400, 401, 403],
  },
  'inbox.records': {
    method: 'GET',
    path: '/inbox/records',
    caller: 'service',
    summary: 'List inbox send records, newest first',
    query: pageQuery({ status: { type: 'string', enum: ['Sent', 'Recalled'] } }),
    answer: listAnswer('records'),
    errors: [400, 401, 403],
  },
  'inbox.recall': {
    method: 'POST',
    path: '/inbox/records/:id/recall',
    caller: 'service',
    summary: 'Recall a send: its copies not yet completed are removed from the inboxes',
    answer: ok('the record, Recalled, with how many copies were removed'),
    errors: [401, 403, 404, 409],
  },
  'inbox.playerInbox': {
    method: 'GET',
    path: '/inbox',
    caller: 'persona',
    summary: "The player's inbox (the selected persona's messages), newest first",
    query: pageQuery({ status: messageStatus }),
    answer: listAnswer('messages'),
    errors: [400, 401, 409],
  },
  'inbox.read': messageCall('read', 'Read a message: Unread becomes Unconsumed, or Completed when it has no attachments'),
  'inbox.claim': messageCall('claim', "Claim a read message's attachments into the persona's inventory: Unconsumed becomes Completed"),
};
