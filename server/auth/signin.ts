import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInAnswer } from '../../resources/account-api';
import { recordOperation } from '../audit';
import { claimInvitations } from '../platform/org/members';
import type { Ctx } from '../context';
import { locked } from '../engine/errors';
import { toIdentity } from './identity';
import { createSession, endSession, SESSION_COOKIES, SESSION_MARKER_COOKIE, type Account, type SessionKind } from './sessions';

/** Who did something, as the operation history names them. */
export const actorOf = (kind: SessionKind, email: string) => `${kind === 'user' ? 'user' : kind}:${email}`;

export function sessionCookieOptions(config: Ctx['config']) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.production, maxAge: config.sessionHours * 3600 };
}

/**
 * Signs an account in: refuses a suspended one (423), ends the browser's previous session of that kind (the token
 * is new on every sign-in), sets the cookie, notes the time, and writes the sign-in to the operation history.
 */
export async function startSession(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, account: Account, kind: SessionKind, method: string): Promise<SignInAnswer> {
  if (account.status !== 'active') throw locked();
  const cookie = SESSION_COOKIES[kind];
  await endSession(ctx.db, req.cookies[cookie]);
  const token = await createSession(ctx.db, account.id, kind, ctx.config.sessionHours);
  await ctx.db.query('UPDATE accounts SET last_login_at = now() WHERE id = $1', [account.id]);
  await recordOperation(ctx.db, { actor: actorOf(kind, account.email), action: 'account.sign-in', target: account.id, after: { kind, method } });
  reply.setCookie(cookie, token, sessionCookieOptions(ctx.config));
  if (kind === 'user') reply.setCookie(SESSION_MARKER_COOKIE, account.id, { ...sessionCookieOptions(ctx.config), httpOnly: false });
  // Invitations sent to this (verified) e-mail before the account existed become memberships now.
  if (kind === 'user') await claimInvitations(ctx.db, account.id, account.email);
  return { user: toIdentity(account, ctx.config) };
}
