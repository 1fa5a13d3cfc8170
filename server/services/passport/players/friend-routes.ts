import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { idParam, paramsSchema, type Api } from '../../../engine/api';
import { mountViewCall } from '../../../engine/service-calls';
import { blockPersona, removeFriend, requestFriend, acceptFriend, unblockPersona, type FriendChange } from './friends';
import type { FriendEntry } from '../../../../resources/players-api';
import friendEntrySchema from '../../../../schemas/passport/players/views/friend.json' with { type: 'json' };
import blacklistEntrySchema from '../../../../schemas/passport/players/views/blocked-persona.json' with { type: 'json' };
import relationSchema from '../../../../schemas/passport/players/views/friend-relation.json' with { type: 'json' };
import { blacklistOf, friendsOf, searchRelations, type RelationQuery } from './friend-queries';
import { personasModel } from './models';
import { playerActor, requireSelectedPersona } from './principal';
import { appOf, BASE, errors, listAnswer, pageProperties, personaIdBody, SDK, TAG } from './routes-common';

const changeAnswer = {
  description: 'what changed',
  schema: { type: 'object', required: ['result'], properties: { result: { type: 'string', enum: ['requested', 'accepted', 'removed', 'blocked', 'unblocked'] } } },
};

const relationFilter = {
  type: 'object',
  additionalProperties: false,
  properties: { relation: { type: 'string', enum: ['accepted', 'outgoing', 'incoming'] } },
};

/** A persona's friends and requests (`{ total, friends }`), of the relation the query names, if any. */
async function friendsAnswer(db: Queryable, appId: string, personaId: string, query: unknown) {
  const relation = (query as { relation?: FriendEntry['relation'] }).relation;
  const friends = await friendsOf(db, appId, personaId, relation ? [relation] : undefined);
  return { total: friends.length, friends };
}

/** The personas a persona blacklisted (`{ total, blacklist }`). */
async function blacklistAnswer(db: Queryable, appId: string, personaId: string) {
  const blacklist = await blacklistOf(db, appId, personaId);
  return { total: blacklist.length, blacklist };
}

type Change = (db: Ctx['db'], input: { appId: string; personaId: string; otherId: string; actor: string }) => Promise<FriendChange>;

/** The player API's friend calls, acting as the selected persona. */
function mountSdkFriends(api: Api, ctx: Ctx): void {
  const change = (method: 'POST' | 'DELETE', url: string, summary: string, run: Change, other: (req: FastifyRequest) => string, withBody: boolean) =>
    api.route({
      method,
      url,
      summary,
      tag: TAG,
      auth: 'player',
      ...(withBody ? { body: personaIdBody } : { params: paramsSchema('personaId') }),
      responses: { 200: changeAnswer, ...errors(400, 401, 403, 404, 409, 423, 429) },
      handler: async (req) => {
        const p = await requireSelectedPersona(ctx.db, req);
        return { result: await run(ctx.db, { appId: p.appId, personaId: p.personaId, otherId: other(req), actor: playerActor(p) }) };
      },
    });
  const fromBody = (req: FastifyRequest) => (req.body as { personaId: string }).personaId;
  const fromPath = (req: FastifyRequest) => (req.params as { personaId: string }).personaId;

  api.route({
    method: 'GET',
    url: `${SDK}/friends`,
    summary: "The selected persona's friends and friend requests (sent: outgoing, received: incoming)",
    tag: TAG,
    auth: 'player',
    querystring: relationFilter,
    responses: { 200: listAnswer('friends', friendEntrySchema), ...errors(400, 401, 409, 423, 429) },
    handler: async (req) => {
      const p = await requireSelectedPersona(ctx.db, req);
      return friendsAnswer(ctx.db, p.appId, p.personaId, req.query);
    },
  });
  change('POST', `${SDK}/friends/requests`, 'Ask a persona to be friends (if it already asked, you become friends)', requestFriend, fromBody, true);
  change('POST', `${SDK}/friends/requests/:personaId/accept`, "Accept a persona's friend request", acceptFriend, fromPath, false);
  change('DELETE', `${SDK}/friends/:personaId`, 'Remove a friend, withdraw a request or decline one', removeFriend, fromPath, false);

  api.route({
    method: 'GET',
    url: `${SDK}/friends/blacklist`,
    summary: 'The personas the selected persona blacklisted',
    tag: TAG,
    auth: 'player',
    responses: { 200: listAnswer('blacklist', blacklistEntrySchema), ...errors(401, 409, 423, 429) },
    handler: async (req) => {
      const p = await requireSelectedPersona(ctx.db, req);
      return blacklistAnswer(ctx.db, p.appId, p.personaId);
    },
  });
  change('POST', `${SDK}/friends/blacklist`, 'Blacklist a persona (ends any friendship or request with it)', blockPersona, fromBody, true);
  change('DELETE', `${SDK}/friends/blacklist/:personaId`, 'Take a persona off the blacklist', unblockPersona, fromPath, false);
}

/** The console's and game server's friend calls: a persona's two declared views, the app's relations, ending one. */
function mountAppFriends(api: Api, ctx: Ctx): void {
  mountViewCall(api, ctx, personasModel, 'friends', {
    summary: "A persona's friends and pending friend requests",
    query: relationFilter,
    errors: errors(400, 401, 403, 404),
    handler: ({ access, record, req }) => friendsAnswer(ctx.db, access.scopeId, String(record.id), req.query),
  });
  mountViewCall(api, ctx, personasModel, 'friendBlacklist', {
    summary: 'The personas a persona blacklisted',
    errors: errors(400, 401, 403, 404),
    handler: ({ access, record }) => blacklistAnswer(ctx.db, access.scopeId, String(record.id)),
  });

  api.route({
    method: 'POST',
    url: `${BASE}/friends/search`,
    summary: "The app's friend relations: friendships and pending requests, newest first",
    tag: TAG,
    auth: 'service',
    optionalBody: {
      type: 'object',
      additionalProperties: false,
      properties: { ...pageProperties(), personaId: idParam, state: { type: 'string', enum: ['accepted', 'requested'] } },
    },
    responses: { 200: listAnswer('friends', relationSchema), ...errors(400, 401, 403) },
    handler: async (req) => {
      const { scopeId } = await appOf(ctx, req);
      const body = (req.body ?? {}) as Partial<RelationQuery>;
      const { total, items } = await searchRelations(ctx.db, scopeId, { count: body.count ?? 50, start: body.start ?? 0, personaId: body.personaId, state: body.state });
      return { total, friends: items };
    },
  });

  api.route({
    method: 'DELETE',
    url: `${BASE}/friends/:personaId/:friendId`,
    summary: 'End a friendship or drop a friend request between two personas',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('personaId', 'friendId'),
    responses: { 200: changeAnswer, ...errors(400, 401, 403, 404) },
    handler: async (req) => {
      const { scopeId, principal } = await appOf(ctx, req);
      const { personaId, friendId } = req.params as { personaId: string; friendId: string };
      return { result: await removeFriend(ctx.db, { appId: scopeId, personaId, otherId: friendId, actor: principal.actor }) };
    },
  });
}

export function mountFriends(api: Api, ctx: Ctx): void {
  mountSdkFriends(api, ctx);
  mountAppFriends(api, ctx);
}
