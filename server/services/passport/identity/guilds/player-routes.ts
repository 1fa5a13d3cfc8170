import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../../context';
import type { Queryable } from '../../../../db';
import { paramsSchema, type Api } from '../../../../engine/api';
import { conflict, notFound } from '../../../../engine/errors';
import { records } from '../../../../engine/query';
import { viewRowsOf } from '../../../../engine/record-views';
import type { Data } from '../../../../engine/store';
import type { JsonSchema } from '../../../../../resources/types';
import { BASE, errors, listAnswer, ok, pageQuery, SERVICE, text, type Page } from '../shared';
import { asPlayer, guildAudit, guildModels, guildPlayer, paramOf } from './common';
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

const guildBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(32, 1), description: text(500), announcement: text(500) },
};

/** A persona's guilds (live ones only), each with the persona's role and joining time. */
export async function personaGuilds(ctx: Ctx, m: Models, appId: string, personaId: string) {
  const memberships = await records(ctx.db, m.members).find(appId, { where: { personaId }, orderBy: ['joinedAt', 'guildId'] });
  const guilds = [];
  for (const r of memberships) {
    const record = await ctx.store.get(m.guilds, appId, String(r.guildId));
    guilds.push({ ...record, membership: { roleId: r.roleId ?? null, isLeader: r.isLeader, joinedAt: r.joinedAt } });
  }
  return { total: guilds.length, guilds };
}

/** The game's guild calls that any persona makes for itself: create, find, join, leave. */
export function mountGuildPlayerCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const guild = ok('the guild', m.guilds.recordSchema);
  const gid = `${BASE}/sdk/guilds/:id`;
  const findGuild = (appId: string, id: string) =>
    ctx.store.get(m.guilds, appId, id).catch(() => {
      throw notFound('guild not found');
    });

  api.route({
    method: 'POST',
    url: `${BASE}/sdk/guilds`,
    summary:
      'Create a guild led by the selected persona (it must be free to join a guild; names are unique unless the settings allow duplicates)',
    tag: SERVICE,
    auth: 'player',
    body: guildBody,
    responses: { 201: guild, ...errors(400, 401, 403, 409, 423) },
    handler: async (req, reply) => {
      const player = await guildPlayer(ctx, req);
      const body = req.body as { name: string; description?: string; announcement?: string };
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
      await guildAudit(ctx, asPlayer(player), 'create', String(created.id), undefined, created);
      reply.code(201);
      return created;
    },
  });

  api.route({
    method: 'GET',
    url: `${BASE}/sdk/guilds/mine`,
    summary: 'The guilds of the selected persona, with its role in each',
    tag: SERVICE,
    auth: 'player',
    responses: { 200: listAnswer('guilds'), ...errors(401, 403, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      return personaGuilds(ctx, m, player.appId, player.personaId);
    },
  });

  api.route({
    method: 'GET',
    url: gid,
    summary: "A guild, with the selected persona's standing in it",
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    responses: { 200: guild, ...errors(400, 401, 403, 404, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const record = await findGuild(player.appId, paramOf(req, 'id'));
      const me = await memberOf(ctx.db, m, player.appId, String(record.id), player.personaId);
      return { ...record, me: me ? presentMember(m, me) : null };
    },
  });

  api.route({
    method: 'GET',
    url: `${gid}/members`,
    summary: "A guild's members, the leader first",
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    querystring: pageQuery(),
    responses: { 200: listAnswer('members', membersView(m).row as JsonSchema), ...errors(400, 401, 403, 404, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const record = await findGuild(player.appId, paramOf(req, 'id'));
      return viewRowsOf(ctx, ctx.db, m.guilds, membersView(m), player.appId, String(record.id), req.query as Page);
    },
  });

  api.route({
    method: 'POST',
    url: `${gid}/join`,
    summary: 'Join a guild, or ask to when the settings require approval (status Joined or Requested)',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    optionalBody: { type: 'object', additionalProperties: false, properties: { message: text(200) } },
    responses: {
      200: ok('joined or requested', {
        type: 'object',
        properties: { status: { type: 'string', enum: ['Joined', 'Requested'] }, guild: { type: 'object' } },
      }),
      ...errors(400, 401, 403, 404, 409, 423),
    },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const message = (req.body as { message?: string } | undefined)?.message ?? '';
      const out = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, player.appId, player.personaId);
        const record = await lockGuild(tx, m, player.appId, paramOf(req, 'id'));
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
      await guildAudit(ctx, asPlayer(player), out.status === 'Joined' ? 'join' : 'request', String(out.guild.id), undefined, after);
      return out;
    },
  });

  api.route({
    method: 'POST',
    url: `${gid}/leave`,
    summary: 'Leave a guild (the leader dismisses it instead); joining again waits out the restriction of the settings',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    responses: { 200: guild, ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const { before, after } = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, player.appId, player.personaId);
        const record = await lockGuild(tx, m, player.appId, paramOf(req, 'id'));
        if (record.leaderPersonaId === player.personaId) {
          throw conflict('INVALID_TRANSITION', 'the leader cannot leave the guild; dismiss it instead');
        }
        const gone = await removeMember(tx, m, player.appId, String(record.id), player.personaId);
        if (!gone) throw notFound('not a member of this guild');
        return { before: presentMember(m, gone), after: await recount(tx, m, player.appId, String(record.id)) };
      });
      await guildAudit(ctx, asPlayer(player), 'leave', String(after.id), before, undefined);
      return after;
    },
  });
}
