import { modelOf, type Ctx } from '../../../../context';
import { paramsSchema, type Api } from '../../../../engine/api';
import type { ResourceHooks } from '../../../../engine/hooks';
import { mountRowCommandCall, type ServiceCall } from '../../../../engine/service-calls';
import { appCaller, BASE, errors, listAnswer, ok, SERVICE } from '../shared';
import { guildAudit, guildModels, paramOf } from './common';
import { guildConfig, lockGuild, lockPersona, nameInUse } from './membership';
import { expel, setRole } from './manage-routes';
import { personaGuilds } from './player-routes';
import { nameTaken } from './rules';

/** Guild names are unique in the app unless the settings allow duplicates (the operators' writes too). */
export const guildHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data, existing }) => {
    const m = guildModels(ctx);
    const cfg = await guildConfig(ctx.db, m, scopeId);
    const except = existing ? String(existing.id) : undefined;
    if (!cfg.GuildDisableUniqueGuildName && (await nameInUse(ctx.db, m, scopeId, String(data.name), except))) throw nameTaken();
    return [];
  },
};

/**
 * The operators' changes to a guild's members, the row commands of the guild's members view (its lists are the
 * engine's views), and a persona's guilds.
 */
export function mountGuildConsoleCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const personas = modelOf(ctx, SERVICE, 'personas');
  const operator = ({ access }: ServiceCall) => ({ actor: access.principal.actor, appId: access.scopeId });

  mountRowCommandCall(api, ctx, m.guilds, 'guildMembers', 'setRole', {
    summary: "Set a member's role, or none (not the leader's)",
    answer: ok('the member'),
    handler: async (call) => {
      const { access, record, req, body } = call;
      const personaId = paramOf(req, 'personaId');
      const out = await ctx.db.transaction(async (tx) =>
        setRole(tx, m, access.scopeId, await lockGuild(tx, m, access.scopeId, String(record.id)), personaId, body.roleId as string | null),
      );
      await guildAudit(ctx, operator(call), 'member.role', `${String(out.after.guildId)}/${personaId}`, out.before, out.after);
      return out.after;
    },
  });

  mountRowCommandCall(api, ctx, m.guilds, 'guildMembers', 'remove', {
    summary: 'Remove a member (not the leader); the persona waits out the restriction before joining again',
    answer: ok('the guild', m.guilds.recordSchema),
    handler: async (call) => {
      const { access, record, req } = call;
      const personaId = paramOf(req, 'personaId');
      const { before, after } = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, access.scopeId, personaId);
        return expel(tx, m, access.scopeId, await lockGuild(tx, m, access.scopeId, String(record.id)), personaId);
      });
      await guildAudit(ctx, operator(call), 'member.remove', String(after.id), before, undefined);
      return after;
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/personas/:id/guilds`,
    summary: "A persona's guilds, with its role in each",
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: listAnswer('guilds'), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const persona = await ctx.store.get(personas, access.scopeId, paramOf(req, 'id'));
      return personaGuilds(ctx, m, access.scopeId, String(persona.id));
    },
  });
}
