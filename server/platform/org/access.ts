import type { FastifyRequest } from 'fastify';
import type { OrgRole } from '../../../resources/org-api';
import { canManage } from '../../../resources/org-api';
import type { Ctx } from '../../context';
import type { Queryable } from '../../db';
import type { Account } from '../../auth/sessions';
import { forbidden, notFound } from '../../engine/errors';

import { callerOf, requireUser, type Caller } from '../../auth/callers';

export { adminActor, callerOf, requireAdmin, requireUser, userActor, type Caller } from '../../auth/callers';

export async function roleIn(db: Queryable, orgId: string, accountId: string): Promise<OrgRole | undefined> {
  const res = await db.query<{ role: OrgRole }>('SELECT role FROM org_members WHERE org_id = $1 AND account_id = $2', [orgId, accountId]);
  return res.rows[0]?.role;
}

const orgExists = async (db: Queryable, orgId: string) => (await db.query('SELECT 1 FROM organizations WHERE id = $1', [orgId])).rows.length > 0;

/**
 * Read access to an organisation: its members, or administrators. Whether an organisation exists is none of a
 * non-member's business (403 either way); administrators learn it (404).
 */
export async function orgReader(ctx: Ctx, req: FastifyRequest, orgId: string): Promise<{ role: OrgRole | ''; caller: Caller }> {
  const caller = await callerOf(ctx, req);
  const role = caller.user ? await roleIn(ctx.db, orgId, caller.user.id) : undefined;
  if (role) return { role, caller };
  if (caller.admin) {
    if (!(await orgExists(ctx.db, orgId))) throw notFound();
    return { role: '', caller };
  }
  throw forbidden();
}

/** A member of the organisation, with their role; non-members (and administrator-only sessions) get 403. */
export async function orgMember(ctx: Ctx, req: FastifyRequest, orgId: string): Promise<{ account: Account; role: OrgRole }> {
  const account = await requireUser(ctx, req);
  const role = await roleIn(ctx.db, orgId, account.id);
  if (!role) throw forbidden();
  return { account, role };
}

/** An owner or admin of the organisation. */
export async function orgManager(ctx: Ctx, req: FastifyRequest, orgId: string): Promise<{ account: Account; role: OrgRole }> {
  const m = await orgMember(ctx, req, orgId);
  if (!canManage(m.role)) throw forbidden();
  return m;
}
