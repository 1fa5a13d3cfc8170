import { recordOperation } from '../../../audit';
import type { Db, Queryable } from '../../../db';
import { lockNames } from '../../../db/locks';
import { ApiError, conflict, forbidden } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { friendConfigModel, personasModel, settingsOf } from './models';

/**
 * Friends and blacklists between personas of one app. Every change runs in a transaction holding a lock on each
 * persona involved (taken in a fixed order), so limits hold under concurrent requests.
 */

export interface FriendLimits {
  maxFriends: number;
  maxBlacklist: number;
  maxPendingRequests: number;
}

/** The app's friend settings (their schema's defaults until saved). */
export const friendLimits = async (db: Queryable, appId: string) => (await settingsOf(db, friendConfigModel, appId)) as unknown as FriendLimits;

const refused = (message: string) => conflict('INVALID_TRANSITION', message);

/** The other persona must exist in the app (404) and not be the persona itself (400). */
async function requireOther(tx: Queryable, appId: string, me: string, other: string): Promise<void> {
  if (me === other) throw new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', [{ field: '/personaId', message: 'cannot be yourself' }]);
  if (!(await records(tx, personasModel).maybe(appId, other))) throw new ApiError(404, 'PERSONA_NOT_FOUND', 'persona not found');
}

// Rows naming a deleted persona are removed with it (foreign keys, migration 016), so counts need no check.
async function countFriends(tx: Queryable, appId: string, personaId: string, state: 'accepted' | 'requested'): Promise<number> {
  const res = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM passport_friends f WHERE f.app_id = $1 AND f.persona_id = $2 AND f.state = $3`,
    [appId, personaId, state],
  );
  return Number(res.rows[0].n);
}

async function relation(tx: Queryable, appId: string, from: string, to: string): Promise<string | undefined> {
  const res = await tx.query<{ state: string }>('SELECT state FROM passport_friends WHERE app_id = $1 AND persona_id = $2 AND friend_id = $3', [appId, from, to]);
  return res.rows[0]?.state;
}

async function blocked(tx: Queryable, appId: string, a: string, b: string): Promise<boolean> {
  const res = await tx.query(
    'SELECT 1 FROM passport_friend_blacklist WHERE app_id = $1 AND ((persona_id = $2 AND blocked_id = $3) OR (persona_id = $3 AND blocked_id = $2))',
    [appId, a, b],
  );
  return res.rows.length > 0;
}

/** The rows the friends area keeps: a friendship (both ways), a request, a blacklisting (also the demo's, as its steps). */
export const friendRows = {
  friends: (q: Queryable, appId: string, a: string, b: string) =>
    q.query(
      `INSERT INTO passport_friends (app_id, persona_id, friend_id, state, accepted_at) VALUES ($1, $2, $3, 'accepted', now()), ($1, $3, $2, 'accepted', now())
       ON CONFLICT (app_id, persona_id, friend_id) DO UPDATE SET state = 'accepted', accepted_at = now()`,
      [appId, a, b],
    ),
  request: (q: Queryable, appId: string, from: string, to: string) =>
    q.query(`INSERT INTO passport_friends (app_id, persona_id, friend_id, state) VALUES ($1, $2, $3, 'requested')`, [appId, from, to]),
  block: (q: Queryable, appId: string, by: string, blocked: string) =>
    q.query('INSERT INTO passport_friend_blacklist (app_id, persona_id, blocked_id) VALUES ($1, $2, $3)', [appId, by, blocked]),
};

async function makeFriends(tx: Queryable, appId: string, requester: string, accepter: string, limits: FriendLimits): Promise<void> {
  if ((await countFriends(tx, appId, accepter, 'accepted')) >= limits.maxFriends) throw refused('friend limit reached');
  if ((await countFriends(tx, appId, requester, 'accepted')) >= limits.maxFriends) throw refused("the other persona's friend list is full");
  await friendRows.friends(tx, appId, requester, accepter);
}

export type FriendChange = 'requested' | 'accepted' | 'removed' | 'blocked' | 'unblocked';

export interface ChangeInput {
  appId: string;
  /** The persona acting. */
  personaId: string;
  /** The persona acted on. */
  otherId: string;
  actor: string;
}

/** What a change did: its answer, and its entry in the operation history (`passport.friends.<action>`). */
interface Outcome {
  result: FriendChange;
  action: string;
  after?: object;
}

/** Rows between the two personas ($2, $3), either way round. */
const BETWEEN = '((persona_id = $2 AND friend_id = $3) OR (persona_id = $3 AND friend_id = $2))';

type ChangeStep = (tx: Queryable, appId: string, me: string, other: string) => Promise<Outcome>;

/**
 * Runs a change in a transaction holding both personas' locks (the other persona checked first unless it may be
 * gone: removing and unblocking need only the rows) and records it in the operation history.
 */
async function change(db: Db, input: ChangeInput, checkOther: boolean, run: ChangeStep): Promise<FriendChange> {
  const { appId, personaId: me, otherId: other } = input;
  return db.transaction(async (tx) => {
    if (checkOther) await requireOther(tx, appId, me, other);
    await lockNames(tx, [me, other].map((id) => `passport-persona|${appId}|${id}`));
    const { result, action, after } = await run(tx, appId, me, other);
    const entry = { personaId: me, otherId: other, ...after };
    await recordOperation(tx, { actor: input.actor, appId, action: `passport.friends.${action}`, target: me, after: entry });
    return result;
  });
}

/**
 * A friend request. If the other persona had already asked, the two become friends at once. Refused between
 * personas where either blacklisted the other, to an existing friend or pending request, or past a limit.
 */
export const requestFriend = (db: Db, input: ChangeInput) =>
  change(db, input, true, async (tx, appId, me, other): Promise<Outcome> => {
    if (await blocked(tx, appId, me, other)) throw forbidden('blacklisted personas cannot be friends');
    const limits = await friendLimits(tx, appId);
    const mine = await relation(tx, appId, me, other);
    if (mine === 'accepted') throw refused('already friends');
    if (mine === 'requested') throw refused('friend request already sent');
    if ((await relation(tx, appId, other, me)) === 'requested') {
      await makeFriends(tx, appId, other, me, limits);
      return { result: 'accepted', action: 'accept', after: { state: 'accepted' } };
    }
    if ((await countFriends(tx, appId, me, 'accepted')) >= limits.maxFriends) throw refused('friend limit reached');
    if ((await countFriends(tx, appId, me, 'requested')) >= limits.maxPendingRequests) throw refused('too many pending friend requests');
    await friendRows.request(tx, appId, me, other);
    return { result: 'requested', action: 'request', after: { state: 'requested' } };
  });

/** Accepts the other persona's pending request (404 if there is none). */
export const acceptFriend = (db: Db, input: ChangeInput) =>
  change(db, input, true, async (tx, appId, me, other): Promise<Outcome> => {
    if ((await relation(tx, appId, other, me)) !== 'requested') throw new ApiError(404, 'REQUEST_NOT_FOUND', 'no such friend request');
    await makeFriends(tx, appId, other, me, await friendLimits(tx, appId));
    return { result: 'accepted', action: 'accept', after: { state: 'accepted' } };
  });

/** Ends a friendship, withdraws a request or declines one, whichever exists between the two (404 if none). */
export const removeFriend = (db: Db, input: ChangeInput) =>
  change(db, input, false, async (tx, appId, me, other): Promise<Outcome> => {
    const sql = `DELETE FROM passport_friends WHERE app_id = $1 AND ${BETWEEN} RETURNING state`;
    const gone = await tx.query<{ state: string }>(sql, [appId, me, other]);
    if (gone.rows.length === 0) throw new ApiError(404, 'FRIEND_NOT_FOUND', 'not friends and no request between them');
    return { result: 'removed', action: 'remove', after: { was: gone.rows.map((r) => r.state) } };
  });

/** Blacklists a persona: any friendship or request between the two ends, and neither can befriend the other. */
export const blockPersona = (db: Db, input: ChangeInput) =>
  change(db, input, true, async (tx, appId, me, other): Promise<Outcome> => {
    const exists = await tx.query('SELECT 1 FROM passport_friend_blacklist WHERE app_id = $1 AND persona_id = $2 AND blocked_id = $3', [appId, me, other]);
    if (exists.rows.length) throw refused('already blacklisted');
    const count = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM passport_friend_blacklist b WHERE b.app_id = $1 AND b.persona_id = $2`,
      [appId, me],
    );
    if (Number(count.rows[0].n) >= (await friendLimits(tx, appId)).maxBlacklist) throw refused('blacklist limit reached');
    await tx.query(`DELETE FROM passport_friends WHERE app_id = $1 AND ${BETWEEN}`, [appId, me, other]);
    await friendRows.block(tx, appId, me, other);
    return { result: 'blocked', action: 'block' };
  });

export const unblockPersona = (db: Db, input: ChangeInput) =>
  change(db, input, false, async (tx, appId, me, other): Promise<Outcome> => {
    const gone = await tx.query('DELETE FROM passport_friend_blacklist WHERE app_id = $1 AND persona_id = $2 AND blocked_id = $3 RETURNING 1', [appId, me, other]);
    if (gone.rows.length === 0) throw new ApiError(404, 'NOT_BLACKLISTED', 'not on the blacklist');
    return { result: 'unblocked', action: 'unblock' };
  });
