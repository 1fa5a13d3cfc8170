import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { errorSchema, type Api } from '../engine/api';
import { ApiError, locked, tooManyRequests, unauthorized } from '../engine/errors';
import { FailureLimiter } from './failures';
import { decoyHash, verifyPassword } from './passwords';
import { createSession, endSession, findSession, SESSION_COOKIES, toAccount, type Account, type SessionKind } from './sessions';

const credentials: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

const userSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    isAdmin: { type: 'boolean' },
    properties: { type: 'object' },
  },
};

const publicUser = (a: Account) => ({ id: a.id, email: a.email, name: a.name, isAdmin: a.isAdmin, properties: { ...a.properties, email: a.email } });

export function mountAuth(api: Api, ctx: Ctx): void {
  const limiter = new FailureLimiter(ctx.config.loginFailureLimit, ctx.config.loginFailureWindowMs);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.production,
    maxAge: ctx.config.sessionHours * 3600,
  };

  async function signIn(req: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
    const { email, password } = req.body as { email: string; password: string };
    const key = `${req.ip}|${email.toLowerCase()}`;
    if (limiter.blocked(key)) throw tooManyRequests();
    const res = await ctx.db.query<Parameters<typeof toAccount>[0] & { password_hash: string }>(
      'SELECT id, email, name, is_admin, status, properties, password_hash FROM accounts WHERE lower(email) = lower($1)',
      [email],
    );
    const row = res.rows[0];
    const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), password);
    const account = row && ok ? toAccount(row) : undefined;
    if (!account || (kind !== 'user' && !account.isAdmin)) {
      limiter.fail(key);
      throw new ApiError(401, 'INVALID_CREDENTIALS', 'invalid username or password');
    }
    if (account.status !== 'active') throw locked();
    limiter.clear(key);
    const old = req.cookies[SESSION_COOKIES[kind]];
    await endSession(ctx.db, old);
    const token = await createSession(ctx.db, account.id, kind, ctx.config.sessionHours);
    reply.setCookie(SESSION_COOKIES[kind], token, cookieOptions);
    return { user: publicUser(account) };
  }

  const loginResponses = {
    200: { description: 'signed in; the session cookie is set', schema: { type: 'object', properties: { user: userSchema } } },
    400: { description: 'bad input', schema: errorSchema },
    401: { description: 'invalid username or password', schema: errorSchema },
    423: { description: 'account locked', schema: errorSchema },
    429: { description: 'too many failed attempts', schema: errorSchema },
  };

  api.route({
    method: 'POST',
    url: '/auth/auth-login',
    summary: 'Sign in with e-mail and password (sets the sst cookie)',
    tag: 'auth',
    auth: 'none',
    body: credentials,
    responses: loginResponses,
    handler: (req, reply) => signIn(req, reply, 'user'),
  });

  api.route({
    method: 'POST',
    url: '/auth/admin-login',
    summary: 'Administrator sign-in (sets the admin_sst cookie)',
    tag: 'auth',
    auth: 'none',
    body: credentials,
    responses: loginResponses,
    handler: (req, reply) => signIn(req, reply, 'admin'),
  });

  api.route({
    method: 'GET',
    url: '/auth/auth-check',
    summary: 'Who is signed in: the user and the administrator sessions',
    tag: 'auth',
    auth: 'session',
    responses: {
      200: { description: 'the signed-in identities', schema: { type: 'object', properties: { user: { anyOf: [userSchema, { type: 'null' }] }, admin: { anyOf: [userSchema, { type: 'null' }] } } } },
      401: { description: 'no session', schema: errorSchema },
    },
    handler: async (req) => {
      const [user, admin] = await Promise.all([
        findSession(ctx.db, req.cookies[SESSION_COOKIES.user], 'user'),
        findSession(ctx.db, req.cookies[SESSION_COOKIES.admin], 'admin'),
      ]);
      if (!user && !admin) throw unauthorized('login expired');
      return { user: user ? publicUser(user) : null, admin: admin ? publicUser(admin) : null };
    },
  });

  api.route({
    method: 'POST',
    url: '/auth/logout',
    summary: 'End this browser\'s sessions and clear their cookies',
    tag: 'auth',
    auth: 'none',
    responses: { 204: { description: 'signed out' } },
    handler: async (req, reply) => {
      for (const name of Object.values(SESSION_COOKIES)) {
        await endSession(ctx.db, req.cookies[name]);
        reply.clearCookie(name, { path: '/' });
      }
      reply.code(204);
      return null;
    },
  });
}
