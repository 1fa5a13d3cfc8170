import type { AccessControlProvider } from '@refinedev/core';
import type { Operation, Principal, ResourceDecl } from '../resources';
import { actionAccess } from '../resources/field-access';
import { fetchIdentity, fetchSessions } from './auth';
import { findDeclared } from './declarations';
import { getApp } from './http';
import type { AppRecord, Identity } from './types';

/**
 * What the signed-in user may do with a declared resource, from its declaration: the operation must be
 * declared, the service enabled for the app, and one of the user's principals listed in `access`. The console
 * acts on an app's services with the app credential, so a member of the app's organisation holds `app`.
 * The server is the real guard; this only hides what would be refused.
 */

/** Refine's action names as declared operations. */
const OPERATIONS: Record<string, Operation> = {
  list: 'list',
  show: 'show',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
  bulkDelete: 'bulkDelete',
};

const ROLE_PRINCIPAL: Record<string, Principal> = { owner: 'owner', admin: 'org-admin', member: 'member' };

export function principalsOf(identity: Identity | null, app: AppRecord | null): Principal[] {
  if (!identity) return ['anonymous'];
  const out: Principal[] = ['user'];
  if (identity.isAdmin) out.push('admin');
  if (app?.Role) {
    out.push(ROLE_PRINCIPAL[app.Role] ?? 'member');
    if (app.AppServiceSecret) out.push('app');
  }
  return out;
}

/** The operations a resource offers: a singleton is read and replaced, whatever `operations` says. */
export const operationsOf = (decl: ResourceDecl): Operation[] => (decl.singleton ? ['list', 'show', 'update'] : decl.operations);

/**
 * Whether these principals may perform this action: a Refine action name, a state action's name, or a command's
 * name (a `GET` command reads, any other writes).
 */
export function allows(decl: ResourceDecl, action: string, principals: Principal[]): boolean {
  const operation = OPERATIONS[action];
  const command = operation ? undefined : (decl.commands ?? []).find((c) => c.name === action);
  const stateAction = !operation && !command ? (decl.actions ?? []).find((a) => a.name === action) : undefined;
  if (!operation && !command && !stateAction) return false;
  if (operation && !operationsOf(decl).includes(operation)) return false;
  const reads = operation === 'list' || operation === 'show' || command?.method === 'GET';
  // A state action may name fewer callers than the resource's writers (approve and reject: administrators only).
  const allowed = stateAction ? actionAccess(decl, stateAction) : reads ? decl.access.read : decl.access.write;
  return allowed.some((p) => principals.includes(p));
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    if (!resource) return { can: true };
    const meta = params?.resource?.meta as { service?: string; resource?: string } | undefined;
    const found = findDeclared(resource, meta);
    if (!found) return { can: true };
    const appId = typeof params?.appId === 'string' ? params.appId : undefined;
    const [identity, app] = await Promise.all([fetchIdentity(), appId ? getApp(appId).catch(() => null) : Promise.resolve(null)]);
    // The platform's records are called with no app credential: as the administrator the browser is signed in as,
    // whatever other session it holds too.
    if (found.decl.scope === 'platform') {
      const admin = (await fetchSessions()).admin ? (['admin'] as Principal[]) : [];
      return allows(found.decl, action, admin) ? { can: true } : { can: false, reason: 'permission denied' };
    }
    if (found.decl.scope === 'app') {
      if (!app) return { can: false, reason: 'no app' };
      if (app.Services[found.service.name]?.Status !== 'Enabled') return { can: false, reason: 'service not enabled' };
    }
    return allows(found.decl, action, principalsOf(identity, app)) ? { can: true } : { can: false, reason: 'permission denied' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
