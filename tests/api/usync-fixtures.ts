import { expect } from 'vitest';
import { socketUrl } from '../../resources/socket-types';
import { usync } from '../../resources/usync';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';
import { createRealm, signedIn, unique, type SignedIn } from './passport-players-fixtures';
import { wsClient, type Client } from './push-fixtures';

/** The service's base, as declared. */
export const S = usync.base;
const RELAY = socketUrl(usync.base, usync.sockets!.relay);

export interface SyncApp {
  appId: string;
  basic: string;
  call: Harness['svc'];
  realmId: string;
}

export interface SyncHarness extends Harness {
  origin: string;
  /** Another app of its own with Sync and Passport enabled. */
  newApp: (label: string) => Promise<SyncApp>;
}

export async function startSync(): Promise<SyncHarness> {
  const h = await startHarness();
  const origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createAccount(h.db, { email: `${unique('sync')}@example.com`, password: 'sync-password', name: 'Syncer' });
  const org = await createOrganization(h.db, unique('sync studio'), owner);
  const newApp = async (label: string): Promise<SyncApp> => {
    const appId = await createApp(h.db, org, unique(label), ['usync', 'passport']);
    const secret = (await h.db.query<{ s: string }>('SELECT app_service_secret AS s FROM apps WHERE app_id = $1', [appId])).rows[0].s;
    const basic = basicOf(appId, secret);
    return { appId, basic, call: serviceRequest(h.req, basic), realmId: await createRealm(h, { basic }) };
  };
  return { ...h, origin, newApp };
}

/** A tier and a profile of the app, the profile's fields as given (the rest the schema's defaults). */
export async function newProfile(app: SyncApp, fields: Record<string, unknown> = {}, tier: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const t = await app.call('POST', `${S}/api/room-profile-tiers`, { name: unique('tier'), ...tier });
  expect(t.statusCode, t.body).toBe(201);
  const p = await app.call('POST', `${S}/api/room-profiles`, { name: unique('profile'), tierId: t.json().id, ...fields });
  expect(p.statusCode, p.body).toBe(201);
  return p.json();
}

/** A room of the profile made by the game's server (READY unless its allocation failed). */
export async function newRoom(app: SyncApp, profileId: string): Promise<Record<string, unknown>> {
  const r = await app.call('POST', `${S}/service/rooms`, { profileId });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** A player of the app seated in the room by the game's server: the seat ticket. */
export async function seat(app: SyncApp, roomId: string, playerId = unique('player')): Promise<{ token: string; playerId: string; seatId: string }> {
  const j = await app.call('POST', `${S}/service/rooms/${roomId}/join`, { playerId });
  expect(j.statusCode, j.body).toBe(200);
  return j.json();
}

export const newPlayer = (h: Harness, app: SyncApp): Promise<SignedIn> => signedIn(h, app.realmId, unique('player'), app.basic);

/** A relay client of the room with a seat token (opened; nothing waited for). */
export const relay = (h: SyncHarness, roomId: string, token: string): Promise<Client> => wsClient(`${h.origin.replace('http', 'ws')}${RELAY}?${new URLSearchParams({ roomId, token })}`);

/** Waits until `check` holds (the relay stores its events after telling the clients). */
export async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}
