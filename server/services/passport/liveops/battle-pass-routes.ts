import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { personaOf } from '../players/principal';
import { addPassExp, claimPassLevel, personaPasses, setPremium, type Track } from './battle-pass';
import { requirePersona } from './common';

/** The behaviour of the battle-pass calls declared in `resources/passport/liveops-calls.ts`. */
export const battlePassHandlers = (ctx: Ctx): CallHandlers => ({
  'battlePass.personaStanding': async ({ scopeId, params, input }) => {
    await requirePersona(ctx, scopeId, params.id);
    return personaPasses(ctx, scopeId, params.id, { pass: input.battlePass as string | undefined });
  },
  'battlePass.setPremium': ({ scopeId, actor, params, input }) => setPremium(ctx, scopeId, actor, params.id, params.personaId, input.premium as boolean),
  'battlePass.playerPasses': (call) => personaPasses(ctx, call.scopeId, personaOf(call).personaId, { onlyActive: true }),
  'battlePass.addExp': (call) => addPassExp(ctx, personaOf(call), call.actor, call.params.id, call.input.exp as number),
  'battlePass.claim': (call) =>
    claimPassLevel(ctx, personaOf(call), call.actor, call.params.id, call.input.level as number, call.input.track as Track),
});
