import { match } from '../../resources/match';
import { issuePlayerToken } from '../../server/services/passport/players/principal';
import { newUser } from './passport-identity-fixtures';
import type { Harness } from './harness';
import { until } from './multiverse-fixtures';

export const B = match.base;
export const onApp = (h: Harness, path = '') => `${B}/apps/${h.appId}${path}`;

export interface MatchPlayer {
  userId: string;
  token: string;
}

/** A new passport user of the demo app, signed in. */
export async function newMatchPlayer(h: Harness): Promise<MatchPlayer> {
  const userId = await newUser(h);
  const { token } = await issuePlayerToken(h.db, h.appId, userId);
  return { userId, token };
}

/** A call with a player token. */
export const asPlayer = (h: Harness, p: MatchPlayer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  h.req({ method, url, headers: { authorization: `Bearer ${p.token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });

/** A config of the demo app's match app; answers its id. */
export async function createConfig(h: Harness, body: Record<string, unknown>): Promise<string> {
  const res = await h.svc('POST', onApp(h, '/configs'), { regions: ['local'], ...body });
  if (res.statusCode !== 201) throw new Error(`config: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** Submits a ticket from the game's server for a player; answers it. */
export async function submit(h: Harness, configId: string, playerId: string, attributes: Record<string, unknown> = {}) {
  const res = await h.svc('POST', onApp(h, '/tickets'), { configId, playerId, attributes });
  if (res.statusCode !== 201) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; status: string; createdAt: string };
}

export const ticketOf = (h: Harness, id: string) => h.svc('GET', onApp(h, `/tickets/${id}`)).then((r) => r.json());

/** Polls a ticket until its state is one of `states`. */
export const ticketUntil = (h: Harness, id: string, states: string[], ms = 10_000) => until(() => ticketOf(h, id), (t) => states.includes(t.status), ms);
