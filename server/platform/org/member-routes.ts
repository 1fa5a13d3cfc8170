import type { FastifyRequest } from 'fastify';
import { canInvite, INVITATION_ROLES, ORG_ROLES, type InviteAnswer, type InviteBody, type OrgRole } from '../../../resources/org-api';
import { publicOrigin } from '../../auth/callers';
import type { Ctx } from '../../context';
import type { Account } from '../../auth/sessions';
import { paramsSchema, type Api } from '../../engine/api';
import { conflict, forbidden, notFound } from '../../engine/errors';
import { recordOperation } from '../../audit';
import type { Mail } from '../../mail';
import { orgManager, orgMember, orgReader, roleIn, userActor } from './access';
import { invitationMail } from './invitation-mail';
import {
  accountByEmail,
  addMember,
  changeRole,
  deleteInvitation,
  dropInvitation,
  findInvitation,
  findMember,
  listInvitations,
  listMembers,
  removeMember,
  upsertInvitation,
} from './members';
import { findOrganization } from './organizations';
import { err, inviteAnswerSchema, memberListSchema, memberSchema, orgErrors } from './schemas';
import { isUniqueViolation } from './sql';
import { ORG_MANAGERS, ORG_MEMBERS } from '../../engine/access';

const alreadyMember = () => conflict('DUPLICATE', 'already a member', [{ field: '/Email', message: 'already a member' }]);

/** A mail that fails to go out does not undo the membership or invitation: it is logged, and can be sent again. */
async function sendQuietly(ctx: Ctx, req: FastifyRequest, mail: Mail): Promise<void> {
  try {
    await ctx.mail.send(mail);
  } catch (e) {
    req.log.warn({ err: e, to: mail.to }, 'invitation mail not sent');
  }
}

const orgParams = paramsSchema('id');
type OrgParams = { id: string };

/** Adds an existing account at once, or stores an invitation for the address; mails either way. */
async function invite(ctx: Ctx, req: FastifyRequest, orgId: string, inviter: Account, body: InviteBody): Promise<InviteAnswer> {
  const email = body.Email.trim().toLowerCase();
  const org = (await findOrganization(ctx.db, orgId, inviter.id))!;
  const mail = { to: email, orgName: org.Name, role: body.Role, inviter: inviter.name || inviter.email, consoleUrl: publicOrigin(ctx, req) };
  const existing = await accountByEmail(ctx.db, email);
  if (existing) {
    if (await roleIn(ctx.db, orgId, existing.id)) throw alreadyMember();
    try {
      await addMember(ctx.db, orgId, existing.id, body.Role);
    } catch (e) {
      throw isUniqueViolation(e) ? alreadyMember() : e;
    }
    await dropInvitation(ctx.db, orgId, email);
    const member = (await findMember(ctx.db, orgId, existing.id))!;
    await recordOperation(ctx.db, { actor: userActor(inviter), action: 'org.member.add', target: `${orgId}/${existing.id}`, after: member });
    await sendQuietly(ctx, req, invitationMail({ ...mail, to: existing.email }));
    return { Result: 'Added', Member: member };
  }
  const invitation = await upsertInvitation(ctx.db, orgId, email, body.Role, inviter.id);
  await recordOperation(ctx.db, { actor: userActor(inviter), action: 'org.member.invite', target: `${orgId}/${invitation.Id}`, after: invitation });
  await sendQuietly(ctx, req, invitationMail({ ...mail, expiresAt: invitation.ExpiresAt }));
  return { Result: 'Invited', Invitation: invitation };
}

