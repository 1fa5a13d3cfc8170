import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthCheckAnswer, PasswordSignIn, ProviderSignIn } from '../../resources/account-api';
import type { JsonSchema } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, type Api } from '../engine/api';
import { ApiError, tooManyRequests, unauthorized } from '../engine/errors';
import { findAccountByEmail } from './account-store';
import { mountBaseInfo } from './base-info';
import { ExternalProviders } from './external';
import { mountExternalSignIn, providerSignInBody, signInWithProvider } from './external-routes';
import { FailureLimiter } from './failures';
import { identitySchema, toIdentity } from './identity';
import { decoyHash, verifyPassword } from './passwords';
import { mountProfile } from './profile-routes';
import { endSession, findSession, SESSION_COOKIES, SESSION_MARKER_COOKIE, type SessionKind } from './sessions';
import { actorOf, startSession } from './signin';
import { mountSignUp } from './signup-routes';
import { mountUsers } from './users-routes';
import { ANY_SESSION } from '../engine/access';

const credentials: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

/** Either e-mail and password, or (when `provider` is present) the code an external provider sent back. */
const userSignIn: JsonSchema = { type: 'object', if: { required: ['provider'] }, then: providerSignInBody, else: credentials };

const signedInSchema = { type: 'object', required: ['user'], properties: { user: identitySchema } };
const maybeIdentity = { anyOf: [identitySchema, { type: 'null' }] };

/** Who may use each password sign-in besides the password: administrators and finance administrators by flag. */
const MAY_SIGN_IN: Record<SessionKind, (a: { isAdmin: boolean; isFinanceAdmin: boolean }) => boolean> = {
  user: () => true,
  admin: (a) => a.isAdmin,
  'finance-admin': (a) => a.isFinanceAdmin,
};

/** Sign-in, sign-up, sessions, the current user and the administrators' user management. */
export function mountAuth(api: Api, ctx: Ctx): void {
  const limiter = new FailureLimiter(ctx.db, ctx.config.loginFailureLimit, ctx.config.loginFailureWindowMs);
  const providers = new ExternalProviders(ctx.config);

  async function passwordSignIn(req: FastifyRequest, reply: FastifyReply, kind: SessionKind) {
    const { email, password } = req.body as PasswordSignIn;
    const key = `${req.ip}|${email.toLowerCase()}`;
    // Counted as a failure until the password proves right.
    if (!(await limiter.attempt(key))) throw tooManyRequests();
    const found = await findAccountByEmail(ctx.db, email);
    const ok = await verifyPassword(found?.passwordHash ?? (await decoyHash()), password);
    if (!found || !ok || !MAY_SIGN_IN[kind](found)) throw new ApiError(401, 'INVALID_CREDENTIALS', 'invalid username or password');
    await limiter.clear(key);
    return startSession(ctx, req, reply, found, kind, 'password');
  }

  const loginResponses = {
    200: { description: 'signed in; the session cookie is set', schema: signedInSchema },
    400: { description: 'bad input', schema: errorSchema },
    401: { description: 'invalid username or password', schema: errorSchema, errors: [{ code: 'INVALID_CREDENTIALS', message: 'invalid username or password' }] },
    423: { description: 'account locked', schema: errorSchema, errors: [{ code: 'ACCOUNT_LOCKED', message: 'the account violated the terms of use and cannot log in' }] },
    429: { description: 'too many failed attempts', schema: errorSchema },
  };

  api.route({
    method: 'POST',
    url: '/auth/auth-login',
    summary: 'Sign in with e-mail and password, or with the code an external provider returned (sets the sst cookie)',
    tag: 'auth',
    auth: 'none',
    body: userSignIn,
    responses: {
      ...loginResponses,
      403: { description: 'the provider account is new and sign-up is off', schema: errorSchema },
      502: { description: 'the external provider does not answer', schema: errorSchema },
    },
    handler: (req, reply) =>
      'provider' in (req.body as object) ? signInWithProvider(ctx, providers, req, reply, req.body as ProviderSignIn) : passwordSignIn(req, reply, 'user'),
  });

  api.route({
    method: 'POST',
    url: '/auth/admin-login',
    summary: 'Administrator sign-in (sets the admin_sst cookie)',
    tag: 'auth',
    auth: 'none',
    body: credentials,
    responses: loginResponses,
    handler: (req, reply) => passwordSignIn(req, reply, 'admin'),
  });

  api.route({
    method: 'POST',
    url: '/auth/bc-admin-login',
    summary: 'Finance administrator sign-in (sets the bc_admin_sst cookie)',
    tag: 'auth',
    auth: 'none',
    body: credentials,
    responses: loginResponses,
    handler: (req, reply) => passwordSignIn(req, reply, 'finance-admin'),
  });

  api.route({
    method: 'GET',
    url: '/auth/auth-check',
    summary: 'Who is signed in: the user, administrator and finance administrator sessions',
    tag: 'auth',
    auth: 'session',
    access: ANY_SESSION,
    responses: {
      200: {
        description: 'the signed-in identities',
        schema: { type: 'object', properties: { user: maybeIdentity, admin: maybeIdentity, financeAdmin: maybeIdentity } },
      },
      401: { description: 'no session', schema: errorSchema },
    },
    handler: async (req): Promise<AuthCheckAnswer> => {
      const [user, admin, financeAdmin] = await Promise.all(
        (['user', 'admin', 'finance-admin'] as const).map((kind) => findSession(ctx.db, req.cookies[SESSION_COOKIES[kind]], kind)),
      );
      if (!user && !admin && !financeAdmin) throw unauthorized('login expired');
      const view = (a: typeof user) => (a ? toIdentity(a, ctx.config) : null);
      return { user: view(user), admin: view(admin), financeAdmin: view(financeAdmin) };
    },
  });

  api.route({
    method: 'POST',
    url: '/auth/logout',
    summary: "End this browser's sessions and clear their cookies",
    tag: 'auth',
    auth: 'none',
    responses: { 204: { description: 'signed out' } },
    handler: async (req, reply) => {
      for (const [kind, name] of Object.entries(SESSION_COOKIES) as [SessionKind, string][]) {
        const token = req.cookies[name];
        const who = await findSession(ctx.db, token, kind);
        if (await endSession(ctx.db, token)) {
          await recordOperation(ctx.db, { actor: who ? actorOf(kind, who.email) : 'anonymous', action: 'account.sign-out', target: who?.id ?? '', before: { kind } });
        }
        reply.clearCookie(name, { path: '/' });
      }
      reply.clearCookie(SESSION_MARKER_COOKIE, { path: '/' });
      reply.code(204);
      return null;
    },
  });

  mountSignUp(api, ctx);
  mountProfile(api, ctx);
  mountBaseInfo(api, ctx, providers);
  mountExternalSignIn(api, ctx, providers);
  mountUsers(api, ctx);
}
