import { randomUUID } from 'node:crypto';
import {
  canChangeRole,
  canRemove,
  INVITATION_DAYS,
  type InvitationItem,
  type InvitationRole,
  type MemberItem,
  type OrgRole,
} from '../../../resources/org-api';
import type { Db, Queryable } from '../../db';
import { ApiError, conflict, forbidden, notFound } from '../../engine/errors';
import { iso } from './sql';

interface MemberRow {
  account_id: string;
  email: string;
  name: string;
  role: OrgRole;
  joined_at: Date | string;
}

const toMember = (r: MemberRow): MemberItem => ({ AccountId: r.account_id, Email: r.email, Name: r.name, Role: r.role, JoinedAt: iso(r.joined_at) });

interface InvitationRow {
  id: string;
  email: string;
  role: InvitationRole;
  created_at: Date | string;
  expires_at: Date | string;
}

const toInvitation = (r: InvitationRow): InvitationItem => ({ Id: r.id, Email: r.email, Role: r.role, CreatedAt: iso(r.created_at), ExpiresAt: iso(r.expires_at) });

const MEMBER_SELECT = `SELECT m.account_id, a.email, a.name, m.role, m.joined_at FROM org_members m JOIN accounts a ON a.id = m.account_id`;
const ROLE_ORDER = `CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

/** The organisation's members, owners first, then by when they joined. */
export async function listMembers(db: Queryable, orgId: string): Promise<MemberItem[]> {
  const res = await db.query<MemberRow>(`${MEMBER_SELECT} WHERE m.org_id = $1 ORDER BY ${ROLE_ORDER}, m.joined_at ASC, a.email ASC`, [orgId]);
  return res.rows.map(toMember);
}

export async function findMember(db: Queryable, orgId: string, accountId: string): Promise<MemberItem | undefined> {
  const res = await db.query<MemberRow>(`${MEMBER_SELECT} WHERE m.org_id = $1 AND m.account_id = $2`, [orgId, accountId]);
  return res.rows[0] ? toMember(res.rows[0]) : undefined;
}

/** Invitations not yet claimed and not expired, newest first. */
export async function listInvitations(db: Queryable, orgId: string): Promise<InvitationItem[]> {
  const res = await db.query<InvitationRow>(
    'SELECT id, email, role, created_at, expires_at FROM org_invitations WHERE org_id = $1 AND expires_at > now() ORDER BY created_at DESC, id ASC',
    [orgId],
  );
  return res.rows.map(toInvitation);
}

export async function findInvitation(db: Queryable, orgId: string, invitationId: string): Promise<InvitationItem | undefined> {
  const res = await db.query<InvitationRow>('SELECT id, email, role, created_at, expires_at FROM org_invitations WHERE org_id = $1 AND id = $2', [
    orgId,
    invitationId,
  ]);
  return res.rows[0] ? toInvitation(res.rows[0]) : undefined;
}

export async function accountByEmail(db: Queryable, email: string): Promise<{ id: string; email: string } | undefined> {
  const res = await db.query<{ id: string; email: string }>('SELECT id, email FROM accounts WHERE lower(email) = lower($1)', [email]);
  return res.rows[0];
}

export async function addMember(db: Queryable, orgId: string, accountId: string, role: OrgRole): Promise<void> {
  await db.query('INSERT INTO org_members (org_id, account_id, role) VALUES ($1, $2, $3)', [orgId, accountId, role]);
}

/** Drops the organisation's invitation for an address (it joined by another way). */
export async function dropInvitation(db: Queryable, orgId: string, email: string): Promise<void> {
  await db.query('DELETE FROM org_invitations WHERE org_id = $1 AND lower(email) = lower($2)', [orgId, email]);
}

/** Stores an invitation for an address, or renews the one it already has (new role, new expiry). */
export async function upsertInvitation(db: Queryable, orgId: string, email: string, role: InvitationRole, invitedBy: string): Promise<InvitationItem> {
  const res = await db.query<InvitationRow>(
    `INSERT INTO org_invitations (id, org_id, email, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6 * 24))
     ON CONFLICT (org_id, (lower(email))) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by,
       created_at = now(), expires_at = EXCLUDED.expires_at
     RETURNING id, email, role, created_at, expires_at`,
    // Whole hours, so a daylight-saving change in the database's time zone does not shorten it.
    [randomUUID(), orgId, email, role, invitedBy, INVITATION_DAYS],
  );
  return toInvitation(res.rows[0]);
}

export async function deleteInvitation(db: Queryable, orgId: string, invitationId: string): Promise<void> {
  await db.query('DELETE FROM org_invitations WHERE org_id = $1 AND id = $2', [orgId, invitationId]);
}

/**
 * Turns the live invitations for `email` into memberships of `accountId` (an organisation it already belongs to
 * keeps the role it has), and drops every invitation for that address. Call it after sign-up and sign-in.
 * Returns the organisations joined.
 */
export async function claimInvitations(db: Queryable, accountId: string, email: string): Promise<{ orgId: string; role: InvitationRole }[]> {
  const claimed = await db.query<{ org_id: string; role: InvitationRole; live: boolean }>(
    'DELETE FROM org_invitations WHERE lower(email) = lower($1) RETURNING org_id, role, expires_at > now() AS live',
    [email],
  );
  const joined: { orgId: string; role: InvitationRole }[] = [];
  for (const row of claimed.rows) {
    if (!row.live) continue;
    const added = await db.query(
      'INSERT INTO org_members (org_id, account_id, role) VALUES ($1, $2, $3) ON CONFLICT (org_id, account_id) DO NOTHING',
      [row.org_id, accountId, row.role],
    );
    if (added.rowCount > 0) joined.push({ orgId: row.org_id, role: row.role });
  }
  return joined;
}

const needsOwner = () => conflict('INVALID_TRANSITION', 'an organization needs an owner');

/** Locks the organisation's member list for the rest of the transaction (the last-owner rule reads it). */
async function lockMembers(tx: Queryable, orgId: string): Promise<void> {
  await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
}

async function ownerCount(tx: Queryable, orgId: string): Promise<number> {
  const res = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM org_members WHERE org_id = $1 AND role = 'owner'", [orgId]);
  return Number(res.rows[0].n);
}

/** Whom the change concerns and what it was: for the operation history. */
export interface MemberChange {
  before: MemberItem;
  after?: MemberItem;
}

/** Reads the caller's and the target's roles inside the lock, so a concurrent change cannot slip between. */
async function rolesOf(tx: Queryable, orgId: string, callerId: string, targetId: string): Promise<{ caller?: OrgRole; target: MemberItem }> {
  const caller = await findMember(tx, orgId, callerId);
  if (!caller) throw forbidden();
  const target = await findMember(tx, orgId, targetId);
  if (!target) throw notFound();
  return { caller: caller.Role, target };
}

/**
 * Gives a member another role. Only owners grant or take away ownership; admins switch members and admins.
 * The last owner cannot step down (409 'an organization needs an owner').
 */
export async function changeRole(db: Db, orgId: string, callerId: string, targetId: string, role: OrgRole): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    await lockMembers(tx, orgId);
    const { caller, target } = await rolesOf(tx, orgId, callerId, targetId);
    if (!canChangeRole(caller, target.Role, role)) throw ownerRuleError(caller, target.Role, role);
    if (target.Role === role) return { before: target, after: target };
    if (target.Role === 'owner' && (await ownerCount(tx, orgId)) <= 1) throw needsOwner();
    await tx.query('UPDATE org_members SET role = $3 WHERE org_id = $1 AND account_id = $2', [orgId, targetId, role]);
    return { before: target, after: { ...target, Role: role } };
  });
}

/** Removes a member (or lets one leave). Admins cannot remove owners; the last owner cannot go. */
export async function removeMember(db: Db, orgId: string, callerId: string, targetId: string): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    await lockMembers(tx, orgId);
    const { caller, target } = await rolesOf(tx, orgId, callerId, targetId);
    if (!canRemove(caller, target.Role, callerId === targetId)) throw ownerRuleError(caller, target.Role, 'member');
    if (target.Role === 'owner' && (await ownerCount(tx, orgId)) <= 1) throw needsOwner();
    await tx.query('DELETE FROM org_members WHERE org_id = $1 AND account_id = $2', [orgId, targetId]);
    return { before: target };
  });
}

/** Why a member-management call is refused: owners' affairs are for owners; members manage no one. */
function ownerRuleError(caller: OrgRole | undefined, from: OrgRole, to: OrgRole): ApiError {
  if (caller === 'admin' && (from === 'owner' || to === 'owner')) return forbidden('only owners can manage owners');
  return forbidden();
}
