import type { FastifyRequest } from 'fastify';
import { callerOf, type Caller } from '../auth/callers';
import type { Ctx } from '../context';
import { forbidden, notFound } from '../engine/errors';
import { findApp, type AppView } from './apps';

/** Roles of an organisation that may change its apps (spec 000 §6). */
export const EDIT_ROLES = new Set(['owner', 'admin']);


/** Who acts on an app, and the app as they see it. */
export interface AppCaller {
  app: AppView;
  /** For the operation history: `user:<email>` or `admin:<email>`. */
  actor: string;
  /** The account whose role the app record carries. */
  accountId: string;
  email: string;
  /** Acting through an administrator session. */
  isAdmin: boolean;
}

/**
 * What a call on an app needs: `read` any member of its organisation, `edit` an owner or admin of it, `admin`
 * an administrator. An administrator session passes every need; a member's own session is preferred when it
 * suffices. Whether an app exists is told to administrators only (404); everyone else gets 403.
 */
export async function appCaller(ctx: Ctx, req: FastifyRequest, appId: string, need: 'read' | 'edit' | 'admin', sessions?: Caller): Promise<AppCaller> {
  const { user, admin } = sessions ?? (await callerOf(ctx, req));
  if (user && need !== 'admin') {
    const app = await findApp(ctx.db, appId, user.id);
    if (app?.Role && (need === 'read' || EDIT_ROLES.has(app.Role))) {
      return { app, actor: `user:${user.email}`, accountId: user.id, email: user.email, isAdmin: false };
    }
  }
  if (admin) {
    const app = await findApp(ctx.db, appId, user?.id ?? admin.id);
    if (!app) throw notFound();
    return { app, actor: `admin:${admin.email}`, accountId: user?.id ?? admin.id, email: admin.email, isAdmin: true };
  }
  throw forbidden();
}
