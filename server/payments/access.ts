import type { FastifyRequest } from 'fastify';
import type { OrgRole } from '../../resources/org-api';
import { canManage } from '../../resources/org-api';
import type { Ctx } from '../context';
import type { Queryable } from '../db';
import { sessionAccount } from '../auth/principal';
import { adminActor, userActor } from '../auth/callers';
import type { Account } from '../auth/sessions';
import { forbidden, unauthorized } from '../engine/errors';
import { roleIn } from '../platform/org/access';

/**
 * Who may see and move money (billing brief): members read their organisation's, owners and admins act for it;
 * administrators and finance administrators read everything and do the back-office acts.
 */
export interface MoneyCaller {
  user?: Account;
  /** An administrator's or a finance administrator's session. */
  office?: Account;
}

export async function moneyCallerOf(ctx: Ctx, req: FastifyRequest): Promise<MoneyCaller> {
  const [user, admin, finance] = await Promise.all([
    sessionAccount(ctx.db, req, 'user'),
    sessionAccount(ctx.db, req, 'admin'),
    sessionAccount(ctx.db, req, 'finance-admin'),
  ]);
  if (!user && !admin && !finance) throw unauthorized('login expired');
  return { user, office: admin ?? finance };
}

/** The back office's actor name: both kinds of administrator are `admin:<email>` in the history. */
export const officeActor = (a: Account) => adminActor(a);

/** An administrator or finance administrator; a user alone is 403, nobody 401. */
export async function requireOffice(ctx: Ctx, req: FastifyRequest): Promise<Account> {
  const { office } = await moneyCallerOf(ctx, req);
  if (!office) throw forbidden();
  return office;
}

/** Organisations the user belongs to, with the role in each. */
export async function membershipsOf(db: Queryable, accountId: string): Promise<Map<string, OrgRole>> {
  const res = await db.query<{ org_id: string; role: OrgRole }>('SELECT org_id, role FROM org_members WHERE account_id = $1', [accountId]);
  return new Map(res.rows.map((r) => [r.org_id, r.role]));
}

/** Reading an organisation's money: its members or the back office; anyone else 403. */
export async function requireReader(ctx: Ctx, req: FastifyRequest, orgId: string): Promise<{ actor: string; role?: OrgRole; caller: MoneyCaller }> {
  const caller = await moneyCallerOf(ctx, req);
  const role = caller.user ? await roleIn(ctx.db, orgId, caller.user.id) : undefined;
  if (role) return { actor: userActor(caller.user!), role, caller };
  if (caller.office) return { actor: officeActor(caller.office), caller };
  throw forbidden();
}

/** Acting for an organisation: an owner or admin of it (a user session; the back office does not act for it). */
export async function requireManager(ctx: Ctx, req: FastifyRequest, orgId: string, roles: (r: OrgRole) => boolean = canManage): Promise<Account> {
  const caller = await moneyCallerOf(ctx, req);
  if (!caller.user) throw forbidden();
  const role = await roleIn(ctx.db, orgId, caller.user.id);
  if (!role || !roles(role)) throw forbidden();
  return caller.user;
}

/** An organisation's name, or undefined when it does not exist. */
export async function orgName(db: Queryable, orgId: string): Promise<string | undefined> {
  const res = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
  return res.rows[0]?.name;
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A search text as an ILIKE pattern matching it anywhere, its wildcards taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
