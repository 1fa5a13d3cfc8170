import type { FastifyRequest } from 'fastify';
import type { OrgRole } from '../../resources/org-api';
import { canManage } from '../../resources/org-api';
import type { Ctx } from '../context';
import type { ActionDecl, Principal } from '../../resources/types';
import type { Queryable } from '../db';
import { moneyCaller as moneyCallerOf, userActor, type MoneyCaller } from '../auth/callers';
import type { Account } from '../auth/sessions';
import { BACK_OFFICE } from '../engine/access';
import { forbidden } from '../engine/errors';
import { roleIn } from '../platform/org/access';

export { moneyCaller as moneyCallerOf, requireOffice, type MoneyCaller } from '../auth/callers';

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
  if (caller.office) return { actor: caller.office.actor, caller };
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

/** Whether the back office may call a declared action, and whether only the back office may. */
const officeMay = (action: ActionDecl) => (action.access ?? []).some((p) => BACK_OFFICE.includes(p));
const officeOnly = (action: ActionDecl) => (action.access ?? []).every((p) => BACK_OFFICE.includes(p));
const asPrincipal = (role: OrgRole): Principal => (role === 'admin' ? 'org-admin' : role);

/**
 * Who asks for a declared action on an organisation's record: a back-office-only action refuses anyone else before
 * anything is read (403), as `requireOffice` does.
 */
export async function actionCaller(ctx: Ctx, req: FastifyRequest, action: ActionDecl): Promise<MoneyCaller> {
  const caller = await moneyCallerOf(ctx, req);
  if (officeOnly(action) && !caller.office) throw forbidden();
  return caller;
}

/** The back office where the action names it; else a user whose role in the record's organisation it names (403). */
export async function permitAction(q: Queryable, caller: MoneyCaller, orgId: string, action: ActionDecl): Promise<void> {
  if (caller.office && officeMay(action)) return;
  const role = caller.user ? await roleIn(q, orgId, caller.user.id) : undefined;
  if (!role || !(action.access ?? []).includes(asPrincipal(role))) throw forbidden();
}

/** The history's actor of a declared action: the back office where it may act, else the organisation's user. */
export const actionActor = (caller: MoneyCaller, action: ActionDecl): string =>
  caller.office && officeMay(action) ? caller.office.actor : userActor(caller.user!);