export function mountMemberRoutes(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/organizations/:id/members',
    summary: "An organisation's members and its pending invitations (members and administrators)",
    tag: 'organizations',
    auth: 'session',
    access: [...ORG_MEMBERS, 'admin'],
    params: orgParams,
    responses: { 200: { description: 'members and invitations', schema: memberListSchema }, ...orgErrors, 404: err('no such organisation (administrators)') },
    handler: async (req) => {
      const { id } = req.params as OrgParams;
      await orgReader(ctx, req, id);
      const [Items, Invitations] = [await listMembers(ctx.db, id), await listInvitations(ctx.db, id)];
      return { Items, Invitations };
    },
  });

  api.route({
    method: 'POST',
    url: '/api/organizations/:id/invitations',
    summary: 'Invites someone by e-mail: an existing account joins at once, any other address gets an invitation valid 14 days',
    tag: 'organizations',
    auth: 'session',
    access: ORG_MANAGERS,
    params: orgParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['Email', 'Role'],
      properties: { Email: { type: 'string', format: 'email', maxLength: 254 }, Role: { type: 'string', enum: [...INVITATION_ROLES] } },
    },
    responses: {
      201: { description: 'added or invited', schema: inviteAnswerSchema },
      400: err('bad input'),
      ...orgErrors,
      409: err("that account is a member already: 'already a member'"),
    },
    handler: async (req, reply) => {
      const { id } = req.params as OrgParams;
      const { account, role } = await orgManager(ctx, req, id);
      const body = req.body as InviteBody;
      if (!canInvite(role, body.Role)) throw forbidden('only owners can invite administrators');
      const answer = await invite(ctx, req, id, account, body);
      reply.code(201);
      return answer;
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/organizations/:id/invitations/:invitationId',
    summary: 'Revokes a pending invitation (owners and admins)',
    tag: 'organizations',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('id', 'invitationId'),
    responses: { 204: { description: 'revoked' }, ...orgErrors, 404: err('no such invitation in this organisation') },
    handler: async (req, reply) => {
      const { id, invitationId } = req.params as { id: string; invitationId: string };
      const { account } = await orgManager(ctx, req, id);
      const before = await findInvitation(ctx.db, id, invitationId);
      if (!before) throw notFound();
      await deleteInvitation(ctx.db, id, invitationId);
      await recordOperation(ctx.db, { actor: userActor(account), action: 'org.invitation.revoke', target: `${id}/${invitationId}`, before });
      reply.code(204);
    },
  });

  api.route({
    method: 'PUT',
    url: '/api/organizations/:id/members/:accountId',
    summary: "Changes a member's role: owners grant and take away ownership, admins switch members and admins",
    tag: 'organizations',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('id', 'accountId'),
    body: { type: 'object', additionalProperties: false, required: ['Role'], properties: { Role: { type: 'string', enum: [...ORG_ROLES] } } },
    responses: {
      200: { description: 'the member', schema: memberSchema },
      400: err('bad input'),
      ...orgErrors,
      404: err('not a member of this organisation'),
      409: err("the last owner cannot step down: 'an organization needs an owner'"),
    },
    handler: async (req) => {
      const { id, accountId } = req.params as { id: string; accountId: string };
      const { account } = await orgMember(ctx, req, id);
      const { Role } = req.body as { Role: OrgRole };
      const change = await changeRole(ctx.db, id, account.id, accountId, Role);
      if (change.before.Role !== Role) {
        await recordOperation(ctx.db, { actor: userActor(account), action: 'org.member.role', target: `${id}/${accountId}`, before: change.before, after: change.after });
      }
      return change.after;
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/organizations/:id/members/:accountId',
    summary: 'Removes a member (owners and admins; admins cannot remove owners) or leaves the organisation (anyone)',
    tag: 'organizations',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('id', 'accountId'),
    responses: {
      204: { description: 'removed' },
      ...orgErrors,
      404: err('not a member of this organisation'),
      409: err("the last owner cannot go: 'an organization needs an owner'"),
    },
    handler: async (req, reply) => {
      const { id, accountId } = req.params as { id: string; accountId: string };
      const { account } = await orgMember(ctx, req, id);
      const change = await removeMember(ctx.db, id, account.id, accountId);
      const action = accountId === account.id ? 'org.member.leave' : 'org.member.remove';
      await recordOperation(ctx.db, { actor: userActor(account), action, target: `${id}/${accountId}`, before: change.before });
      reply.code(204);
    },
  });
}
