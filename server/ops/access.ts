import type { Queryable } from '../db';

export { adminActor, callerOf, publicOrigin, requireAdmin, requireUser, userActor, type Caller } from '../auth/callers';

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
