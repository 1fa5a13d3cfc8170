import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { DEMO_REALM_ID } from '../../server/services/passport/players/demo';
import { issuePlayerToken, selectPersona } from '../../server/services/passport/players/principal';
import { DEMO_ADMIN, type Harness } from './harness';
import { passport } from '../../resources/passport';

/** Fixtures of the passport identity tests: players with a selected persona, calls as a player or an administrator. */

export const P = passport.base;

let counter = 0;
/** A name no other fixture in this process used. */
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

type Headers = Record<string, string>;

/** A JSON call with the given headers. */
export function call(h: Harness, headers: Headers, method: InjectOptions['method'], url: string, payload?: unknown) {
  return h.req({
    method,
    url,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** An administrator's session naming an app in both headers. */
export async function adminOf(h: Harness, appId = h.appId): Promise<Headers> {
  const cookie = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
  return { cookie, 'x-app-id': appId, 'x-lodestar-app-id': appId };
}

/** An open realm of the app of `basic` (the demo app has one already). */
export async function openRealm(h: Harness, basic: string): Promise<string> {
  if (basic === h.basic) return DEMO_REALM_ID;
  const created = await call(h, { authorization: basic }, 'POST', `${P}/realms`, { name: unique('realm') });
  expect(created.statusCode, created.body).toBe(201);
  const opened = await call(h, { authorization: basic }, 'POST', `${P}/realms/${created.json().id}/open`);
  expect(opened.statusCode, opened.body).toBe(200);
  return created.json().id;
}

export async function newUser(h: Harness, basic = h.basic): Promise<string> {
  const res = await call(h, { authorization: basic }, 'POST', `${P}/users`, { name: unique('user'), loginMethod: 'ServerSide', loginProvider: 'ServiceLogin', externalId: unique('ext') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export async function newPersona(h: Harness, userId: string, basic = h.basic): Promise<string> {
  const realmId = await openRealm(h, basic);
  const res = await call(h, { authorization: basic }, 'POST', `${P}/personas`, { name: unique('hero'), userId, realmId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export interface TestPlayer {
  appId: string;
  userId: string;
  personaId: string;
  token: string;
}

/** A new user of the app with one persona, signed in with that persona selected. */
export async function newPlayer(h: Harness, app: { appId: string; basic: string } = { appId: h.appId, basic: h.basic }): Promise<TestPlayer> {
  const userId = await newUser(h, app.basic);
  const personaId = await newPersona(h, userId, app.basic);
  const { token } = await issuePlayerToken(h.db, app.appId, userId);
  await selectPersona(h.db, token, personaId);
  return { appId: app.appId, userId, personaId, token };
}

export const otherApp = (h: Harness) => ({ appId: h.otherAppId, basic: h.otherBasic });

/** A call with a player token. */
export const asPlayer = (h: Harness, p: { token: string }, method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(h, { authorization: `Bearer ${p.token}` }, method, url, payload);

/** Rows of the operation history for one target. */
export async function historyOf(h: Harness, target: string) {
  const res = await h.db.query<{ actor: string; action: string; before: unknown; after: unknown }>(
    'SELECT actor, action, before, after FROM audit_log WHERE target = $1 ORDER BY id',
    [target],
  );
  return res.rows;
}

/** The spec's guild settings (spec 002 §9). */
export const GUILD_DEFAULTS = {
  MemberLimitCount: 50,
  EnableJoinMultiGuilds: false,
  RestrictedMinutesAfterLeaveGuild: 120,
  EnableGainApprovalBeforeJoin: true,
  GuildDisableUniqueGuildName: false,
};

/** Saves the demo app's guild settings: the spec's defaults with `changes`. */
export async function setGuildConfig(h: Harness, changes: Partial<typeof GUILD_DEFAULTS> = {}): Promise<void> {
  const current = (await h.svc('GET', `${P}/guilds/config`)).json();
  const res = await h.svc('PUT', `${P}/guilds/config`, { ...GUILD_DEFAULTS, ...changes, version: current.version });
  expect(res.statusCode, res.body).toBe(200);
}

/** A guild created by the player (who leads it). */
export async function createGuild(h: Harness, leader: TestPlayer, name = unique('guild')): Promise<Record<string, unknown> & { id: string }> {
  const res = await asPlayer(h, leader, 'POST', `${P}/sdk/guilds`, { name, description: 'test guild' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Makes the persona leave its guild long enough ago that the restriction has passed. */
export const ageDeparture = (h: Harness, personaId: string, minutes: number) =>
  h.db.query('UPDATE passport_guild_departures SET left_at = left_at - make_interval(mins => $2) WHERE persona_id = $1', [personaId, minutes]);
