import type { Ctx } from '../../../context';
import { errorResponses, idParam, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { addPassExp, claimPassLevel, personaPasses, setPremium, type Track } from './battle-pass';
import { listAnswer, playerActor, requirePersona, requirePersonaPlayer, TAG } from './common';
import { BASE, SDK } from '../base';

const passAnswer = { description: "the persona's standing on the pass", schema: { type: 'object' } };

function mountPassAdmin(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${BASE}/personas/:id/battle-pass`,
    summary: "A persona's experience, level, premium track and claimed rewards on the battle passes (or on one)",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: { type: 'object', additionalProperties: false, properties: { battlePass: { ...idParam, description: 'One pass, by id or slug' } } },
    responses: { 200: listAnswer('battlePasses'), ...errorResponses(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      const { id } = req.params as { id: string };
      await requirePersona(ctx, scopeId, id);
      return personaPasses(ctx, scopeId, id, { pass: (req.query as { battlePass?: string }).battlePass });
    },
  });
  api.route({
    method: 'PUT',
    url: `${BASE}/battle-pass/:id/personas/:personaId/premium`,
    summary: "Unlock a persona's premium track on a pass (after the game's server saw it paid), or lock it again",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id', 'personaId'),
    body: { type: 'object', additionalProperties: false, required: ['premium'], properties: { premium: { type: 'boolean' } } },
    responses: { 200: passAnswer, ...errorResponses(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const { id, personaId } = req.params as { id: string; personaId: string };
      return setPremium(ctx, scopeId, principal.actor, id, personaId, (req.body as { premium: boolean }).premium);
    },
  });
}

function mountPassPlayer(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: `${SDK}/battle-pass`,
    summary: "The Active battle passes with the player's standing on each",
    tag: TAG,
    auth: 'player',
    responses: { 200: listAnswer('battlePasses'), ...errorResponses(401, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return personaPasses(ctx, player.appId, player.personaId, { onlyActive: true });
    },
  });
  api.route({
    method: 'POST',
    url: `${SDK}/battle-pass/:id/exp`,
    summary: 'Add experience to the player on a running pass',
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id'),
    body: { type: 'object', additionalProperties: false, required: ['exp'], properties: { exp: { type: 'integer', minimum: 1, maximum: 1_000_000 } } },
    responses: { 200: passAnswer, ...errorResponses(400, 401, 404, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      return addPassExp(ctx, player, playerActor(player), (req.params as { id: string }).id, (req.body as { exp: number }).exp);
    },
  });
  api.route({
    method: 'POST',
    url: `${SDK}/battle-pass/:id/claim`,
    summary: "Claim a reached level's free or premium rewards into the persona's inventory (once per level and track)",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id'),
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['level', 'track'],
      properties: { level: { type: 'integer', minimum: 1, maximum: 200 }, track: { type: 'string', enum: ['free', 'premium'] } },
    },
    responses: { 200: { description: 'the claim and what was granted', schema: { type: 'object' } }, ...errorResponses(400, 401, 404, 409) },
    handler: async (req) => {
      const player = await requirePersonaPlayer(ctx, req);
      const { level, track } = req.body as { level: number; track: Track };
      return claimPassLevel(ctx, player, playerActor(player), (req.params as { id: string }).id, level, track);
    },
  });
}

export function mountBattlePasses(api: Api, ctx: Ctx): void {
  mountPassAdmin(api, ctx);
  mountPassPlayer(api, ctx);
}
