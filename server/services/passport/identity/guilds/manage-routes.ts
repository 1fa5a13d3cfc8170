import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../../../context';
import type { Queryable } from '../../../../db';
import { paramsSchema, type Api } from '../../../../engine/api';
import { badRequest, conflict, forbidden, notFound } from '../../../../engine/errors';
import { RecordStore, type Data } from '../../../../engine/store';
import { storedFields } from '../../../../engine/write';
import type { GuildPermission } from '../../../../../resources/passport/identity-guilds';
import type { PersonaPlayer } from '../../players/principal';
import { BASE, errors, idString, listAnswer, ok, pageQuery, SERVICE, text, type Page } from '../shared';
import { asPlayer, guildAudit, guildModels, guildPlayer, paramOf } from './common';
import { guildConfig, lockGuild, lockNames, lockPersona, memberRow, nameInUse, presentMember, recount, removeMember, requestsPage, standingOf, type Models } from './membership';
import { admit } from './player-routes';
import { nameTaken, requirePermission } from './rules';
import { records } from '../../../../engine/query';
import { deleteRecord } from '../../../../engine/references';

/** Runs a guild change as a member whose standing permits it, with the guild locked. */
async function asPermitted<T>(ctx: Ctx, m: Models, player: PersonaPlayer, req: FastifyRequest, permission: GuildPermission, fn: (tx: Queryable, guild: Data) => Promise<T>, lockFirst?: (tx: Queryable) => Promise<unknown>) {
  return ctx.db.transaction(async (tx) => {
    await lockFirst?.(tx);
    const guild = await lockGuild(tx, m, player.appId, paramOf(req, 'id'));
    requirePermission(await standingOf(tx, m, player.appId, guild, player.personaId), permission);
    return fn(tx, guild);
  });
}

