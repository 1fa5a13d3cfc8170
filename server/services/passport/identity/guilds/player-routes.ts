import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../../context';
import type { Queryable } from '../../../../db';
import type { Page } from '../../../../engine/api';
import type { CallHandlers } from '../../../../engine/declared-calls';
import { conflict, notFound } from '../../../../engine/errors';
import { records } from '../../../../engine/query';
import { viewRowsOf } from '../../../../engine/record-views';
import type { Data } from '../../../../engine/store';
import { personaOf } from '../../players/principal';
import { guildAudit, guildModels } from './common';
import {
  addMember,
  dropOtherRequests,
  guildConfig,
  joinerState,
  lockGuild,
  lockNames,
  lockPersona,
  memberCount,
  memberOf,
  membersView,
  nameInUse,
  presentMember,
  recount,
  removeMember,
  waitingRequest,
  type Models,
} from './membership';
import { nameTaken, refuseMembership, refuseWhenFull, type GuildConfig } from './rules';

/** Makes a persona a member of a locked guild if the settings allow it (used by joining and by approval). */
export async function admit(tx: Queryable, m: Models, cfg: GuildConfig, appId: string, guild: Data, personaId: string) {
  refuseMembership(cfg, await joinerState(tx, m, appId, personaId), String(guild.id));
  refuseWhenFull(cfg, await memberCount(tx, m, appId, String(guild.id)));
  await addMember(tx, m, appId, guild, personaId);
  await dropOtherRequests(tx, m, cfg, appId, personaId);
  return recount(tx, m, appId, String(guild.id));
}

/** A persona's guilds (live ones only), each with the persona's role and joining time. */
export async function personaGuilds(ctx: Ctx, m: Models, appId: string, personaId: string) {
  const memberships = await records(ctx.db, m.members).find(appId, { where: { personaId }, orderBy: ['joinedAt', 'guildId'] });
  const found = await records(ctx.db, m.guilds).find(appId, { where: { id: { $in: memberships.map((r) => String(r.guildId)) } } });
  const byId = new Map(found.map((g) => [g.id, g]));
  const guilds = memberships.map((r) => ({ ...byId.get(r.guildId), membership: { roleId: r.roleId ?? null, isLeader: r.isLeader, joinedAt: r.joinedAt } }));
  return { total: guilds.length, guilds };
}

/** The behaviour of the guild calls any persona makes for itself (`resources/passport/identity-calls.ts`). */
export function guildPlayerHandlers(ctx: Ctx): CallHandlers {
  const m = guildModels(ctx);

  return {
    'guilds.create': async (call) => {
      const player = personaOf(call);
      const body = call.input as { name: string; description?: string; announcement?: string };
      const created = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, player.appId, player.personaId);
        const cfg = await guildConfig(tx, m, player.appId);
        refuseMembership(cfg, await joinerState(tx, m, player.appId, player.personaId), null);
        await lockNames(tx, player.appId);
        if (!cfg.GuildDisableUniqueGuildName && (await nameInUse(tx, m, player.appId, body.name))) throw nameTaken();
        const data = { ...body, memberCount: 1, leaderPersonaId: player.personaId };
        const record = await records(tx, m.guilds).insert(player.appId, data, { id: randomUUID() });
        await addMember(tx, m, player.appId, record, player.personaId);
        await dropOtherRequests(tx, m, cfg, player.appId, player.personaId);
        return record;
      });
      await guildAudit(ctx, player, 'create', String(created.id), undefined, created);
      return created;
    },

    'guilds.mine': async (call) => personaGuilds(ctx, m, call.scopeId, personaOf(call).personaId),

    'guilds.show': async (call) => {
      const player = personaOf(call);
      const me = await memberOf(ctx.db, m, player.appId, String(call.record!.id), player.personaId);
      return { ...call.record, me: me ? presentMember(m, me) : null };
    },

    'guilds.members': ({ scopeId, record, input }) =>
      viewRowsOf(ctx, ctx.db, m.guilds, membersView(m), scopeId, String(record!.id), input as unknown as Page),

    'guilds.join': async (call) => {
      const player = personaOf(call);
      const message = (call.input.message as string | undefined) ?? '';
      const out = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, player.appId, player.personaId);
        const record = await lockGuild(tx, m, player.appId, call.params.id);
        const guildId = String(record.id);
        const cfg = await guildConfig(tx, m, player.appId);
        if (!cfg.EnableGainApprovalBeforeJoin) {
          return { status: 'Joined' as const, guild: await admit(tx, m, cfg, player.appId, record, player.personaId) };
        }
        refuseMembership(cfg, await joinerState(tx, m, player.appId, player.personaId), guildId);
        refuseWhenFull(cfg, await memberCount(tx, m, player.appId, guildId));
        if (await waitingRequest(tx, m, player.appId, guildId, player.personaId)) {
          throw conflict('DUPLICATE', 'a request to join this guild is already waiting');
        }
        await records(tx, m.requests).insert(player.appId, { guildId, personaId: player.personaId, message }, { parentId: guildId });
        return { status: 'Requested' as const, guild: record };
      });
      const after = { personaId: player.personaId, status: out.status };
      await guildAudit(ctx, player, out.status === 'Joined' ? 'join' : 'request', String(out.guild.id), undefined, after);
      return out;
    },

    'guilds.leave': async (call) => {
      const player = personaOf(call);
      const { before, after } = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, player.appId, player.personaId);
        const record = await lockGuild(tx, m, player.appId, call.params.id);
        if (record.leaderPersonaId === player.personaId) {
          throw conflict('INVALID_TRANSITION', 'the leader cannot leave the guild; dismiss it instead');
        }
        const gone = await removeMember(tx, m, player.appId, String(record.id), player.personaId);
        if (!gone) throw notFound('not a member of this guild');
        return { before: presentMember(m, gone), after: await recount(tx, m, player.appId, String(record.id)) };
      });
      await guildAudit(ctx, player, 'leave', String(after.id), before, undefined);
      return after;
    },
  };
}
