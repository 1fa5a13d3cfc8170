/** What the passport leaderboards calls answer: one set of shapes for the server and the console. */
import { pageProperties, pageQuery } from './call-shapes';
import type { JsonSchema } from './types';

/** A member's place in a version. */
export interface Standing {
  rank: number;
  memberId: string;
  /** The player's name, on a Player board's ranking read from the console; null when the player is gone. */
  memberName?: string | null;
  score: number;
  reachedAt: string;
  tier: string | null;
}

/** A page of a version's ranking, best first. */
export interface RankingPage {
  total: number;
  start: number;
  version: number;
  scores: Standing[];
}

/** One version of a board: the current one or an archived one. */
export interface VersionView {
  version: number;
  current: boolean;
  startedAt: string;
  endedAt: string | null;
  /** Who closed it: an operator (`admin:…`, `app:…`) or `system:scheduler`. */
  endedBy: string | null;
  memberCount: number;
}

/** A reward granted when a version closed. */
export interface RewardView {
  memberId: string;
  userId: string | null;
  rank: number;
  score: number;
  tier: string | null;
  items: { resource: string; amount: number }[];
  createdAt: string;
}

/** A board's reset schedule, kept in its record (server-managed). */
export interface Schedule {
  cron: string;
  timezone: string;
  /** ISO UTC, as `Date.toISOString()` writes it (the scheduler compares these as text). */
  nextRunAt: string;
}

/** The schedule with its next runs. */
export interface ScheduleAnswer {
  schedule: Schedule | null;
  nextRuns: string[];
}

/** The largest score magnitude, submitted or aggregated (the database refuses a total past it too). */
export const SCORE_LIMIT = 1_000_000_000_000_000;

/** Time zones a schedule is read in (spec 002 §9); Beijing time unless told otherwise. */
export const SCHEDULE_TIMEZONES = ['Asia/Shanghai', 'UTC'] as const;
export type ScheduleTimezone = (typeof SCHEDULE_TIMEZONES)[number];

/*
 * The request and answer schemas of the leaderboards calls: the server checks requests and documents answers by
 * them, beside the types above.
 */

/** A member id: a player's user id, or an entity's id (a guild, a team). */
export const memberIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: "A player's user id, or an entity's id",
} as const;

/** A version number (a path parameter, a query field, a reissue's version). */
export const versionNumber = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const readVersion = { ...versionNumber, description: "The leaderboard's version read; a stale one is refused" };
const timezone = { type: 'string', enum: [...SCHEDULE_TIMEZONES], default: 'Asia/Shanghai' };
const cron = { type: 'string', minLength: 1, maxLength: 100 };
const scoreValue = { type: 'integer', minimum: -SCORE_LIMIT, maximum: SCORE_LIMIT } as const;
const dateTime = { type: 'string', format: 'date-time' };

/** An object of exactly these properties. */
const fields = (properties: Record<string, JsonSchema>, required?: string[]): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  ...(required ? { required } : {}),
  properties,
});

export const scoreBody = fields({ score: scoreValue }, ['score']);

/** The game client's submission: on an Entity board, the entity it is for. */
export const playerScoreBody = fields(
  {
    score: scoreValue,
    entityId: {
      ...memberIdSchema,
      description: 'On an Entity leaderboard, the entity the score is for (a guild, a team); left out on Player boards',
    },
  },
  ['score'],
);

export const playerStandingQuery = fields({
  entityId: { ...memberIdSchema, description: 'On an Entity leaderboard, the entity to look up' },
});

export const standingQuery = fields({ version: versionNumber });

export const scheduleBody = fields(
  {
    cron: { ...cron, description: 'Five fields: minute hour day-of-month month day-of-week' },
    timezone,
    version: readVersion,
  },
  ['cron'],
);

export const versionBody = fields({ version: readVersion });

export const schedulePreviewQuery = fields({
  cron: { ...cron, description: 'Preview this expression instead of the saved schedule' },
  timezone,
});

export const reissueBody = fields({ version: versionNumber }, ['version']);

/** A ranking page's query: `{ count, start }` (spec 002 §7, up to `max` a page), or centred on `memberId`. */
export const rankingQuery = (max: number, byDefault: number) =>
  pageQuery(
    { memberId: { ...memberIdSchema, description: 'Centre the page on this member instead of starting at `start`' } },
    pageProperties(max, byDefault, 100_000_000),
  );

/** A page of versions or rewards: `{ count, start }`, up to 1000 a page. */
export const versionsQuery = pageQuery({}, pageProperties(1000, 50, 100_000_000));

const standingProps = {
  rank: { type: 'integer' },
  memberId: { type: 'string' },
  score: { type: 'integer' },
  reachedAt: dateTime,
  tier: { type: ['string', 'null'] },
};

export const standingSchema: JsonSchema = {
  type: 'object',
  required: ['memberId', 'version', 'rank', 'score', 'reachedAt', 'tier', 'total'],
  properties: {
    ...standingProps,
    rank: { type: ['integer', 'null'] },
    version: { type: 'integer' },
    total: { type: 'integer', description: 'Members ranked in the version' },
  },
};

/** The player's own standing: without a score in the version, its place fields are null. */
export const playerStandingSchema: JsonSchema = {
  ...standingSchema,
  description: 'Without a score in the current version, rank, score, reachedAt and tier are null',
  properties: {
    ...(standingSchema.properties as object),
    score: { type: ['integer', 'null'] },
    reachedAt: { type: ['string', 'null'] },
  },
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
        properties: {
          ...standingProps,
          memberName: {
            type: ['string', 'null'],
            description: "The player's name, on Player boards read from the console",
          },
        },
      },
    },
  },
};

/** A row of a board's versions (`VersionView`). */
export const versionRow: JsonSchema = {
  type: 'object',
  properties: {
    version: { type: 'integer' },
    current: { type: 'boolean' },
    startedAt: dateTime,
    endedAt: { type: ['string', 'null'], format: 'date-time' },
    endedBy: { type: ['string', 'null'] },
    memberCount: { type: 'integer' },
  },
};

/** A row of a version's rewards (`RewardView`). */
export const rewardRow: JsonSchema = {
  type: 'object',
  properties: {
    ...standingProps,
    userId: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: { type: 'object', properties: { resource: { type: 'string' }, amount: { type: 'integer' } } },
    },
    createdAt: dateTime,
  },
};

export const scheduleSchema: JsonSchema = {
  type: 'object',
  required: ['schedule', 'nextRuns'],
  properties: {
    schedule: {
      type: ['object', 'null'],
      properties: { cron: { type: 'string' }, timezone: { type: 'string' }, nextRunAt: dateTime },
    },
    nextRuns: { type: 'array', items: dateTime, description: 'The next three runs' },
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
  properties: {
    version: { type: 'integer' },
    entitled: { type: 'integer' },
    created: { type: 'integer', description: 'Records that were missing and were created now' },
  },
};

/** What clearing a player's scores answers: the boards that held one. */
export const clearedSchema: JsonSchema = {
  type: 'object',
  properties: {
    cleared: { type: 'integer' },
    boards: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, version: { type: 'integer' } } },
    },
  },
};
