import type { Queryable } from '../../../db';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { personasModel } from './models';
import type { BlacklistEntry, FriendEntry, Relation } from '../../../../resources/players-api';

/**
 * The app's personas with these ids. Rows naming a deleted persona are removed with it (migration 016); the few
 * left from before are skipped by the readers, which find no persona for them.
 */
async function personasById(db: Queryable, appId: string, ids: string[]): Promise<Map<string, Data>> {
  if (ids.length === 0) return new Map();
  const found = await records(db, personasModel).find(appId, { where: { id: { $in: [...new Set(ids)] } } });
  return new Map(found.map((p) => [String(p.id), p]));
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** A persona's friends and pending requests both ways (deleted personas left out), friends first, newest first. */
export async function friendsOf(db: Queryable, appId: string, personaId: string, relations?: FriendEntry['relation'][]): Promise<FriendEntry[]> {
  const res = await db.query<{ other: string; relation: FriendEntry['relation']; since: Date | string }>(
    `SELECT x.other, x.relation, x.since FROM (
       SELECT f.friend_id AS other, CASE f.state WHEN 'accepted' THEN 'accepted' ELSE 'outgoing' END AS relation, coalesce(f.accepted_at, f.created_at) AS since
       FROM passport_friends f WHERE f.app_id = $1 AND f.persona_id = $2
       UNION ALL
       SELECT f.persona_id, 'incoming', f.created_at FROM passport_friends f WHERE f.app_id = $1 AND f.friend_id = $2 AND f.state = 'requested'
     ) x
     WHERE ($3::text[] IS NULL OR x.relation = ANY($3::text[]))
     ORDER BY (x.relation = 'accepted') DESC, x.since DESC, x.other`,
    [appId, personaId, relations ?? null],
  );
  const personas = await personasById(db, appId, res.rows.map((r) => r.other));
  return res.rows.flatMap((r) => {
    const p = personas.get(r.other);
    if (!p) return [];
    return [{ personaId: r.other, name: String(p.name), level: p.level === undefined || p.level === null ? null : Number(p.level), status: String(p.status), relation: r.relation, since: iso(r.since) }];
  });
}

/** The personas a persona blacklisted, newest first. */
export async function blacklistOf(db: Queryable, appId: string, personaId: string): Promise<BlacklistEntry[]> {
  const res = await db.query<{ blocked_id: string; created_at: Date | string }>(
    'SELECT blocked_id, created_at FROM passport_friend_blacklist WHERE app_id = $1 AND persona_id = $2 ORDER BY created_at DESC, blocked_id',
    [appId, personaId],
  );
  const personas = await personasById(db, appId, res.rows.map((r) => r.blocked_id));
  return res.rows.flatMap((r) => {
    const p = personas.get(r.blocked_id);
    return p ? [{ personaId: r.blocked_id, name: String(p.name), since: iso(r.created_at) }] : [];
  });
}

export interface RelationQuery {
  count: number;
  start: number;
  /** Relations this persona is part of. */
  personaId?: string;
  state?: Relation['state'];
}

/** Friendships once (from the persona with the smaller id) and requests, filtered. */
const RELATIONS = `FROM passport_friends f
  WHERE f.app_id = $1 AND (f.state = 'requested' OR f.persona_id < f.friend_id)
    AND ($2::text IS NULL OR f.persona_id = $2 OR f.friend_id = $2) AND ($3::text IS NULL OR f.state = $3)`;

/** The app's friend relations, newest first, paged. */
export async function searchRelations(db: Queryable, appId: string, q: RelationQuery): Promise<{ total: number; items: Relation[] }> {
  const params = [appId, q.personaId ?? null, q.state ?? null];
  const [res, counted] = await Promise.all([
    db.query<{ persona_id: string; friend_id: string; state: Relation['state']; since: Date | string }>(
      `SELECT f.persona_id, f.friend_id, f.state, coalesce(f.accepted_at, f.created_at) AS since ${RELATIONS} ORDER BY since DESC, f.persona_id, f.friend_id LIMIT $4 OFFSET $5`,
      [...params, q.count, q.start],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n ${RELATIONS}`, params),
  ]);
  const personas = await personasById(db, appId, res.rows.flatMap((r) => [r.persona_id, r.friend_id]));
  const name = (id: string) => String(personas.get(id)?.name ?? '');
  return {
    total: Number(counted.rows[0].n),
    items: res.rows.map((r) => ({ personaId: r.persona_id, personaName: name(r.persona_id), friendId: r.friend_id, friendName: name(r.friend_id), state: r.state, since: iso(r.since) })),
  };
}
