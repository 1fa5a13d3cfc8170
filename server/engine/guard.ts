import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../resources/types';
import type { Ctx } from '../context';
import { requireServiceEnabled, servicePrincipal, type ServicePrincipal } from '../auth/principal';
import { requireParent } from './children';
import { forbidden } from './errors';
import type { ResourceModel } from './model';
import { advanceForCall } from './timed-states';
import { PLATFORM_SCOPE_ID, platformPrincipal, type PlatformPrincipal } from './platform-scope';

export interface Access {
  principal: ServicePrincipal | PlatformPrincipal;
  /** The scope every query of this call is confined to. */
  scopeId: string;
  /** A sub-resource's call: the parent its path names, which every query of the call is confined to as well. */
  parentId?: string;
}

/**
 * Resolves who calls and confines the call to their scope (a platform-scoped resource's: `platform-scope.ts`). App-scoped resources are reached with the app
 * credential or an administrator session naming the app; the app must have the service enabled. `allowed` narrows
 * who may call (a state action's own `access`); `everyParent`, a sub-resource's app-wide list, confines it to the app
 * alone. The call's due timed moves are made in that app before it reads.
 */
export async function authorize(ctx: Ctx, req: FastifyRequest, m: ResourceModel, mode: 'read' | 'write', allowed?: Principal[], everyParent = false): Promise<Access> {
  // The platform's records (one set for the deployment): an administrator, or an app credential where `access` allows.
  if (m.res.scope === 'platform') return { principal: await platformPrincipal(ctx, req, m.service.name, allowed ?? m.res.access[mode]), scopeId: PLATFORM_SCOPE_ID };
  if (m.res.scope !== 'app') throw new Error(`${m.service.name}/${m.res.name}: only app- and platform-scoped resources are mounted by the engine`);
  const principal = await servicePrincipal(ctx.db, ctx.apps, req);
  if (!(allowed ?? m.res.access[mode]).includes(principal.kind)) throw forbidden();
  requireServiceEnabled(principal.app, m.service.name);
  await advanceForCall(ctx, req, principal.app.AppId);
  // A sub-resource's list of the app's records under every parent (`ParentDecl.appList`) names no parent.
  return { principal, scopeId: principal.app.AppId, parentId: everyParent ? undefined : await requireParent(ctx, req, m, principal.app.AppId) };
}

/** The same check for a service's hand-written calls. */
export async function authorizeService(ctx: Ctx, req: FastifyRequest, service: string): Promise<Access> {
  const principal = await servicePrincipal(ctx.db, ctx.apps, req);
  requireServiceEnabled(principal.app, service);
  await advanceForCall(ctx, req, principal.app.AppId);
  return { principal, scopeId: principal.app.AppId };
}
