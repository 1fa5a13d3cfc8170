import type { Ctx } from '../../../../context';
import { ok, type Api } from '../../../../engine/api';
import type { CallHandlers } from '../../../../engine/declared-calls';
import type { ResourceHooks } from '../../../../engine/hooks';
import { mountRowCommandCall, type ServiceCall } from '../../../../engine/service-calls';
import { guildAudit, guildModels } from './common';
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
 * engine's views).
 */
export function mountGuildConsoleCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const operator = ({ access }: ServiceCall) => ({ actor: access.principal.actor, appId: access.scopeId });

  mountRowCommandCall(api, ctx, m.guilds, 'guildMembers', 'setRole', {
    summary: "Set a member's role, or none (not the leader's)",
    answer: ok('the member'),
    handler: async (call) => {
      const { access, record, req, body } = call;
      const { personaId } = req.params as { personaId: string };
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
      const { personaId } = req.params as { personaId: string };
      const { before, after } = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, access.scopeId, personaId);
        return expel(tx, m, access.scopeId, await lockGuild(tx, m, access.scopeId, String(record.id)), personaId);
      });
      await guildAudit(ctx, operator(call), 'member.remove', String(after.id), before, undefined);
      return after;
    },
  });
}

/** A persona's guilds, for the console and the game's server. */
export const guildServiceHandlers = (ctx: Ctx): CallHandlers => ({
  'guilds.ofPersona': ({ scopeId, record }) => personaGuilds(ctx, guildModels(ctx), scopeId, String(record!.id)),
});
