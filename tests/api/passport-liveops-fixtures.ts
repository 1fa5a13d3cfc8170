import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { modelOf } from '../../server/context';
import { issuePlayerToken, selectPersona } from '../../server/services/passport/players/principal';
import type { PersonaPlayer } from '../../server/services/passport/liveops/common';
import type { Harness } from './harness';
import { passport } from '../../resources/passport';

const B = passport.base;

/** Fixtures of the passport live-ops tests: players with personas, calls as the app, another app and a player. */

let counter = 0;
/** A slug no other fixture in this process used. */
export const slug = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

export interface TestPlayer extends PersonaPlayer {
  token: string;
  call: (method: InjectOptions['method'], url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
}

/** A player of an app (the demo app unless told) with one persona, signed in with it selected unless `select` is false. */
export async function newPlayer(h: Harness, opts: { appId?: string; select?: boolean; tags?: string[] } = {}): Promise<TestPlayer> {
  const appId = opts.appId ?? h.appId;
  const n = ++counter;
  const userId = randomUUID();
  const personaId = randomUUID();
  await h.ctx.store.insert(modelOf(h.ctx, 'passport', 'users'), appId, userId, { name: `Liveops player ${n}`, loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: `liveops-${n}-${userId}` }, 'Active');
  await h.ctx.store.insert(modelOf(h.ctx, 'passport', 'personas'), appId, personaId, { name: `Liveops hero ${n} ${personaId.slice(0, 8)}`, userId, realmId: randomUUID(), tags: opts.tags ?? [] }, 'Active');
  const { token } = await issuePlayerToken(h.db, appId, userId);
  if (opts.select !== false) await selectPersona(h.db, token, personaId);
  const call = (method: InjectOptions['method'], url: string, payload?: unknown) => send(h, `Bearer ${token}`, method, url, payload);
  return { appId, userId, personaId, token, call };
}

function send(h: Harness, authorization: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return h.req({
    method,
    url,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** A call with another organisation's app credential. */
export const asOther = (h: Harness, method: InjectOptions['method'], url: string, payload?: unknown) => send(h, h.otherBasic, method, url, payload);

/** The body of a call expected to answer `status`, or a failure naming what came back. */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** The status and code of a refused call. */
export const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, code: (res.json() as { code?: string }).code });

/** What a persona holds, by resource (amounts as the economy stores them: decimal strings). */
export async function holdings(h: Harness, personaId: string, appId = h.appId): Promise<Record<string, string>> {
  const res = await h.db.query<{ resource: string; amount: string }>(
    "SELECT data->>'resource' AS resource, data->>'amount' AS amount FROM records WHERE service = 'passport' AND kind = 'inventory' AND scope_id = $1 AND data->>'personaId' = $2",
    [appId, personaId],
  );
  return Object.fromEntries(res.rows.map((r) => [r.resource, r.amount]));
}

/** An economy resource of the demo app (a virtual currency unless told), for rewards to be granted in. */
export async function newResource(h: Harness, type: 'VirtualCurrency' | 'Item' = 'VirtualCurrency'): Promise<string> {
  const slugName = slug(type === 'Item' ? 'item' : 'coin');
  ok(await h.svc('POST', `${B}/resources`, { slugName, name: slugName, type }), 201);
  return slugName;
}

/** How many operation-history entries name this action (and target, when given). */
export async function historyCount(h: Harness, action: string, target?: string): Promise<number> {
  const res = await h.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR target = $2)',
    [action, target ?? null],
  );
  return res.rows[0].n;
}
