import type { Ctx } from '../../../../context';
import type { Queryable } from '../../../../db';
import type { Page } from '../../../../engine/api';
import type { CallHandler, CallHandlers, CallInput } from '../../../../engine/declared-calls';
import { badRequest, conflict, forbidden, notFound } from '../../../../engine/errors';
import { records } from '../../../../engine/query';
import { viewRowsOf } from '../../../../engine/record-views';
import { deleteRecord } from '../../../../engine/references';
import type { Data } from '../../../../engine/store';
import { storedFields } from '../../../../engine/write';
import type { GuildPermission } from '../../../../../resources/passport/identity-guilds';
import { personaOf } from '../../players/principal';
import { guildAudit, guildModels } from './common';
import { guildConfig, lockGuild, lockNames, lockPersona, memberOf, nameInUse, presentMember, recount, removeMember } from './membership';
import { requestsView, standingOf, waitingRequest, type Models } from './membership';
import { admit } from './player-routes';
import { nameTaken, requirePermission } from './rules';

/** Runs a guild change (the guild the call names, locked) as a member whose standing permits it. */
async function asPermitted<T>(
  ctx: Ctx,
  m: Models,
  call: CallInput,
  permission: GuildPermission,
  fn: (tx: Queryable, guild: Data) => Promise<T>,
  lockFirst?: (tx: Queryable) => Promise<unknown>,
) {
  const player = personaOf(call);
  return ctx.db.transaction(async (tx) => {
    await lockFirst?.(tx);
    const guild = await lockGuild(tx, m, player.appId, call.params.id);
    requirePermission(await standingOf(tx, m, player.appId, guild, player.personaId), permission);
    return fn(tx, guild);
  });
}

/** Accepts or refuses a waiting request by the request's declared action (404 when none waits); accepting admits. */
async function decide(tx: Queryable, m: Models, appId: string, guild: Data, personaId: string, action: 'approve' | 'reject') {
  const request = await waitingRequest(tx, m, appId, String(guild.id), personaId);
  if (!request) throw notFound('no such request');
  const declared = m.requests.res.actions!.find((a) => a.name === action)!;
  await records(tx, m.requests).updateOne(appId, String(request.id), { status: declared.to }, { from: declared.from });
  return action === 'approve' ? admit(tx, m, await guildConfig(tx, m, appId), appId, guild, personaId) : guild;
}

/** The behaviour of the guild calls that need a permission in the guild (the leader has all; others by their role). */
export function guildManageHandlers(ctx: Ctx): CallHandlers {
  const m = guildModels(ctx);
  const decision = (action: 'approve' | 'reject'): CallHandler => async (call) => {
    const player = personaOf(call);
    const applicant = call.params.personaId;
    const lockApplicant = (tx: Queryable) => lockPersona(tx, player.appId, applicant);
    const run = (tx: Queryable, g: Data) => decide(tx, m, player.appId, g, applicant, action);
    const after = await asPermitted(ctx, m, call, 'manageGuildRequests', run, lockApplicant);
    await guildAudit(ctx, player, action, String(after.id), undefined, { personaId: applicant });
    return after;
  };

  return {
    'guilds.requests': (call) =>
      asPermitted(ctx, m, call, 'manageGuildRequests', (tx, g) =>
        viewRowsOf(ctx, tx, m.guilds, requestsView(m), call.scopeId, String(g.id), call.input as unknown as Page),
      ),

    'guilds.approve': decision('approve'),
    'guilds.reject': decision('reject'),

    'guilds.update': async (call) => {
      const player = personaOf(call);
      const body = call.input as Data;
      const update = async (tx: Queryable, g: Data) => {
        const cfg = await guildConfig(tx, m, player.appId);
        if (typeof body.name === 'string' && !cfg.GuildDisableUniqueGuildName && (await nameInUse(tx, m, player.appId, body.name, String(g.id)))) {
          throw nameTaken();
        }
        const updated = await records(tx, m.guilds).updateOne(player.appId, String(g.id), { data: { ...storedFields(m.guilds, g), ...body } });
        return { before: g, after: updated };
      };
      const { before, after } = await asPermitted(ctx, m, call, 'updateGuildInfo', update, (tx) => lockNames(tx, player.appId));
      await guildAudit(ctx, player, 'update', String(after.id), before, after);
      return after;
    },

    'guilds.dismiss': (call) => {
      const who = { principal: { actor: call.actor }, scopeId: call.scopeId };
      const dismiss = (tx: Queryable, g: Data) => deleteRecord(ctx, who, m.guilds, String(g.id), { tx, action: 'dismiss' });
      return asPermitted(ctx, m, call, 'dismissGuild', dismiss);
    },

    'guilds.setRole': async (call) => {
      const player = personaOf(call);
      const target = call.params.personaId;
      const roleId = call.input.roleId as string | null;
      const change = (tx: Queryable, g: Data) => setRole(tx, m, player.appId, g, target, roleId, player.personaId);
      const out = await asPermitted(ctx, m, call, 'manageMemberRole', change);
      await guildAudit(ctx, player, 'member.role', `${String(out.after.guildId)}/${target}`, out.before, out.after);
      return out.after;
    },

    'guilds.removeMember': async (call) => {
      const player = personaOf(call);
      const target = call.params.personaId;
      if (target === player.personaId) throw conflict('INVALID_TRANSITION', 'leave the guild instead of removing yourself');
      const remove = (tx: Queryable, g: Data) => expel(tx, m, player.appId, g, target);
      const { before, after } = await asPermitted(ctx, m, call, 'removeMembers', remove, (tx) => lockPersona(tx, player.appId, target));
      await guildAudit(ctx, player, 'member.remove', String(after.id), before, undefined);
      return after;
    },
  };
}

/** Sets a member's role (an app role, or none); nobody sets their own or the leader's. */
export async function setRole(tx: Queryable, m: Models, appId: string, guild: Data, personaId: string, roleId: string | null, by?: string) {
  if (by !== undefined && personaId === by) throw forbidden('you cannot change your own role');
  if (personaId === guild.leaderPersonaId) throw conflict('INVALID_TRANSITION', "the leader's role cannot be changed");
  const before = await memberOf(tx, m, appId, String(guild.id), personaId);
  if (!before) throw notFound('not a member of this guild');
  if (roleId !== null && !(await records(tx, m.roles).maybe(appId, roleId))) {
    throw badRequest([{ field: '/roleId', message: 'no such guild role' }]);
  }
  const change = roleId === null ? { unset: ['roleId'] } : { set: { roleId } };
  const after = await records(tx, m.members).updateOne(appId, String(before.id), change);
  return { before: presentMember(m, before), after: presentMember(m, after) };
}

/** Removes a member other than the leader, noting the departure. */
export async function expel(tx: Queryable, m: Models, appId: string, guild: Data, personaId: string) {
  if (personaId === guild.leaderPersonaId) throw conflict('INVALID_TRANSITION', 'the leader cannot be removed');
  const gone = await removeMember(tx, m, appId, String(guild.id), personaId);
  if (!gone) throw notFound('not a member of this guild');
  return { before: presentMember(m, gone), after: await recount(tx, m, appId, String(guild.id)) };
}
