import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Harness } from './harness';
import { passport } from '../../resources/passport';

const B = passport.base;

/** Fixtures of the passport players tests: realms, server-side sign-ins and calls as a player. */

let counter = 0;
/** A name no other fixture in this process used. */
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

/** A realm of the demo app (or the app of `basic`), opened unless asked otherwise. */
export async function createRealm(h: Harness, opts: { open?: boolean; basic?: string } = {}): Promise<string> {
  const headers = { authorization: opts.basic ?? h.basic, 'content-type': 'application/json' };
  const created = await h.req({ method: 'POST', url: `${B}/realms`, headers, payload: JSON.stringify({ name: unique('realm') }) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  if (opts.open !== false) {
    const opened = await h.req({ method: 'POST', url: `${B}/realms/${id}/open`, headers: { authorization: headers.authorization } });
    expect(opened.statusCode, opened.body).toBe(200);
  }
  return id;
}

export interface SignedIn {
  token: string;
  userId: string;
  user: Record<string, unknown>;
}

/** Signs a player in server-side (the app credential vouches for the external id). */
export async function signInServerSide(h: Harness, realmId: string, externalId: string, opts: { basic?: string; nickname?: string } = {}) {
  return h.req({
    method: 'POST',
    url: `${B}/login/external`,
    headers: { authorization: opts.basic ?? h.basic, 'content-type': 'application/json' },
    payload: JSON.stringify({ method: 'ServerSide', platform: 'Android', realmId, externalId, ...(opts.nickname ? { nickname: opts.nickname } : {}) }),
  });
}

export async function signedIn(h: Harness, realmId: string, externalId = unique('player'), basic?: string): Promise<SignedIn> {
  const res = await signInServerSide(h, realmId, externalId, { basic });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { token: body.token, userId: body.user.id, user: body.user };
}

/** A call with a player token. */
export function asPlayer(h: Harness, token: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return h.req({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** A new persona of the signed-in player in the realm, selected on the token. */
export async function selectedPersona(h: Harness, player: SignedIn, realmId: string, name = unique('hero')): Promise<string> {
  const created = await asPlayer(h, player.token, 'POST', `${B}/sdk/personas`, { name, realmId });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const selected = await asPlayer(h, player.token, 'POST', `${B}/sdk/personas/${id}/select`);
  expect(selected.statusCode, selected.body).toBe(200);
  return id;
}
