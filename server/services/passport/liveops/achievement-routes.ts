import type { Ctx } from '../../../context';
import { errorResponses, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { ACHIEVEMENT_STATES, advanceAchievement, personaAchievements, redeemAchievement, type AchievementState } from './achievements';
import { listAnswer, pageQuery, playerActor, requirePersona, requirePersonaPlayer, TAG } from './common';
import { BASE, SDK } from '../base';

type Page = { count: number; start: number; state?: AchievementState };

const stateQuery = pageQuery({ state: { type: 'string', enum: [...ACHIEVEMENT_STATES] } });

function mountAchievementAdmin(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${BASE}/personas/:id/achievements`,
    summary: "A persona's progress on the released achievements (achieved / not_achieved, redeemed / not_redeemed)",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: stateQuery,
    responses: { 200: listAnswer('achievements'), ...errorResponses(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      const { id } = req.params as { id: string };
      await requirePersona(ctx, scopeId, id);
      return personaAchievements(ctx, scopeId, id, req.query as Page);
    },
  });
}

function mountAchievementPlayer(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${SDK}/achievements`,
    summary: "The player's achievements (hidden ones once achieved) with their progress",
    tag: TAG,
    auth: 'player',
    querystring: stateQuery,
    responses: { 200: listAnswer('achievements'), ...errorResponses(400, 401, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return personaAchievements(ctx, player.appId, player.personaId, { ...(req.query as Page), asPlayer: true });
    },
  });
  api.route({
    method: 'POST',
    url: `${SDK}/achievements/:id/progress`,
    summary: "Move the player's progress on an achievement: by an increment, or up to a value (never down)",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id'),
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
    responses: { 200: { description: 'the achievement with its progress', schema: { type: 'object' } }, ...errorResponses(400, 401, 404, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return advanceAchievement(ctx, player, playerActor(player), (req.params as { id: string }).id, req.body as { increment?: number; progress?: number });
    },
  });
  api.route({
    method: 'POST',
    url: `${SDK}/achievements/:id/redeem`,
    summary: "Redeem an achieved achievement's rewards into the persona's inventory (once)",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the achievement and what was granted', schema: { type: 'object' } }, ...errorResponses(401, 404, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return redeemAchievement(ctx, player, playerActor(player), (req.params as { id: string }).id);
    },
  });
}

export function mountAchievements(api: Api, ctx: Ctx): void {
  mountAchievementAdmin(api, ctx);
  mountAchievementPlayer(api, ctx);
}
