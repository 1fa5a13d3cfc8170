/** What the passport players calls answer that the console reads: one set of shapes for the server and the console. */

/** One entry of a user's or persona's ban history. */
export interface BanAction {
  action: 'ban' | 'unban';
  at: string;
  actor: string;
  /** The ban's reason and end (bans only). */
  reason: string | null;
  until: string | null;
  /** An unban made by the ban's end passing. */
  automatic: boolean;
}

/** One of a persona's relations, from its side: a friend, a request it sent (outgoing) or one it received (incoming). */
export interface FriendEntry {
  personaId: string;
  name: string;
  level: number | null;
  status: string;
  relation: 'accepted' | 'outgoing' | 'incoming';
  since: string;
}

/** A relation between two personas as the console lists it: a friendship once, or a request from one to the other. */
export interface Relation {
  personaId: string;
  personaName: string;
  friendId: string;
  friendName: string;
  state: 'accepted' | 'requested';
  since: string;
}
