/** The live-ops area's own calls (battle passes, achievements, billboards, quests): their shapes, read by server and docs. */
import type { CallDecl } from '../call-types';
import { fieldsBody, idParam, listAnswer, ok, pageQuery, writableSchema } from '../call-shapes';
import type { JsonSchema } from '../types';
import questSchema from '../../schemas/passport/liveops/quest.json' with { type: 'json' };

const passAnswer = ok("the persona's standing on the pass");

/** Battle passes: a persona's standing (console and game server), and the player's own. */
export const battlePassCalls: Record<string, CallDecl> = {
  'battlePass.personaStanding': {
    method: 'GET',
    path: '/personas/:id/battle-pass',
    caller: 'service',
    record: { resource: 'personas' },
    summary: "A persona's experience, level, premium track and claimed rewards on the battle passes (or on one)",
    query: { type: 'object', additionalProperties: false, properties: { battlePass: { ...idParam, description: 'One pass, by id or slug' } } },
    answer: listAnswer('battlePasses'),
    errors: [400, 401, 403, 404],
  },
  'battlePass.setPremium': {
    method: 'PUT',
    path: '/battle-pass/:id/personas/:personaId/premium',
    caller: 'service',
    record: { resource: 'battlePasses' },
    summary: "Unlock a persona's premium track on a pass (after the game's server saw it paid), or lock it again",
    body: fieldsBody({ premium: { type: 'boolean' } }),
    answer: passAnswer,
    errors: [400, 401, 403, 404],
  },
  'battlePass.playerPasses': {
    method: 'GET',
    path: '/battle-pass',
    caller: 'persona',
    summary: "The Active battle passes with the player's standing on each",
    answer: listAnswer('battlePasses'),
    errors: [401, 409],
  },
  'battlePass.addExp': {
    method: 'POST',
    path: '/battle-pass/:id/exp',
    caller: 'persona',
    record: { resource: 'battlePasses' },
    summary: 'Add experience to the player on a running pass',
    body: fieldsBody({ exp: { type: 'integer', minimum: 1, maximum: 1_000_000 } }),
    answer: passAnswer,
    errors: [400, 401, 404, 409],
  },
  'battlePass.claim': {
    method: 'POST',
    path: '/battle-pass/:id/claim',
    caller: 'persona',
    record: { resource: 'battlePasses' },
    summary: "Claim a reached level's free or premium rewards into the persona's inventory (once per level and track)",
    body: fieldsBody({ level: { type: 'integer', minimum: 1, maximum: 200 }, track: { type: 'string', enum: ['free', 'premium'] } }),
    answer: ok('the claim and what was granted'),
    errors: [400, 401, 404, 409],
  },
};

/** Filters of a persona's achievements by their two per-persona states (spec 002 §4). */
export const ACHIEVEMENT_STATES = ['achieved', 'not_achieved', 'redeemed', 'not_redeemed'] as const;
export type AchievementState = (typeof ACHIEVEMENT_STATES)[number];

const stateQuery = pageQuery({ state: { type: 'string', enum: [...ACHIEVEMENT_STATES] } });

/** Achievements: a persona's progress (console and game server), and the player's own, moved and redeemed. */
export const achievementCalls: Record<string, CallDecl> = {
  'achievements.personaProgress': {
    method: 'GET',
    path: '/personas/:id/achievements',
    caller: 'service',
    record: { resource: 'personas' },
    summary: "A persona's progress on the released achievements (achieved / not_achieved, redeemed / not_redeemed)",
    query: stateQuery,
    answer: listAnswer('achievements'),
    errors: [400, 401, 403, 404],
  },
  'achievements.playerList': {
    method: 'GET',
    path: '/achievements',
    caller: 'persona',
    summary: "The player's achievements (hidden ones once achieved) with their progress",
    query: stateQuery,
    answer: listAnswer('achievements'),
    errors: [400, 401, 409],
  },
  'achievements.progress': {
    method: 'POST',
    path: '/achievements/:id/progress',
    caller: 'persona',
    summary: "Move the player's progress on an achievement: by an increment, or up to a value (never down)",
    body: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: {
        increment: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
        progress: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
      },
    },
    answer: ok('the achievement with its progress'),
    errors: [400, 401, 404, 409],
  },
  'achievements.redeem': {
    method: 'POST',
    path: '/achievements/:id/redeem',
    caller: 'persona',
    summary: "Redeem an achieved achievement's rewards into the persona's inventory (once)",
    answer: ok('the achievement and what was granted'),
    errors: [401, 404, 409],
  },
};

