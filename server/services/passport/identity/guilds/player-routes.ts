import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../../../context';
import type { Queryable } from '../../../../db';
import { paramsSchema, type Api } from '../../../../engine/api';
import { conflict, notFound } from '../../../../engine/errors';
import { RecordStore, type Data } from '../../../../engine/store';
import { BASE, errors, listAnswer, ok, pageQuery, SERVICE, text, type Page } from '../shared';
import { asPlayer, guildAudit, guildModels, guildPlayer, paramOf } from './common';
import {
  addMember,
  guildConfig,
  joinerState,
  lockGuild,
  lockNames,
  lockPersona,
  memberCount,
  memberRow,
  membersPage,
  nameInUse,
  presentMember,
  recount,
  removeMember,
  type Models,
} from './membership';
import { nameTaken, refuseMembership, refuseWhenFull, type GuildConfig } from './rules';

/** In single-guild mode a persona that became a member has no use for its other requests. */
async function dropOtherRequests(tx: Queryable, cfg: GuildConfig, appId: string, personaId: string) {
  if (!cfg.EnableJoinMultiGuilds) await tx.query('DELETE FROM passport_guild_requests WHERE app_id = $1 AND persona_id = $2', [appId, personaId]);
}

/** Makes a persona a member of a locked guild if the settings allow it (used by joining and by approval). */
export async function admit(tx: Queryable, m: Models, cfg: GuildConfig, appId: string, guild: Data, personaId: string) {
  refuseMembership(cfg, await joinerState(tx, appId, personaId), String(guild.id));
  refuseWhenFull(cfg, await memberCount(tx, String(guild.id)));
  await addMember(tx, appId, String(guild.id), personaId);
  await dropOtherRequests(tx, cfg, appId, personaId);
  return recount(tx, m, appId, String(guild.id));
}

const guildBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(32, 1), description: text(500), announcement: text(500) },
};

/** The game's guild calls that any persona makes for itself: create, find, join, leave. */
export function mountGuildPlayerCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const guild = ok('the guild', m.guilds.recordSchema);
  const gid = `${BASE}/sdk/guilds/:id`;

  api.route({
    method: 'POST',
    url: `${BASE}/sdk/guilds`,
    summary: 'Create a guild led by the selected persona (it must be free to join a guild; names are unique unless the settings allow duplicates)',
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
        refuseMembership(cfg, await joinerState(tx, player.appId, player.personaId), null);
        await lockNames(tx, player.appId);
        if (!cfg.GuildDisableUniqueGuildName && (await nameInUse(tx, m, player.appId, body.name))) throw nameTaken();
        const id = randomUUID();
        const record = await new RecordStore(tx).insert(m.guilds, player.appId, id, { ...body, memberCount: 1, leaderPersonaId: player.personaId }, null);
        await addMember(tx, player.appId, id, player.personaId);
        await dropOtherRequests(tx, cfg, player.appId, player.personaId);
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
      const record = await ctx.store.get(m.guilds, player.appId, paramOf(req, 'id')).catch(() => {
        throw notFound('guild not found');
      });
      const me = await memberRow(ctx.db, String(record.id), player.personaId);
      return { ...record, me: me ? presentMember(me, record.leaderPersonaId) : null };
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
    responses: { 200: listAnswer('members'), ...errors(400, 401, 403, 404, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const record = await ctx.store.get(m.guilds, player.appId, paramOf(req, 'id')).catch(() => {
        throw notFound('guild not found');
      });
      const q = req.query as Page;
      return membersPage(ctx.db, record, q.count, q.start);
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
      200: ok('joined or requested', { type: 'object', properties: { status: { type: 'string', enum: ['Joined', 'Requested'] }, guild: { type: 'object' } } }),
      ...errors(400, 401, 403, 404, 409, 423),
    },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const message = (req.body as { message?: string } | undefined)?.message ?? '';
      const out = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, player.appId, player.personaId);
        const record = await lockGuild(tx, m, player.appId, paramOf(req, 'id'));
        const cfg = await guildConfig(tx, m, player.appId);
        if (!cfg.EnableGainApprovalBeforeJoin) return { status: 'Joined' as const, guild: await admit(tx, m, cfg, player.appId, record, player.personaId) };
        refuseMembership(cfg, await joinerState(tx, player.appId, player.personaId), String(record.id));
        refuseWhenFull(cfg, await memberCount(tx, String(record.id)));
        const asked = await tx.query(
          'INSERT INTO passport_guild_requests (app_id, guild_id, persona_id, message) VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, persona_id) DO NOTHING RETURNING 1',
          [player.appId, record.id, player.personaId, message],
        );
        if (!asked.rows[0]) throw conflict('DUPLICATE', 'a request to join this guild is already waiting');
        return { status: 'Requested' as const, guild: record };
      });
      await guildAudit(ctx, asPlayer(player), out.status === 'Joined' ? 'join' : 'request', String(out.guild.id), undefined, {
        personaId: player.personaId,
        status: out.status,
      });
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
        if (record.leaderPersonaId === player.personaId) throw conflict('INVALID_TRANSITION', 'the leader cannot leave the guild; dismiss it instead');
        const gone = await removeMember(tx, player.appId, String(record.id), player.personaId);
        if (!gone) throw notFound('not a member of this guild');
        return { before: presentMember(gone, record.leaderPersonaId), after: await recount(tx, m, player.appId, String(record.id)) };
      });
      await guildAudit(ctx, asPlayer(player), 'leave', String(after.id), before, undefined);
      return after;
    },
  });
}

/** A persona's guilds (live ones only), each with the persona's role and joining time. */
export async function personaGuilds(ctx: Ctx, m: Models, appId: string, personaId: string) {
  const res = await ctx.db.query<{ id: string; role_id: string | null; joined_at: Date | string }>(
    'SELECT guild_id AS id, role_id, joined_at FROM passport_guild_members WHERE app_id = $1 AND persona_id = $2 ORDER BY joined_at',
    [appId, personaId],
  );
  const guilds = [];
  for (const r of res.rows) {
    const record = await ctx.store.get(m.guilds, appId, r.id);
    guilds.push({ ...record, membership: { roleId: r.role_id, isLeader: record.leaderPersonaId === personaId, joinedAt: new Date(r.joined_at).toISOString() } });
  }
  return { total: guilds.length, guilds };
}
