import type { Ctx } from '../../../context';
import { listAnswer, ok, pageQuery, type Api } from '../../../engine/api';
import { ACHIEVEMENT_STATES, advanceAchievement, personaAchievements, redeemAchievement, type AchievementState } from './achievements';
import { playerCall, serviceCall } from './calls';
import { requirePersona } from './common';

type Page = { count: number; start: number; state?: AchievementState };

const stateQuery = pageQuery({ state: { type: 'string', enum: [...ACHIEVEMENT_STATES] } });

const progressBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  properties: {
    increment: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
    progress: { type: 'integer', minimum: 0, maximum: 1_000_000_000 },
  },
};

export function mountAchievements(api: Api, ctx: Ctx): void {
  serviceCall(api, ctx, {
    method: 'GET',
    path: '/personas/:id/achievements',
    summary: "A persona's progress on the released achievements (achieved / not_achieved, redeemed / not_redeemed)",
    query: stateQuery,
    answer: listAnswer('achievements'),
    errors: [400, 401, 403, 404],
  }, async ({ appId }, { id }, query) => {
    await requirePersona(ctx, appId, id);
    return personaAchievements(ctx, appId, id, query as Page);
  });
  playerCall(api, ctx, {
    method: 'GET',
    path: '/achievements',
    summary: "The player's achievements (hidden ones once achieved) with their progress",
    query: stateQuery,
    answer: listAnswer('achievements'),
    errors: [400, 401, 409],
  }, (player, _, query) => personaAchievements(ctx, player.appId, player.personaId, { ...(query as Page), asPlayer: true }));
  playerCall(api, ctx, {
    method: 'POST',
    path: '/achievements/:id/progress',
    summary: "Move the player's progress on an achievement: by an increment, or up to a value (never down)",
    body: progressBody,
    answer: ok('the achievement with its progress'),
    errors: [400, 401, 404, 409],
  }, (player, { id }, body: { increment?: number; progress?: number }) => advanceAchievement(ctx, player, player.actor, id, body));
  playerCall(api, ctx, {
    method: 'POST',
    path: '/achievements/:id/redeem',
    summary: "Redeem an achieved achievement's rewards into the persona's inventory (once)",
    answer: ok('the achievement and what was granted'),
    errors: [401, 404, 409],
  }, (player, { id }) => redeemAchievement(ctx, player, player.actor, id));
}
