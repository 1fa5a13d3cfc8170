import type { Ctx } from '../../../../context';
import type { CallHandlers } from '../../../../engine/declared-calls';
import type { ResourceHooks } from '../../../../engine/hooks';
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
 * A persona's guilds, for the console and the game's server; the operators' changes to a guild's members (the row
 * commands of the guild's members view, whose lists are the engine's).
 */
export function guildServiceHandlers(ctx: Ctx): CallHandlers {
  const m = guildModels(ctx);
  return {
    'guilds.ofPersona': ({ scopeId, record }) => personaGuilds(ctx, m, scopeId, String(record!.id)),
    'guilds.guildMembers.setRole': async ({ scopeId, actor, record, params: { personaId }, input }) => {
      const out = await ctx.db.transaction(async (tx) =>
        setRole(tx, m, scopeId, await lockGuild(tx, m, scopeId, String(record!.id)), personaId, input.roleId as string | null),
      );
      await guildAudit(ctx, { actor, appId: scopeId }, 'member.role', `${String(out.after.guildId)}/${personaId}`, out.before, out.after);
      return out.after;
    },
    'guilds.guildMembers.remove': async ({ scopeId, actor, record, params: { personaId } }) => {
      const { before, after } = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, scopeId, personaId);
        return expel(tx, m, scopeId, await lockGuild(tx, m, scopeId, String(record!.id)), personaId);
      });
      await guildAudit(ctx, { actor, appId: scopeId }, 'member.remove', String(after.id), before, undefined);
      return after;
    },
  };
}
