import type { JsonSchema } from '../../../../resources/types';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { guardUnique } from '../../../engine/write';
import { personaBanned, stillBanned } from './bans';
import { personasModel, usersModel } from './models';
import { bearerToken, playerOf, selectPersona } from './principal';
import { realNameOf, submitRealName } from './real-name';
import { requireOpenRealm } from './realms';

const personaProps = personasModel.res.schema.properties as Record<string, JsonSchema>;

/**
 * The behaviour of the player's account calls declared in `resources/passport/players-calls.ts`: who am I, my
 * personas, choosing one, and the real-name check.
 */
export const accountHandlers = (ctx: Ctx): CallHandlers => ({
  'players.me': async (call) => {
    const p = playerOf(call);
    const [user, persona, realName] = await Promise.all([
      ctx.store.get(usersModel, p.appId, p.userId),
      p.personaId ? ctx.store.get(personasModel, p.appId, p.personaId) : Promise.resolve(null),
      realNameOf(ctx.db, p.appId, p.userId),
    ]);
    return { user, persona, realName };
  },
  'players.createPersona': async (call) => {
    const p = playerOf(call);
    const body = call.input as { name: string; realmId: string; avatar?: string };
    await requireOpenRealm(ctx.db, p.appId, body.realmId);
    const data = { ...body, userId: p.userId, level: personaProps.level.default, tags: [] };
    const created = await guardUnique(personasModel, () => records(ctx.db, personasModel).insert(p.appId, data));
    await recordOperation(ctx.db, { actor: p.actor, appId: p.appId, action: 'passport.personas.create', target: String(created.id), after: created });
    return created;
  },
  'players.selectPersona': async (call) => {
    const p = playerOf(call);
    const { id } = call.params;
    const persona = await ctx.store.get(personasModel, p.appId, id);
    // Another player's persona is not theirs to see: the same answer as one that does not exist.
    if (persona.userId !== p.userId) throw notFound();
    if (await stillBanned(ctx.db, personasModel, p.appId, persona)) throw personaBanned();
    await requireOpenRealm(ctx.db, p.appId, String(persona.realmId));
    await selectPersona(ctx.db, bearerToken(call.req)!, id);
    await recordOperation(ctx.db, { actor: p.actor, appId: p.appId, action: 'passport.personas.select', target: id });
    return ctx.store.get(personasModel, p.appId, id);
  },
  'players.submitRealName': (call) => submitRealName(ctx, call.scopeId, playerOf(call).userId, call.input as { name: string; idNumber: string }),
});
