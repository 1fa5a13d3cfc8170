import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../engine/errors';
import { findApp, type AppDirectory, type AppView } from '../platform/apps';
import type { Queryable } from '../db';
import { findSession, SESSION_COOKIES, type Account } from './sessions';

/** The two headers an administrator's console request names the app in (ADR 0001). */
export const ADMIN_APP_HEADERS = ['x-app-id', 'x-lodestar-app-id'] as const;

export interface ServicePrincipal {
  kind: 'app' | 'admin';
  app: AppView;
  /** Who to write in the operation history. */
  actor: string;
}

/** The roles of an organisation whose members are handed its apps' credential and use it in the console. */
export const CREDENTIAL_ROLES: ReadonlySet<string> = new Set(['owner', 'admin', 'member']);

/**
 * Whom the operation history names for a call made with the app credential. The console calls service APIs with
 * it (spec 000 §6), and the signed-in person's session goes along: a member of the app's organisation holding one
 * of CREDENTIAL_ROLES, or an administrator, is named. Without a session (a game server), or with one that is
 * forged, expired or of someone outside the organisation, the app is. Only the name changes: what the call may do
 * stays what the credential may do.
 */
async function credentialActor(db: Queryable, req: FastifyRequest, app: AppView): Promise<string> {
  const user = await sessionAccount(db, req, 'user');
  if (user && CREDENTIAL_ROLES.has((await findApp(db, app.AppId, user.id))?.Role ?? '')) return `user:${user.email}`;
  const admin = await sessionAccount(db, req, 'admin');
  if (admin) return `admin:${admin.email}`;
  return `app:${app.AppId}`;
}

/** The app id and secret of an `Authorization: Basic` header, unchecked (undefined without one). */
export function basicCredentials(req: FastifyRequest): { appId: string; secret: string } | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { appId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export async function sessionAccount(db: Queryable, req: FastifyRequest, kind: 'user' | 'admin' | 'finance-admin'): Promise<Account | undefined> {
  // A server without the cookie plugin (an embedding of the engine alone) has no sessions.
  return findSession(db, req.cookies?.[SESSION_COOKIES[kind]], kind);
}

/** Who calls a service API: an app credential, or an administrator naming the app in both headers. */
export async function servicePrincipal(db: Queryable, apps: AppDirectory, req: FastifyRequest): Promise<ServicePrincipal> {
  const basic = basicCredentials(req);
  if (basic) {
    const app = await apps.verify(basic.appId, basic.secret);
    if (!app) throw unauthorized('invalid app credentials');
    return { kind: 'app', app, actor: await credentialActor(db, req, app) };
  }
  const admin = await sessionAccount(db, req, 'admin');
  if (admin) {
    const [a, b] = ADMIN_APP_HEADERS.map((h) => req.headers[h]);
    if (typeof a !== 'string' || a === '' || a !== b) throw forbidden('app id headers missing or different');
    const app = await apps.get(a);
    if (!app) throw forbidden();
    return { kind: 'admin', app, actor: `admin:${admin.email}` };
  }
  throw unauthorized();
}

export function requireServiceEnabled(app: AppView, service: string): void {
  if (app.Services[service]?.Status !== 'Enabled') throw forbidden('service not enabled');
}
