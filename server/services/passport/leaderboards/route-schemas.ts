import type { JsonSchema } from '../../../../resources/types';
import { errorResponses, idParam, pageProperties, pageQuery as pagingQuery, type ResponseDef } from '../../../engine/api';
import { SCORE_LIMIT } from './rules';
import { SCHEDULE_TIMEZONES } from './schedule';

export const SERVICE = 'passport';
export { BASE } from '../base';

/** A member id: a player's user id, or an entity's id (a guild, a team). */
export const memberIdSchema = { ...idParam, description: "A player's user id, or an entity's id" } as const;

const versionParam = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const boardParams: JsonSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: idParam } };

export const memberParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'memberId'],
  properties: { id: idParam, memberId: memberIdSchema },
};

export const versionParams: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'versionId'],
  properties: { id: idParam, versionId: versionParam },
};


/** `{ count, start }` paging (spec 002 §7), up to `max` a page. */
export const pageQuery = (max: number, byDefault: number, extra: Record<string, JsonSchema> = {}): JsonSchema =>
  pagingQuery(extra, pageProperties(max, byDefault, 100_000_000));

/** A ranking page's query: from `start`, or centred on `memberId`. */
export const rankingQuery = (max: number, byDefault: number) =>
  pageQuery(max, byDefault, { memberId: { ...memberIdSchema, description: 'Centre the page on this member instead of starting at `start`' } });

export const scoreValue = { type: 'integer', minimum: -SCORE_LIMIT, maximum: SCORE_LIMIT } as const;

export const scoreBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['score'],
  properties: { score: scoreValue },
};

export const scheduleBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['cron'],
  properties: {
    cron: { type: 'string', minLength: 1, maxLength: 100, description: 'Five fields: minute hour day-of-month month day-of-week' },
    timezone: { type: 'string', enum: [...SCHEDULE_TIMEZONES], default: 'Asia/Shanghai' },
    version: { type: 'integer', minimum: 1, maximum: 2147483647, description: "The leaderboard's version read; a stale one is refused" },
  },
};

export const versionBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { version: { type: 'integer', minimum: 1, maximum: 2147483647, description: "The leaderboard's version read; a stale one is refused" } },
};

export const schedulePreviewQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    cron: { type: 'string', minLength: 1, maxLength: 100, description: 'Preview this expression instead of the saved schedule' },
    timezone: { type: 'string', enum: [...SCHEDULE_TIMEZONES], default: 'Asia/Shanghai' },
  },
};

export const reissueBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['version'],
  properties: { version: versionParam },
};

const standingProps = {
  rank: { type: 'integer' },
  memberId: { type: 'string' },
  score: { type: 'integer' },
  reachedAt: { type: 'string', format: 'date-time' },
  tier: { type: ['string', 'null'] },
};

export const standingSchema: JsonSchema = {
  type: 'object',
  required: ['memberId', 'version', 'rank', 'score', 'reachedAt', 'tier', 'total'],
  properties: { ...standingProps, rank: { type: ['integer', 'null'] }, version: { type: 'integer' }, total: { type: 'integer', description: 'Members ranked in the version' } },
};

export const rankingSchema: JsonSchema = {
  type: 'object',
  required: ['total', 'version', 'start', 'scores'],
  properties: {
    total: { type: 'integer' },
    version: { type: 'integer' },
    start: { type: 'integer' },
    scores: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...standingProps, memberName: { type: ['string', 'null'], description: "The player's name, on Player boards read from the console" } },
      },
    },
  },
};

export const versionsSchema: JsonSchema = {
  type: 'object',
  required: ['total', 'versions'],
  properties: {
    total: { type: 'integer' },
    versions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          version: { type: 'integer' },
          current: { type: 'boolean' },
          startedAt: { type: 'string', format: 'date-time' },
          endedAt: { type: ['string', 'null'], format: 'date-time' },
          endedBy: { type: ['string', 'null'] },
          memberCount: { type: 'integer' },
        },
      },
    },
  },
};

const rewardItems = { type: 'array', items: { type: 'object', properties: { resource: { type: 'string' }, amount: { type: 'integer' } } } };

export const rewardsSchema: JsonSchema = {
  type: 'object',
  required: ['total', 'rewards'],
  properties: {
    total: { type: 'integer' },
    rewards: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...standingProps, userId: { type: ['string', 'null'] }, items: rewardItems, createdAt: { type: 'string', format: 'date-time' } },
      },
    },
  },
};

export const scheduleSchema: JsonSchema = {
  type: 'object',
  required: ['schedule', 'nextRuns'],
  properties: {
    schedule: {
      type: ['object', 'null'],
      properties: { cron: { type: 'string' }, timezone: { type: 'string' }, nextRunAt: { type: 'string', format: 'date-time' } },
    },
    nextRuns: { type: 'array', items: { type: 'string', format: 'date-time' }, description: 'The next three runs' },
  },
};

export const resetSchema: JsonSchema = {
  type: 'object',
  required: ['archivedVersion', 'currentVersion', 'memberCount', 'rewards'],
  properties: {
    archivedVersion: { type: 'integer' },
    currentVersion: { type: 'integer' },
    memberCount: { type: 'integer' },
    rewards: { type: 'object', properties: { entitled: { type: 'integer' }, created: { type: 'integer' } } },
  },
};

export const reissueSchema: JsonSchema = {
  type: 'object',
  required: ['version', 'entitled', 'created'],
  properties: { version: { type: 'integer' }, entitled: { type: 'integer' }, created: { type: 'integer', description: 'Records that were missing and were created now' } },
};

export const ok = (description: string, schema: JsonSchema): ResponseDef => ({ description, schema });
export const errors = errorResponses;
