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
const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };

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
        personaIds: { type: 'array', minItems: 1, maxItems: 1000, items: id },
        tagId: id,
      },
      allOf: [
        { if: { properties: { type: { const: 'personas' } } }, then: { required: ['personaIds'] } },
        { if: { properties: { type: { const: 'tag' } } }, then: { required: ['tagId'] } },
      ],
    },
  },
};
