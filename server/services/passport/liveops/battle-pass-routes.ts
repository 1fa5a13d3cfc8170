import type { Ctx } from '../../../context';
import { idParam, listAnswer, ok, type Api } from '../../../engine/api';
import { addPassExp, claimPassLevel, personaPasses, setPremium, type Track } from './battle-pass';
import { fieldsBody, playerCall, serviceCall } from './calls';
import { requirePersona } from './common';

const passAnswer = ok("the persona's standing on the pass");

export function mountBattlePasses(api: Api, ctx: Ctx): void {
  serviceCall(api, ctx, {
    method: 'GET',
    path: '/personas/:id/battle-pass',
    summary: "A persona's experience, level, premium track and claimed rewards on the battle passes (or on one)",
    query: { type: 'object', additionalProperties: false, properties: { battlePass: { ...idParam, description: 'One pass, by id or slug' } } },
    answer: listAnswer('battlePasses'),
    errors: [400, 401, 403, 404],
  }, async ({ appId }, { id }, query) => {
    await requirePersona(ctx, appId, id);
    return personaPasses(ctx, appId, id, { pass: query.battlePass as string | undefined });
  });
  serviceCall(api, ctx, {
    method: 'PUT',
    path: '/battle-pass/:id/personas/:personaId/premium',
    summary: "Unlock a persona's premium track on a pass (after the game's server saw it paid), or lock it again",
    body: fieldsBody({ premium: { type: 'boolean' } }),
    answer: passAnswer,
    errors: [400, 401, 403, 404],
  }, ({ appId, actor }, { id, personaId }, body) => setPremium(ctx, appId, actor, id, personaId, body.premium as boolean));
  playerCall(api, ctx, {
    method: 'GET',
    path: '/battle-pass',
    summary: "The Active battle passes with the player's standing on each",
    answer: listAnswer('battlePasses'),
    errors: [401, 409],
  }, (player) => personaPasses(ctx, player.appId, player.personaId, { onlyActive: true }));
  playerCall(api, ctx, {
    method: 'POST',
    path: '/battle-pass/:id/exp',
    summary: 'Add experience to the player on a running pass',
    body: fieldsBody({ exp: { type: 'integer', minimum: 1, maximum: 1_000_000 } }),
    answer: passAnswer,
    errors: [400, 401, 404, 409],
  }, (player, { id }, body) => addPassExp(ctx, player, player.actor, id, body.exp as number));
  playerCall(api, ctx, {
    method: 'POST',
    path: '/battle-pass/:id/claim',
    summary: "Claim a reached level's free or premium rewards into the persona's inventory (once per level and track)",
    body: fieldsBody({ level: { type: 'integer', minimum: 1, maximum: 200 }, track: { type: 'string', enum: ['free', 'premium'] } }),
    answer: ok('the claim and what was granted'),
    errors: [400, 401, 404, 409],
  }, (player, { id }, body) => claimPassLevel(ctx, player, player.actor, id, body.level as number, body.track as Track));
}
