/**
 * Sync's usage reports beside the billed usage (spec 001 §7 "Usage: GET /api/usage, /usage/sort, /daily-usage,
 * /usage-trend"; the spec names the calls only — ADR 0046 gives our reading): the app's room profiles ranked by what
 * their rooms used over a range of days, and the range's usage beside the range of the same length before it.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, ok } from '../call-shapes';
import type { JsonSchema, Text } from '../types';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const titled = (schema: JsonSchema, zh: string, en: string): JsonSchema => ({ ...schema, 'x-ui': { title: t(zh, en) } });
const int: JsonSchema = { type: 'integer', minimum: 0 };
const day: JsonSchema = { type: 'string', format: 'date' };

/** What the profiles may be ranked by. */
export const SORT_KEYS = ['netBytes', 'rooms', 'messages'] as const;

const sortQuery = dayRangeQuery({
  by: { type: 'string', enum: [...SORT_KEYS], default: 'netBytes', description: 'what the profiles are ranked by: bytes their rooms relayed, rooms made, or messages relayed' },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'how many profiles, the highest first' },
});

export const usageSortAnswer: JsonSchema = {
  type: 'object',
  required: ['from', 'to', 'by', 'items'],
  properties: {
    from: day,
    to: day,
    by: { type: 'string', enum: [...SORT_KEYS] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['profileId', 'profileName', 'rooms', 'netBytes', 'messages'],
        properties: {
          profileId: titled({ type: 'string' }, '房间配置', 'Room profile'),
          profileName: titled({ type: 'string', description: "the profile's name (empty once it is deleted)" }, '房间配置名称', 'Profile name'),
          rooms: titled(int, '房间数', 'Rooms'),
          netBytes: titled(int, '中继流量（字节）', 'Bytes relayed'),
          messages: titled(int, '中继消息数', 'Messages relayed'),
        },
      },
    },
  },
};

const totals: JsonSchema = {
  type: 'object',
  required: ['from', 'to', 'ccu', 'netBytes'],
  properties: { from: day, to: day, ccu: { ...int, description: 'the highest day peak of concurrent users' }, netBytes: int },
};
const change: JsonSchema = { type: ['number', 'null'], description: 'the change from the previous range as a fraction of it (0.5: half as much again); null when the previous range had none' };

export const usageTrendAnswer: JsonSchema = {
  type: 'object',
  required: ['from', 'to', 'ccu', 'netBytes', 'previous', 'change'],
  properties: {
    ...(totals.properties as Record<string, JsonSchema>),
    previous: { ...totals, description: 'the range of the same length just before' },
    change: { type: 'object', required: ['ccu', 'netBytes'], properties: { ccu: change, netBytes: change } },
  },
};

export const usageReportCalls: Record<string, CallDecl> = {
  usageSort: {
    method: 'GET',
    path: '/api/usage/sort',
    caller: 'service',
    summary: "The app's room profiles ranked by what their rooms made in a range of days used: bytes relayed, rooms or messages",
    query: sortQuery,
    answer: ok('the profiles, the highest first', usageSortAnswer),
    errors: [400, 401, 403],
  },
  usageTrend: {
    method: 'GET',
    path: '/api/usage-trend',
    caller: 'service',
    summary: "The app's billed Sync usage over a range of days beside the range of the same length just before it, and the change",
    query: dayRangeQuery(),
    answer: ok('the two ranges and the change', usageTrendAnswer),
    errors: [400, 401, 403],
  },
};
