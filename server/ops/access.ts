import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { forbidden, unauthorized } from '../engine/errors';
import { sessionAccount } from '../auth/principal';
import type { Account } from '../auth/sessions';

/** The sessions a request carries: a console user, an administrator, or both. */
export interface Caller {
  user?: Account;
  admin?: Account;
}

export async function callerOf(ctx: Ctx, req: FastifyRequest): Promise<Caller> {
  const [user, admin] = await Promise.all([sessionAccount(ctx.db, req, 'user'), sessionAccount(ctx.db, req, 'admin')]);
  if (!user && !admin) throw unauthorized('login expired');
  return { user, admin };
}

/** An administrator session, or 401 without any session and 403 with only a user's. */
export async function requireAdmin(ctx: Ctx, req: FastifyRequest): Promise<Account> {
  const { admin } = await callerOf(ctx, req);
  if (!admin) throw forbidden();
  return admin;
}

/** A console user's session (an administrator session alone is not a member of anything). */
export async function requireUser(ctx: Ctx, req: FastifyRequest): Promise<Account> {
  const { user } = await callerOf(ctx, req);
  if (!user) throw forbidden();
  return user;
}

export const userActor = (a: Account) => `user:${a.email}`;
export const adminActor = (a: Account) => `admin:${a.email}`;

export async function isOrgMember(db: Queryable, accountId: string, orgId: string): Promise<boolean> {
  const res = await db.query('SELECT 1 FROM org_members WHERE org_id = $1 AND account_id = $2', [orgId, accountId]);
  return res.rows.length > 0;
}

/** Whether the account belongs to the organisation that owns the app (an unknown app: no). */
export async function isAppMember(db: Queryable, accountId: string, appId: string): Promise<boolean> {
  const res = await db.query('SELECT 1 FROM apps a JOIN org_members m ON m.org_id = a.org_id AND m.account_id = $1 WHERE a.app_id = $2', [
    accountId,
    appId,
  ]);
  return res.rows.length > 0;
}

/** The address a link in a mail or an answer should start with: the configured public URL or this request's. */
export function publicOrigin(ctx: Ctx, req: FastifyRequest): string {
  return (ctx.config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}