/** The game's guild calls that need a permission in the guild (the leader has them all; others by their role). */
export function mountGuildManageCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const gid = `${BASE}/sdk/guilds/:id`;
  const guild = ok('the guild', m.guilds.recordSchema);
  const requestPath = `${gid}/requests/:personaId`;
  const memberPath = `${gid}/members/:personaId`;

  api.route({
    method: 'GET',
    url: `${gid}/requests`,
    summary: 'Requests waiting to join the guild (manageGuildRequests)',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    querystring: pageQuery(),
    responses: { 200: listAnswer('requests'), ...errors(400, 401, 403, 404, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const q = req.query as Page;
      return asPermitted(ctx, m, player, req, 'manageGuildRequests', (tx, g) => requestsPage(tx, String(g.id), q.count, q.start));
    },
  });

  const decide = (approve: boolean) =>
    api.route({
      method: 'POST',
      url: `${requestPath}/${approve ? 'approve' : 'reject'}`,
      summary: approve
        ? 'Approve a request: the persona joins if the settings still allow it (manageGuildRequests)'
        : 'Reject a request (manageGuildRequests)',
      tag: SERVICE,
      auth: 'player',
      params: paramsSchema('id', 'personaId'),
      responses: { 200: guild, ...errors(400, 401, 403, 404, 409, 423) },
      handler: async (req) => {
        const player = await guildPlayer(ctx, req);
        const applicant = paramOf(req, 'personaId');
        const after = await asPermitted(
          ctx,
          m,
          player,
          req,
          'manageGuildRequests',
          async (tx, g) => {
            const gone = await tx.query('DELETE FROM passport_guild_requests WHERE guild_id = $1 AND persona_id = $2 RETURNING 1', [g.id, applicant]);
            if (!gone.rows[0]) throw notFound('no such request');
            return approve ? admit(tx, m, await guildConfig(tx, m, player.appId), player.appId, g, applicant) : g;
          },
          (tx) => lockPersona(tx, player.appId, applicant),
        );
        await guildAudit(ctx, asPlayer(player), approve ? 'approve' : 'reject', String(after.id), undefined, { personaId: applicant });
        return after;
      },
    });
  decide(true);
  decide(false);

  api.route({
    method: 'PUT',
    url: gid,
    summary: "Change the guild's name, description or announcement (updateGuildInfo)",
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { name: text(32, 1), description: text(500), announcement: text(500) } },
    responses: { 200: guild, ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const body = req.body as Data;
      const { before, after } = await asPermitted(
        ctx,
        m,
        player,
        req,
        'updateGuildInfo',
        async (tx, g) => {
          const cfg = await guildConfig(tx, m, player.appId);
          if (typeof body.name === 'string' && !cfg.GuildDisableUniqueGuildName && (await nameInUse(tx, m, player.appId, body.name, String(g.id)))) throw nameTaken();
          const updated = await new RecordStore(tx).update(m.guilds, player.appId, String(g.id), { data: { ...storedFields(m.guilds, g), ...body } });
          return { before: g, after: updated };
        },
        (tx) => lockNames(tx, player.appId),
      );
      await guildAudit(ctx, asPlayer(player), 'update', String(after.id), before, after);
      return after;
    },
  });

  api.route({
    method: 'POST',
    url: `${gid}/dismiss`,
    summary: 'Dismiss the guild: it and its memberships and requests are gone (dismissGuild)',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    responses: { 200: guild, ...errors(400, 401, 403, 404, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const who = { principal: { actor: asPlayer(player).actor }, scopeId: player.appId };
      return asPermitted(ctx, m, player, req, 'dismissGuild', (tx, g) => deleteRecord(ctx, who, m.guilds, String(g.id), { tx, action: 'dismiss' }));
    },
  });

  api.route({
    method: 'PUT',
    url: `${memberPath}/role`,
    summary: "Set another member's role, or none (manageMemberRole; not your own, not the leader's)",
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id', 'personaId'),
    body: { type: 'object', additionalProperties: false, required: ['roleId'], properties: { roleId: { anyOf: [idString, { type: 'null' }] } } },
    responses: { 200: ok('the member'), ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const target = paramOf(req, 'personaId');
      const roleId = (req.body as { roleId: string | null }).roleId;
      const out = await asPermitted(ctx, m, player, req, 'manageMemberRole', (tx, g) => setRole(tx, m, player.appId, g, target, roleId, player.personaId));
      await guildAudit(ctx, asPlayer(player), 'member.role', `${out.after.guildId}/${target}`, out.before, out.after);
      return out.after;
    },
  });

  api.route({
    method: 'DELETE',
    url: memberPath,
    summary: 'Remove another member from the guild (removeMembers; not the leader); joining again waits out the restriction',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id', 'personaId'),
    responses: { 200: guild, ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const target = paramOf(req, 'personaId');
      if (target === player.personaId) throw conflict('INVALID_TRANSITION', 'leave the guild instead of removing yourself');
      const { before, after } = await asPermitted(
        ctx,
        m,
        player,
        req,
        'removeMembers',
        (tx, g) => expel(tx, m, player.appId, g, target),
        (tx) => lockPersona(tx, player.appId, target),
      );
      await guildAudit(ctx, asPlayer(player), 'member.remove', String(after.id), before, undefined);
      return after;
    },
  });
}

/** Sets a member's role (an app role, or none); nobody sets their own or the leader's. */
export async function setRole(tx: Queryable, m: Models, appId: string, guild: Data, personaId: string, roleId: string | null, by?: string) {
  if (by !== undefined && personaId === by) throw forbidden('you cannot change your own role');
  if (personaId === guild.leaderPersonaId) throw conflict('INVALID_TRANSITION', "the leader's role cannot be changed");
  const before = await memberRow(tx, String(guild.id), personaId);
  if (!before) throw notFound('not a member of this guild');
  if (roleId !== null) {
    if (!(await records(tx, m.roles).maybe(appId, roleId))) throw badRequest([{ field: '/roleId', message: 'no such guild role' }]);
  }
  await tx.query('UPDATE passport_guild_members SET role_id = $3 WHERE guild_id = $1 AND persona_id = $2', [guild.id, personaId, roleId]);
  return { before: presentMember(before, guild.leaderPersonaId), after: presentMember({ ...before, role_id: roleId }, guild.leaderPersonaId) };
}

/** Removes a member other than the leader, noting the departure. */
export async function expel(tx: Queryable, m: Models, appId: string, guild: Data, personaId: string) {
  if (personaId === guild.leaderPersonaId) throw conflict('INVALID_TRANSITION', 'the leader cannot be removed');
  const gone = await removeMember(tx, appId, String(guild.id), personaId);
  if (!gone) throw notFound('not a member of this guild');
  return { before: presentMember(gone, guild.leaderPersonaId), after: await recount(tx, m, appId, String(guild.id)) };
}
