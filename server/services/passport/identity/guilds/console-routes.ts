import { modelOf, type Ctx } from '../../../../context';
import { paramsSchema, type Api } from '../../../../engine/api';
import type { ResourceHooks } from '../../../../engine/hooks';
import { appCaller, BASE, errors, idString, listAnswer, ok, pageQuery, SERVICE, type Page } from '../shared';
import { guildAudit, guildModels, paramOf } from './common';
import { guildConfig, lockGuild, lockPersona, membersPage, nameInUse, requestsPage } from './membership';
import { expel, setRole } from './manage-routes';
import { personaGuilds } from './player-routes';
import { nameTaken } from './rules';

/** Guild names are unique in the app unless the settings allow duplicates (the operators' writes too). */
export const guildHooks: ResourceHooks = {
  validate: async ({ ctx, scopeId, data, existing }) => {
    const m = guildModels(ctx);
    const cfg = await guildConfig(ctx.db, m, scopeId);
    if (!cfg.GuildDisableUniqueGuildName && (await nameInUse(ctx.db, m, scopeId, String(data.name), existing ? String(existing.id) : undefined))) throw nameTaken();
    return [];
  },
};

/** The console's view of a guild's members and requests, and the operators' changes to members. */
export function mountGuildConsoleCalls(api: Api, ctx: Ctx): void {
  const m = guildModels(ctx);
  const personas = modelOf(ctx, SERVICE, 'personas');
  const gid = `${BASE}/guilds/:id`;

  api.route({
    method: 'GET',
    url: `${gid}/members`,
    summary: "A guild's members (persona, role, joining time), the leader first",
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: pageQuery(),
    responses: { 200: listAnswer('members'), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const guild = await ctx.store.get(m.guilds, access.scopeId, paramOf(req, 'id'));
      const q = req.query as Page;
      return membersPage(ctx.db, guild, q.count, q.start);
    },
  });

  api.route({
    method: 'GET',
    url: `${gid}/requests`,
    summary: 'Requests waiting to join a guild',
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id'),
    querystring: pageQuery(),
    responses: { 200: listAnswer('requests'), ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const guild = await ctx.store.get(m.guilds, access.scopeId, paramOf(req, 'id'));
      const q = req.query as Page;
      return requestsPage(ctx.db, String(guild.id), q.count, q.start);
    },
  });

  api.route({
    method: 'PUT',
    url: `${gid}/members/:personaId/role`,
    summary: "Set a member's role, or none (not the leader's)",
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id', 'personaId'),
    body: { type: 'object', additionalProperties: false, required: ['roleId'], properties: { roleId: { anyOf: [idString, { type: 'null' }] } } },
    responses: { 200: ok('the member'), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const personaId = paramOf(req, 'personaId');
      const roleId = (req.body as { roleId: string | null }).roleId;
      const out = await ctx.db.transaction(async (tx) => setRole(tx, m, access.scopeId, await lockGuild(tx, m, access.scopeId, paramOf(req, 'id')), personaId, roleId));
      await guildAudit(ctx, { actor: access.principal.actor, appId: access.scopeId }, 'member.role', `${out.after.guildId}/${personaId}`, out.before, out.after);
      return out.after;
    },
  });

  api.route({
    method: 'DELETE',
    url: `${gid}/members/:personaId`,
    summary: 'Remove a member (not the leader); the persona waits out the restriction before joining again',
    tag: SERVICE,
    auth: 'service',
    params: paramsSchema('id', 'personaId'),
    responses: { 200: ok('the guild', m.guilds.recordSchema), ...errors(400, 401, 403, 404, 409) },
    handler: async (req) => {
      const access = await appCaller(ctx, req);
      const personaId = paramOf(req, 'personaId');
      const { before, after } = await ctx.db.transaction(async (tx) => {
        await lockPersona(tx, access.scopeId, personaId);
        return expel(tx, m, access.scopeId, await lockGuild(tx, m, access.scopeId, paramOf(req, 'id')), personaId);
      });
      await guildAudit(ctx, { actor: access.principal.actor, appId: access.scopeId }, 'member.remove', String(after.id), before, undefined);
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
