import type { Queryable } from '../../../db';
import { lit } from '../../../engine/sql';
import { personasModel } from './models';
import type { FriendEntry, Relation } from '../../../../resources/players-api';

const personaJoin = (alias: string, column: string) =>
  `JOIN records ${alias} ON ${alias}.service = ${lit(personasModel.service.name)} AND ${alias}.kind = ${lit(personasModel.res.name)} AND ${alias}.scope_id = $1 AND ${alias}.id = ${column}`;

const iso = (d: Date | string) => new Date(d).toISOString();

/** The response schema of a `FriendEntry` (resources/players-api.ts). */
export const friendEntrySchema = {
  type: 'object',
  required: ['personaId', 'name', 'relation', 'since'],
  properties: {
    personaId: { type: 'string' },
    name: { type: 'string' },
    level: { type: ['integer', 'null'] },
    status: { type: 'string' },
    relation: { type: 'string', enum: ['accepted', 'outgoing', 'incoming'] },
    since: { type: 'string', format: 'date-time' },
  },
};

/** A persona's friends and pending requests both ways (deleted personas left out), friends first, newest first. */
export async function friendsOf(db: Queryable, appId: string, personaId: string, relations?: FriendEntry['relation'][]): Promise<FriendEntry[]> {
  const res = await db.query<{ other: string; relation: FriendEntry['relation']; since: Date | string; name: string; level: string | null; status: string }>(
    `SELECT x.other, x.relation, x.since, r.data->>'name' AS name, r.data->>'level' AS level, r.status
     FROM (
       SELECT f.friend_id AS other, CASE f.state WHEN 'accepted' THEN 'accepted' ELSE 'outgoing' END AS relation, coalesce(f.accepted_at, f.created_at) AS since
       FROM passport_friends f WHERE f.app_id = $1 AND f.persona_id = $2
       UNION ALL
       SELECT f.persona_id, 'incoming', f.created_at FROM passport_friends f WHERE f.app_id = $1 AND f.friend_id = $2 AND f.state = 'requested'
     ) x ${personaJoin('r', 'x.other')}
     WHERE ($3::text[] IS NULL OR x.relation = ANY($3::text[]))
     ORDER BY (x.relation = 'accepted') DESC, x.since DESC, x.other`,
    [appId, personaId, relations ?? null],
  );
  return res.rows.map((r) => ({
    personaId: r.other,
    name: r.name,
    level: r.level === null ? null : Number(r.level),
    status: r.status,
    relation: r.relation,
    since: iso(r.since),
  }));
}

export interface BlacklistEntry {
  personaId: string;
  name: string;
  since: string;
}

export const blacklistEntrySchema = {
  type: 'object',
  required: ['personaId', 'name', 'since'],
  properties: { personaId: { type: 'string' }, name: { type: 'string' }, since: { type: 'string', format: 'date-time' } },
};

/** The personas a persona blacklisted, newest first. */
export async function blacklistOf(db: Queryable, appId: string, personaId: string): Promise<BlacklistEntry[]> {
  const res = await db.query<{ blocked_id: string; created_at: Date | string; name: string }>(
    `SELECT b.blocked_id, b.created_at, r.data->>'name' AS name FROM passport_friend_blacklist b ${personaJoin('r', 'b.blocked_id')}
     WHERE b.app_id = $1 AND b.persona_id = $2 ORDER BY b.created_at DESC, b.blocked_id`,
    [appId, personaId],
  );
  return res.rows.map((r) => ({ personaId: r.blocked_id, name: r.name, since: iso(r.created_at) }));
}

/** The response schema of a `Relation` (resources/players-api.ts). */
export const relationSchema = {
  type: 'object',
  required: ['personaId', 'personaName', 'friendId', 'friendName', 'state', 'since'],
  properties: {
    personaId: { type: 'string' },
    personaName: { type: 'string' },
    friendId: { type: 'string' },
    friendName: { type: 'string' },
    state: { type: 'string', enum: ['accepted', 'requested'] },
    since: { type: 'string', format: 'date-time' },
  },
};

export interface RelationQuery {
  count: number;
  start: number;
  /** Relations this persona is part of. */
  personaId?: string;
  state?: Relation['state'];
}

/** Friendships once (from the persona with the smaller id) and requests, of live personas, filtered. */
const RELATIONS = `FROM passport_friends f ${personaJoin('pa', 'f.persona_id')} ${personaJoin('pb', 'f.friend_id')}
  WHERE f.app_id = $1 AND (f.state = 'requested' OR f.persona_id < f.friend_id)
    AND ($2::text IS NULL OR f.persona_id = $2 OR f.friend_id = $2) AND ($3::text IS NULL OR f.state = $3)`;

/** The app's friend relations, newest first, paged. */
export async function searchRelations(db: Queryable, appId: string, q: RelationQuery): Promise<{ total: number; items: Relation[] }> {
  const res = await db.query<{ persona_id: string; friend_id: string; state: Relation['state']; since: Date | string; a: string; b: string; total: number }>(
    `SELECT f.persona_id, f.friend_id, f.state, coalesce(f.accepted_at, f.created_at) AS since, pa.data->>'name' AS a, pb.data->>'name' AS b,
       count(*) OVER ()::int AS total
     ${RELATIONS} ORDER BY since DESC, f.persona_id, f.friend_id LIMIT $4 OFFSET $5`,
    [appId, q.personaId ?? null, q.state ?? null, q.count, q.start],
  );
  let total = res.rows[0]?.total ?? 0;
  if (res.rows.length === 0 && q.start > 0) {
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n ${RELATIONS}`,
      [appId, q.personaId ?? null, q.state ?? null],
    );
    total = Number(counted.rows[0].n);
  }
  return {
    total,
    items: res.rows.map((r) => ({ personaId: r.persona_id, personaName: r.a, friendId: r.friend_id, friendName: r.b, state: r.state, since: iso(r.since) })),
  };
}
