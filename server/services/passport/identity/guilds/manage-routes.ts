import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../../../context';
import type { Queryable } from '../../../../db';
import { paramsSchema, type Api } from '../../../../engine/api';
import { badRequest, conflict, forbidden, notFound } from '../../../../engine/errors';
import { records } from '../../../../engine/query';
import { viewRowsOf } from '../../../../engine/record-views';
import { deleteRecord } from '../../../../engine/references';
import { rowCommandBody, rowCommandOf } from '../../../../engine/service-calls';
import type { Data } from '../../../../engine/store';
import type { JsonSchema } from '../../../../../resources/types';
import { storedFields } from '../../../../engine/write';
import type { GuildPermission } from '../../../../../resources/passport/identity-guilds';
import type { PersonaPlayer } from '../../players/principal';
import { BASE, errors, listAnswer, ok, pageQuery, SERVICE, text, type Page } from '../shared';
import { asPlayer, guildAudit, guildModels, guildPlayer, paramOf } from './common';
import { guildConfig, lockGuild, lockNames, lockPersona, memberOf, nameInUse, presentMember, recount, removeMember } from './membership';
import { requestsView, standingOf, waitingRequest, type Models } from './membership';
import { admit } from './player-routes';
import { nameTaken, requirePermission } from './rules';

/** Runs a guild change as a member whose standing permits it, with the guild locked. */
async function asPermitted<T>(
  ctx: Ctx,
  m: Models,
  player: PersonaPlayer,
  req: FastifyRequest,
  permission: GuildPermission,
  fn: (tx: Queryable, guild: Data) => Promise<T>,
  lockFirst?: (tx: Queryable) => Promise<unknown>,
) {
  return ctx.db.transaction(async (tx) => {
    await lockFirst?.(tx);
    const guild = await lockGuild(tx, m, player.appId, paramOf(req, 'id'));
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

/** The game's guild calls that need a permission in the guild (the leader has them all; others by their role). */
export function mountGuildManageCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const gid = `${BASE}/sdk/guilds/:id`;
  const guild = ok('the guild', m.guilds.recordSchema);
  const memberPath = `${gid}/members/:personaId`;

  api.route({
    method: 'GET',
    url: `${gid}/requests`,
    summary: 'Requests waiting to join the guild (manageGuildRequests)',
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id'),
    querystring: pageQuery(),
    responses: { 200: listAnswer('requests', requestsView(m).row as JsonSchema), ...errors(400, 401, 403, 404, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      return asPermitted(ctx, m, player, req, 'manageGuildRequests', (tx, g) =>
        viewRowsOf(ctx, tx, m.guilds, requestsView(m), player.appId, String(g.id), req.query as Page),
      );
    },
  });

  for (const action of ['approve', 'reject'] as const) {
    api.route({
      method: 'POST',
      url: `${gid}/requests/:personaId/${action}`,
      summary:
        action === 'approve'
          ? 'Approve a request: the persona joins if the settings still allow it (manageGuildRequests)'
          : 'Reject a request (manageGuildRequests)',
      tag: SERVICE,
      auth: 'player',
      params: paramsSchema('id', 'personaId'),
      responses: { 200: guild, ...errors(400, 401, 403, 404, 409, 423) },
      handler: async (req) => {
        const player = await guildPlayer(ctx, req);
        const applicant = paramOf(req, 'personaId');
        const lockApplicant = (tx: Queryable) => lockPersona(tx, player.appId, applicant);
        const run = (tx: Queryable, g: Data) => decide(tx, m, player.appId, g, applicant, action);
        const after = await asPermitted(ctx, m, player, req, 'manageGuildRequests', run, lockApplicant);
        await guildAudit(ctx, asPlayer(player), action, String(after.id), undefined, { personaId: applicant });
        return after;
      },
    });
  }

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
      const update = async (tx: Queryable, g: Data) => {
        const cfg = await guildConfig(tx, m, player.appId);
        if (typeof body.name === 'string' && !cfg.GuildDisableUniqueGuildName && (await nameInUse(tx, m, player.appId, body.name, String(g.id)))) {
          throw nameTaken();
        }
        const updated = await records(tx, m.guilds).updateOne(player.appId, String(g.id), { data: { ...storedFields(m.guilds, g), ...body } });
        return { before: g, after: updated };
      };
      const { before, after } = await asPermitted(ctx, m, player, req, 'updateGuildInfo', update, (tx) => lockNames(tx, player.appId));
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
      return asPermitted(ctx, m, player, req, 'dismissGuild', (tx, g) =>
        deleteRecord(ctx, who, m.guilds, String(g.id), { tx, action: 'dismiss' }),
      );
    },
  });

  api.route({
    method: 'PUT',
    url: `${memberPath}/role`,
    summary: "Set another member's role, or none (manageMemberRole; not your own, not the leader's)",
    tag: SERVICE,
    auth: 'player',
    params: paramsSchema('id', 'personaId'),
    body: rowCommandBody(rowCommandOf(m.guilds, 'guildMembers', 'setRole').command),
    responses: { 200: ok('the member'), ...errors(400, 401, 403, 404, 409, 423) },
    handler: async (req) => {
      const player = await guildPlayer(ctx, req);
      const target = paramOf(req, 'personaId');
      const roleId = (req.body as { roleId: string | null }).roleId;
      const change = (tx: Queryable, g: Data) => setRole(tx, m, player.appId, g, target, roleId, player.personaId);
      const out = await asPermitted(ctx, m, player, req, 'manageMemberRole', change);
      await guildAudit(ctx, asPlayer(player), 'member.role', `${String(out.after.guildId)}/${target}`, out.before, out.after);
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
      const remove = (tx: Queryable, g: Data) => expel(tx, m, player.appId, g, target);
      const { before, after } = await asPermitted(ctx, m, player, req, 'removeMembers', remove, (tx) => lockPersona(tx, player.appId, target));
      await guildAudit(ctx, asPlayer(player), 'member.remove', String(after.id), before, undefined);
      return after;
    },
  });
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
