/** The live-ops area's own calls (battle passes, achievements, quests, inbox): their shapes, read by server and docs. */
import type { CallDecl } from '../call-types';
import { fieldsBody, idParam, listAnswer, ok } from '../call-shapes';

const passAnswer = ok("the persona's standing on the pass");

/** Battle passes: a persona's standing (console and game server), and the player's own. */
export const battlePassCalls: Record<string, CallDecl> = {
  'battlePass.personaStanding': {
    method: 'GET',
    path: '/personas/:id/battle-pass',
    caller: 'service',
    summary: "A persona's experience, level, premium track and claimed rewards on the battle passes (or on one)",
    query: { type: 'object', additionalProperties: false, properties: { battlePass: { ...idParam, description: 'One pass, by id or slug' } } },
    answer: listAnswer('battlePasses'),
    errors: [400, 401, 403, 404],
  },
  'battlePass.setPremium': {
    method: 'PUT',
    path: '/battle-pass/:id/personas/:personaId/premium',
    caller: 'service',
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
    summary: 'Add experience to the player on a running pass',
    body: fieldsBody({ exp: { type: 'integer', minimum: 1, maximum: 1_000_000 } }),
    answer: passAnswer,
    errors: [400, 401, 404, 409],
  },
  'battlePass.claim': {
    method: 'POST',
    path: '/battle-pass/:id/claim',
    caller: 'persona',
    summary: "Claim a reached level's free or premium rewards into the persona's inventory (once per level and track)",
    body: fieldsBody({ level: { type: 'integer', minimum: 1, maximum: 200 }, track: { type: 'string', enum: ['free', 'premium'] } }),
    answer: ok('the claim and what was granted'),
    errors: [400, 401, 404, 409],
  },
};
