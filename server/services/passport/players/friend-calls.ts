import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import type { CallHandlers, CallInput } from '../../../engine/declared-calls';
import type { FriendEntry } from '../../../../resources/players-api';
import { blockPersona, removeFriend, requestFriend, acceptFriend, unblockPersona, type ChangeInput, type FriendChange } from './friends';
import { blacklistOf, friendsOf, searchRelations, type RelationQuery } from './friend-queries';
import { personaOf } from './principal';

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

/** A change the selected persona makes to its relation with the persona its body or path names. */
const change = (ctx: Ctx, run: (db: Ctx['db'], input: ChangeInput) => Promise<FriendChange>) => async (call: CallInput) => {
  const p = personaOf(call);
  const otherId = call.params.personaId ?? (call.input.personaId as string);
  return { result: await run(ctx.db, { appId: p.appId, personaId: p.personaId, otherId, actor: p.actor }) };
};

/** The behaviour of the friend calls declared in `resources/passport/players-calls.ts`. */
export const friendHandlers = (ctx: Ctx): CallHandlers => ({
  'friends.list': (call) => friendsAnswer(ctx.db, call.scopeId, personaOf(call).personaId, call.input),
  'friends.request': change(ctx, requestFriend),
  'friends.accept': change(ctx, acceptFriend),
  'friends.remove': change(ctx, removeFriend),
  'friends.blacklist': (call) => blacklistAnswer(ctx.db, call.scopeId, personaOf(call).personaId),
  'friends.block': change(ctx, blockPersona),
  'friends.unblock': change(ctx, unblockPersona),
  'friends.search': async ({ scopeId, input }) => {
    const body = input as Partial<RelationQuery>;
    const { total, items } = await searchRelations(ctx.db, scopeId, { count: body.count ?? 50, start: body.start ?? 0, personaId: body.personaId, state: body.state });
    return { total, friends: items };
  },
  'friends.end': async ({ scopeId, actor, params }) => ({
    result: await removeFriend(ctx.db, { appId: scopeId, personaId: params.personaId, otherId: params.friendId, actor }),
  }),
  // A persona's two declared friend views, for the console and the game server.
  'personas.friends': ({ scopeId, record, input }) => friendsAnswer(ctx.db, scopeId, String(record!.id), input),
  'personas.friendBlacklist': ({ scopeId, record }) => blacklistAnswer(ctx.db, scopeId, String(record!.id)),
});
