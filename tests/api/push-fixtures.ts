import { expect } from 'vitest';
import WebSocket from 'ws';
import { push } from '../../resources/push';
import { buildApp } from '../../server/app';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, DEMO_ADMIN, serviceRequest, startHarness, type Harness } from './harness';
import { createRealm, signedIn, unique } from './passport-players-fixtures';

/** The service's base, as declared. */
export const P = push.base;

export interface PushHarness extends Harness {
  /** An app of its own with push and passport enabled, a request with its credential, and an open realm. */
  pushAppOwner: string;
  pushBasic: string;
  call: Harness['svc'];
  realmId: string;
  /** Where the server listens (for WebSocket clients). */
  origin: string;
  /** Headers of an administrator acting on the push app's owner app. */
  admin: Record<string, string>;
  /** Stops the server and starts another on the same database (what a send stored before must survive). */
  restart: () => Promise<void>;
}

/** The test server, listening, with an organisation whose app has push and passport enabled. */
export async function startPush(label = 'push'): Promise<PushHarness> {
  const h = await startHarness();
  const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'push-password', name: 'Pusher' });
  const org = await createOrganization(h.db, `${label} studio`, owner);
  const appId = await createApp(h.db, org, `${label} game`, ['push', 'passport']);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
  const pushBasic = basicOf(appId, secret);
  const realmId = await createRealm(h, { basic: pushBasic });
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const cookie = await h.login(DEMO_ADMIN.email, DEMO_ADMIN.password, '/auth/admin-login');
  const ph: PushHarness = {
    ...h,
    pushAppOwner: appId,
    pushBasic,
    call: serviceRequest(h.req, pushBasic),
    realmId,
    origin: address,
    admin: { cookie, 'x-app-id': appId, 'x-lodestar-app-id': appId },
    restart: async () => {
      await ph.app.close();
      const next = await buildApp(h.db, h.ctx.config);
      ph.app = next.app;
      ph.ctx = next.ctx;
      ph.api = next.api;
      ph.req = (opts) => next.app.inject(opts);
      ph.svc = serviceRequest(ph.req, h.basic);
      ph.call = serviceRequest(ph.req, pushBasic);
      ph.origin = await next.app.listen({ port: 0, host: '127.0.0.1' });
    },
    close: async () => {
      if (ph.app !== h.app) await ph.app.close();
      await h.close();
    },
  };
  return ph;
}

/** A created push app (201), as read back. */
export async function newPushApp(h: PushHarness, extra: Record<string, unknown> = {}): Promise<{ id: string; appKey: string; status: string }> {
  const res = await h.call('POST', `${P}/apps`, { name: unique('chat'), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return (await h.call('GET', `${P}/apps/${res.json().id}`)).json();
}

/** A signed-in player of the push app's owner app. */
export const newPlayer = (h: PushHarness) => signedIn(h, h.realmId, unique('player'), h.pushBasic);

export interface Client {
  ws: WebSocket;
  /** Every message the server sent, parsed. */
  got: Record<string, unknown>[];
  /** The close code, once closed. */
  closed: Promise<number>;
  /** The next message of `type` not waited for yet. */
  next: (type: string) => Promise<Record<string, unknown>>;
  send: (msg: unknown) => void;
}

/** A client connected to the push server (opened; its welcome, or its close, not waited for). */
export const connect = (h: PushHarness, query: Record<string, string>): Promise<Client> => wsClient(`${h.origin.replace('http', 'ws')}${P}/connect?${new URLSearchParams(query)}`);

/** A WebSocket client of one of the server's declared sockets, at `url` (opened; nothing waited for). */
export function wsClient(url: string): Promise<Client> {
  const ws = new WebSocket(url);
  const got: Record<string, unknown>[] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  ws.on('message', (d: Buffer) => {
    got.push(JSON.parse(d.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} message; got ${JSON.stringify(got)}`)), 5000);
      const look = () => {
        const i = got.findIndex((m, k) => m.type === type && !taken.has(k));
        if (i < 0) return void waiters.push(look);
        taken.add(i);
        clearTimeout(timer);
        resolve(got[i]);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, got, closed, next, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) }));
    ws.on('error', reject);
  });
}