/** Billboards: publishing one now or at a time, and the ones live for players. */
export const billboardCalls: Record<string, CallDecl> = {
  'billboards.publish': {
    method: 'POST',
    path: '/billboards/:id/publish',
    caller: 'service',
    record: { resource: 'billboards' },
    summary: 'Publish a billboard now, or schedule it for a time (billboardScheduled until then)',
    optionalBody: {
      type: 'object',
      additionalProperties: false,
      properties: {
        publishAt: { type: 'string', format: 'date-time', maxLength: 40, description: 'When it goes live; absent or past: now.' },
        version: { type: 'integer', minimum: 1, maximum: 2147483647 },
      },
    },
    answer: ok('the billboard'),
    errors: [400, 401, 403, 404, 409],
  },
  'billboards.live': {
    method: 'GET',
    path: '/billboards',
    caller: 'player',
    summary: 'The billboards live now (of a namespace), highest priority first',
    query: {
      type: 'object',
      additionalProperties: false,
      properties: { namespace: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' } },
    },
    answer: listAnswer('billboards'),
    errors: [400, 401],
  },
};

const questAnswer = ok('the quest, with its items and the status they give it');
const typeFilter: Record<string, JsonSchema> = { type: { type: 'string', enum: questSchema.properties.type.enum } };
const createBody = writableSchema(questSchema as JsonSchema);

/** A persona's quests with this period's progress: read as a list, or searched by type or text. */
const personaQuestCall = (method: 'GET' | 'POST', path: string, summary: string): CallDecl => ({
  method,
  path,
  caller: 'service',
  record: { resource: 'personas' },
  summary,
  ...(method === 'GET'
    ? { query: pageQuery(typeFilter) }
    : { optionalBody: pageQuery({ ...typeFilter, q: { type: 'string', maxLength: 200 } }) }),
  answer: listAnswer('quests'),
  errors: [400, 401, 403, 404],
});

/** Quests: writing one by id or slug, a persona's progress, and the player's own progress and claims. */
export const questCalls: Record<string, CallDecl> = {
  'quests.createOrUpdate': {
    method: 'POST',
    path: '/quests/create-or-update',
    caller: 'service',
    summary: 'Create a quest, or update the one with this id or slugName (its items and status are kept)',
    body: {
      ...createBody,
      properties: {
        ...(createBody.properties as Record<string, JsonSchema>),
        id: { ...idParam, description: 'The quest to update; without it the quest with this slugName is updated, or a new one created.' },
        version: { type: 'integer', minimum: 1, maximum: 2147483647, description: 'The version read; a stale one is refused.' },
      },
    },
    answer: questAnswer,
    more: { 201: questAnswer },
    errors: [400, 401, 403, 404, 409],
  },
  'quests.personaQuests': personaQuestCall(
    'GET',
    '/personas/:id/quests',
    "A persona's quests with this period's progress on each published item",
  ),
  'quests.personaSearch': personaQuestCall(
    'POST',
    '/personas/:id/quests/search',
    "Search a persona's quests (by type or text) with this period's progress",
  ),
  'quests.playerList': {
    method: 'GET',
    path: '/quests',
    caller: 'persona',
    summary: "The player's quests with this period's progress and when each resets",
    query: pageQuery(typeFilter),
    answer: listAnswer('quests'),
    errors: [400, 401, 409],
  },
  'quests.progress': {
    method: 'POST',
    path: '/quests/:id/items/:itemId/progress',
    caller: 'persona',
    record: { resource: 'quests' },
    summary: "Add to the player's progress on a quest item in the current period",
    body: fieldsBody({ increment: { type: 'integer', minimum: 1, maximum: 1_000_000_000 } }),
    answer: ok("the item with the player's progress"),
    errors: [400, 401, 404, 409],
  },
  'quests.claim': {
    method: 'POST',
    path: '/quests/:id/items/:itemId/claim',
    caller: 'persona',
    record: { resource: 'quests' },
    summary: "Claim a completed quest item's rewards into the persona's inventory (once per period)",
    answer: ok('the item and what was granted'),
    errors: [401, 404, 409],
  },
};
