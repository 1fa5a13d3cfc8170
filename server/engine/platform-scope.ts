import type { FastifyRequest } from 'fastify';
import type { Principal, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { basicCredentials, requireServiceEnabled, servicePrincipal, sessionAccount } from '../auth/principal';
import type { Api, RouteDef } from './api';
import { forbidden, unauthorized } from './errors';
import type { ResourceModel } from './model';

/**
 * The platform's own records (`ResourceDecl.scope: 'platform'`, a `platform` call): one set for the whole deployment,
 * kept in the records store under this scope id (no app's id is ever this: apps' ids are UUIDs).
 */
export const PLATFORM_SCOPE_ID = 'platform';

/** Who may make a `platform` call that names no `access` of its own: an app credential or an administrator. */
export const PLATFORM_CALLERS: Principal[] = ['app', 'admin'];

/** Who calls on the platform's records: an administrator (no app named) or an app credential. */
export interface PlatformPrincipal {
  kind: 'app' | 'admin';
  actor: string;
}

/**
 * Resolves a caller of the platform's records: the app credential (its app having the service enabled), or an
 * administrator's session — the app id headers an administrator's console request may carry are not needed and
 * change nothing. `allowed` is who may make the call (the resource's read or write access, a call's `access`).
 */
export async function platformPrincipal(ctx: Ctx, req: FastifyRequest, service: string, allowed: Principal[]): Promise<PlatformPrincipal> {
  if (basicCredentials(req)) {
    const p = await servicePrincipal(ctx.db, ctx.apps, req);
    if (!allowed.includes('app')) throw forbidden();
    requireServiceEnabled(p.app, service);
    return { kind: 'app', actor: p.actor };
  }
  const admin = await sessionAccount(ctx.db, req, 'admin');
  if (!admin) throw unauthorized();
  if (!allowed.includes('admin')) throw forbidden();
  return { kind: 'admin', actor: `admin:${admin.email}` };
}

/**
 * The API of a platform-scoped resource: its routes are mounted as any resource's, documented with the platform's
 * callers (`auth: 'platform'`: the app credential, or an administrator's session naming no app).
 */
export function platformApi(api: Api, m: ResourceModel): Api {
  if (m.res.scope !== 'platform') return api;
  const scoped = Object.create(api) as Api;
  scoped.route = (def: RouteDef) => api.route(def.auth === 'service' ? { ...def, auth: 'platform' } : def);
  return scoped;
}

/**
 * Start-up check of a platform-scoped resource: a plain collection of the platform's (no parent, player reads,
 * settings form, timed moves or children), and no reference crosses between the platform's records and an app's
 * (a reference is looked up in the caller's scope).
 */
export function checkPlatformScope(service: ServiceDecl, res: ResourceDecl): void {
  const where = `${service.name}/${res.name}`;
  const platform = (name: string) => service.resources.find((r) => r.name === name)?.scope === 'platform';
  if (res.scope === 'platform' && (res.parent || res.player?.length || res.singleton || res.status?.timed || res.children?.length)) {
    throw new Error(`${where}: a platform-scoped resource is a plain collection (no parent, player reads, settings form, timed moves or children)`);
  }
  if (res.routes?.admin && res.scope !== 'platform') throw new Error(`${where}: only a platform-scoped resource has a back-office page`);
  if (res.scope === 'platform' && (res.routes?.list || res.routes?.show)) throw new Error(`${where}: a platform-scoped resource has no app console routes (its page is routes.admin)`);
  for (const r of res.references ?? []) {
    if (platform(r.resource) !== (res.scope === 'platform')) throw new Error(`${where}: the reference '${r.field}' crosses between the platform's records and an app's`);
  }
}
