import conversationSchema from '../schemas/ai/conversation.json' with { type: 'json' };
import { recordOf } from './call-shapes';
import type { CallDecl } from './call-types';
import type { JsonSchema, ResourceDecl, ServiceDecl } from './types';

/** The longest question the assistant takes, in characters (a longer one is refused with 400, naming the limit). */
export const QUESTION_LIMIT = 1000;
/** The most passages a documentation search answers. */
export const SEARCH_LIMIT = 20;
/** The most conversation entries kept per account: asking past it drops the oldest. */
export const HISTORY_LIMIT = 100;

const lang: JsonSchema = {
  type: 'string',
  enum: ['en', 'zh-CN'],
  description: 'The documentation language to search and answer in; by default the text\'s own: zh-CN when it holds Chinese characters, else en.',
};

/** A passage of the documentation as answered: where it is, what it is under, and how well it matched. */
const passage: JsonSchema = {
  type: 'object',
  required: ['page', 'address', 'title', 'heading', 'snippet', 'score'],
  properties: {
    page: { type: 'string', description: 'The page on the site: /doc/<section>/<page>, /policy/<name>.' },
    address: { type: 'string', description: 'The page with the anchor of the section the passage is in.' },
    title: { type: 'string', description: "The page's title." },
    heading: { type: 'string', description: 'The heading the passage is under.' },
    snippet: { type: 'string', description: 'A short extract around the words searched for.' },
    score: { type: 'number', description: 'How well it matches (higher is better; comparable within one answer only).' },
  },
};

/**
 * The conversation with the assistant, one record per question and answer, kept per console account (scope
 * `account`): read and cleared only by the service's calls, never by another account.
 */
const conversation: ResourceDecl = {
  name: 'conversation',
  label: { 'zh-CN': '对话记录', en: 'Conversation' },
  singular: { 'zh-CN': '对话', en: 'Conversation entry' },
  schema: conversationSchema,
  path: '/knowledge/conversation',
  idField: 'id',
  titleField: 'question',
  scope: 'account',
  operations: [],
  list: { columns: ['question', 'createdAt'], defaultSort: { field: 'createdAt', order: 'asc' } },
  access: { read: ['user', 'admin'], write: ['user', 'admin'] },
  implementedBy: 'service',
};

const calls: Record<string, CallDecl> = {
  'search-documents': {
    method: 'POST',
    path: '/search-documents',
    caller: 'account',
    summary: "Searches the documentation: the passages that best match a query, in the language asked for, each with its page's address, title, heading, an extract and a score",
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1, maxLength: QUESTION_LIMIT, description: 'The words to search for.' },
        lang,
        limit: { type: 'integer', minimum: 1, maximum: SEARCH_LIMIT, default: 5, description: 'How many passages at most.' },
      },
    },
    answer: {
      description: 'The passages found, best first (none when nothing matches)',
      schema: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: passage } } },
    },
    errors: [400, 401],
  },
  'knowledge/ask': {
    method: 'POST',
    path: '/knowledge/ask',
    caller: 'account',
    summary:
      `Asks the knowledge assistant a question (at most ${QUESTION_LIMIT} characters): it answers from the documentation and the API reference, ` +
      'citing the pages it drew on, and keeps the question and answer in the caller\'s conversation. With a language model configured the answer is ' +
      'written by it from the passages found; otherwise, or when the model fails, it is an extract of the best passages',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['question'],
      properties: {
        question: { type: 'string', description: `The question, 1 to ${QUESTION_LIMIT} characters.` },
        lang,
      },
    },
    answer: { description: 'The answer, as kept in the conversation', schema: recordOf('conversation') },
    errors: [400, 401],
  },
  'knowledge/load-history': {
    method: 'POST',
    path: '/knowledge/load-history',
    caller: 'account',
    summary: `The caller's conversation with the knowledge assistant, oldest first (the last ${HISTORY_LIMIT} questions are kept)`,
    optionalBody: {
      type: 'object',
      additionalProperties: false,
      properties: { limit: { type: 'integer', minimum: 1, maximum: HISTORY_LIMIT, default: HISTORY_LIMIT, description: 'How many of the latest entries.' } },
    },
    answer: {
      description: 'The latest entries, oldest first, and how many are kept',
      schema: { type: 'object', required: ['total', 'items'], properties: { total: { type: 'integer' }, items: { type: 'array', items: recordOf('conversation') } } },
    },
    errors: [400, 401],
  },
  'knowledge/clear-history': {
    method: 'POST',
    path: '/knowledge/clear-history',
    caller: 'account',
    summary: "Deletes the caller's whole conversation with the knowledge assistant",
    answer: {
      description: 'How many entries were deleted',
      schema: { type: 'object', required: ['cleared'], properties: { cleared: { type: 'integer' } } },
    },
    errors: [401],
  },
};

export const ai: ServiceDecl = {
  name: 'ai',
  base: '/ai',
  convention: 'rest',
  catalogue: {
    icon: 'RobotOutlined',
    displayName: { 'zh-CN': 'AI 知识助手', en: 'AI Assistant' },
    label: { 'zh-CN': '知识助手', en: 'Knowledge assistant' },
    description: {
      'zh-CN': 'AI 知识助手：根据平台文档回答开发者的问题，并保留对话历史。',
      en: "AI knowledge assistant: answers developers' questions from the platform documentation and keeps the conversation history.",
    },
    // The documentation has no assistant section; it belongs to "others" (spec 000 §2).
    docPage: '/doc/others',
    mainService: false,
    // Spec 002 §2 gives the assistant no app route: it answers in a console-wide panel, so it has no menu group.
    // Its dashboard card stays, since it is enabled per app (spec 000 §1).
    hide: { menu: true },
  },
  menu: [],
  // The calls are console-wide (caller `account`): the panel is open on every console page, with or without an app,
  // and answers from the public documentation, so a signed-in person may ask whatever apps they have.
  resources: [conversation],
  calls,
};
