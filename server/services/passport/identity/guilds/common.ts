import { recordOperation } from '../../../../audit';
import { modelOf, type Ctx } from '../../../../context';
import type { Models } from './membership';

export const guildModels = (ctx: Ctx): Models => ({
  guilds: modelOf(ctx, 'passport', 'guilds'),
  roles: modelOf(ctx, 'passport', 'guild-roles'),
  config: modelOf(ctx, 'passport', 'guild-config'),
  members: modelOf(ctx, 'passport', 'guild-members'),
  requests: modelOf(ctx, 'passport', 'guild-requests'),
});

/** Writes a guild change to the operation history. */
export function guildAudit(ctx: Ctx, who: { actor: string; appId: string }, action: string, target: string, before?: unknown, after?: unknown) {
  return recordOperation(ctx.db, { actor: who.actor, appId: who.appId, action: `passport.guilds.${action}`, target, before, after });
}
