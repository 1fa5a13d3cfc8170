import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { BLUE_CLOUD, callbackPathOf, type BlueCloudLink, type BlueCloudLinkRequest, type ProviderSignIn } from '../../resources/account-api';
import type { JsonSchema } from '../../resources/types';
import { recordOperation } from '../audit';
import type { Ctx } from '../context';
import { errorSchema, idParam, paramsSchema, type Api } from '../engine/api';
import { badRequest, forbidden, unauthorized } from '../engine/errors';
import { findApp } from '../platform/apps';
import { insertAccount } from './account-store';
import { publicOrigin, requestOrigin } from './base-info';
import { providerNotConfigured, type ExternalProfile, type ExternalProviders } from './external';
import { sessionAccount } from './principal';
import { ACCOUNT_COLUMNS, hashToken, toAccount, type Account, type AccountRow } from './sessions';
import { startSession } from './signin';
import { ORG_MANAGERS } from '../engine/access';

/** A started sign-in is bound to the browser that started it by this cookie (it holds the state). */
const STATE_COOKIE = 'auth_state';
const STATE_MINUTES = 10;

const callbackUrl = { type: 'string', minLength: 1, maxLength: 2000 };
const opaque = { type: 'string', minLength: 1, maxLength: 4000 };

export const providerSignInBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['provider', 'code', 'state', 'callbackUrl'],
  properties: { provider: idParam, code: opaque, state: { type: 'string', minLength: 1, maxLength: 200 }, callbackUrl, iss: { type: 'string', maxLength: 2000 } },
};

const linkBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'callbackUrl'],
  properties: { code: opaque, callbackUrl, state: { type: 'string', minLength: 1, maxLength: 200 } },
};

const badState = () => badRequest([{ field: '/state', message: 'sign-in expired, start again' }], 'sign-in expired, start again');

/** The callback must be the provider's page on the console's own origin (no code is ever sent elsewhere). */
function checkCallbackUrl(ctx: Ctx, req: FastifyRequest, providerId: string, value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest([{ field, message: 'not a callback address of this console' }]);
  }
  const origins = new Set([requestOrigin(req), publicOrigin(ctx, req)]);
  if (!origins.has(url.origin) || url.pathname !== callbackPathOf(providerId) || url.search || url.hash) {
    throw badRequest([{ field, message: 'not a callback address of this console' }]);
  }
  return url.toString();
}

/** Takes a started sign-in's checks out of storage: once, within its time, for the provider and callback it began with. */
async function takeState(ctx: Ctx, providerId: string, state: string, callback: string) {
  const res = await ctx.db.query<{ code_verifier: string; nonce: string; callback_url: string }>(
    'DELETE FROM auth_states WHERE state_hash = $1 AND provider = $2 AND expires_at > now() RETURNING code_verifier, nonce, callback_url',
    [hashToken(state), providerId],
  );
  const row = res.rows[0];
  if (!row || row.callback_url !== callback) throw badState();
  return { codeVerifier: row.code_verifier, nonce: row.nonce };
}

/** The account of a provider's user: already linked, else the account with that verified e-mail, else a new one. */
async function accountFor(ctx: Ctx, providerId: string, profile: ExternalProfile): Promise<Account> {
  const linked = await ctx.db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account_identities i JOIN accounts a ON a.id = i.account_id WHERE i.provider = $1 AND i.subject = $2`,
    [providerId, profile.subject],
  );
  if (linked.rows[0]) return toAccount(linked.rows[0]);
  if (!profile.emailVerified) throw badRequest([{ field: '/code', message: 'the provider did not confirm an e-mail address' }], 'the provider did not confirm an e-mail address');
  return ctx.db.transaction(async (tx) => {
    const byEmail = await tx.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE lower(a.email) = lower($1)`, [profile.email]);
    let account = byEmail.rows[0] ? toAccount(byEmail.rows[0]) : undefined;
    if (!account) {
      if (!ctx.config.signUp) throw forbidden('sign-up is disabled');
      const name = profile.email.split('@')[0].slice(0, 50);
      account = await insertAccount(tx, { email: profile.email, name, passwordHash: null });
      await recordOperation(tx, { actor: `user:${account.email}`, action: 'account.sign-up', target: account.id, after: { email: account.email, provider: providerId } });
    }
    await tx.query('INSERT INTO account_identities (provider, subject, account_id, email) VALUES ($1, $2, $3, $4)', [providerId, profile.subject, account.id, profile.email]);
    await recordOperation(tx, { actor: `user:${account.email}`, action: 'account.identity.link', target: account.id, after: { provider: providerId, subject: profile.subject } });
    return account;
  });
}

/** POST /auth/auth-login with `{ provider, code, state, callbackUrl }`: finishes an external sign-in. */
export async function signInWithProvider(ctx: Ctx, providers: ExternalProviders, req: FastifyRequest, reply: FastifyReply, body: ProviderSignIn) {
  const provider = providers.find(body.provider);
  if (!provider) throw providerNotConfigured();
  const callback = checkCallbackUrl(ctx, req, provider.id, body.callbackUrl, '/callbackUrl');
  if (req.cookies[STATE_COOKIE] !== body.state) throw badState();
  const checks = await takeState(ctx, provider.id, body.state, callback);
  reply.clearCookie(STATE_COOKIE, { path: '/' });
  const profile = await providers.exchange(provider, { code: body.code, callbackUrl: callback, state: body.state, iss: body.iss, ...checks });
  const account = await accountFor(ctx, provider.id, profile);
  return startSession(ctx, req, reply, account, 'user', provider.id);
}

/** External sign-in: starting it at a provider, and linking an organisation to a blue-cloud account. */
export function mountExternalSignIn(api: Api, ctx: Ctx, providers: ExternalProviders): void {
  api.route({
    method: 'GET',
    url: '/auth/providers/:id/start',
    summary: "Start signing in at an external provider: redirects there; it returns to the console's callback page",
    tag: 'auth',
    auth: 'none',
    params: paramsSchema('id'),
    querystring: { type: 'object', additionalProperties: false, required: ['callbackUrl'], properties: { callbackUrl } },
    responses: {
      302: { description: "to the provider's sign-in page" },
      400: { description: 'unknown provider, or a callback address that is not this console', schema: errorSchema },
      502: { description: 'the provider does not answer', schema: errorSchema },
    },
    handler: async (req, reply) => {
      const provider = providers.find((req.params as { id: string }).id);
      if (!provider) throw providerNotConfigured('params.id');
      const callback = checkCallbackUrl(ctx, req, provider.id, (req.query as { callbackUrl: string }).callbackUrl, 'query.callbackUrl');
      const checks = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
      const target = await providers.authorizationUrl(provider, callback, checks);
      await ctx.db.query('DELETE FROM auth_states WHERE expires_at < now()');
      await ctx.db.query(
        `INSERT INTO auth_states (state_hash, provider, code_verifier, nonce, callback_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [hashToken(checks.state), provider.id, checks.codeVerifier, checks.nonce, callback, STATE_MINUTES],
      );
      reply.setCookie(STATE_COOKIE, checks.state, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.production, maxAge: STATE_MINUTES * 60 });
      return reply.redirect(target.toString(), 302);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/app/:appId/auth-blue-cloud',
    summary: "Link the app's organisation to a blue-cloud account (owners and admins of the organisation)",
    tag: 'auth',
    auth: 'session',
    access: ORG_MANAGERS,
    params: paramsSchema('appId'),
    body: linkBody,
    responses: {
      200: { description: 'linked', schema: { type: 'object', properties: Object.fromEntries(['OrganizationId', 'Provider', 'AccountId', 'Email', 'LinkedAt'].map((k) => [k, { type: 'string' }])) } },
      400: { description: 'bad input, blue-cloud not configured, or an expired start', schema: errorSchema },
      401: { description: 'not signed in, or the provider refused the code', schema: errorSchema },
      403: { description: "not an owner or admin of the app's organisation", schema: errorSchema },
    },
    handler: async (req, reply): Promise<BlueCloudLink> => {
      const user = await sessionAccount(ctx.db, req, 'user');
      if (!user) throw unauthorized('login expired');
      const app = await findApp(ctx.db, (req.params as { appId: string }).appId, user.id);
      if (!app || (app.Role !== 'owner' && app.Role !== 'admin')) throw forbidden();
      const provider = providers.find(BLUE_CLOUD);
      if (!provider) throw providerNotConfigured('/code');
      const body = req.body as BlueCloudLinkRequest;
      const callback = checkCallbackUrl(ctx, req, provider.id, body.callbackUrl, '/callbackUrl');
      let checks = {};
      if (body.state) {
        if (req.cookies[STATE_COOKIE] !== body.state) throw badState();
        checks = { state: body.state, ...(await takeState(ctx, provider.id, body.state, callback)) };
        reply.clearCookie(STATE_COOKIE, { path: '/' });
      }
      const profile = await providers.exchange(provider, { code: body.code, callbackUrl: callback, ...checks });
      const before = await ctx.db.query<{ subject: string; email: string }>('SELECT subject, email FROM org_external_accounts WHERE org_id = $1 AND provider = $2', [
        app.OrganizationId,
        provider.id,
      ]);
      const res = await ctx.db.query<{ linked_at: Date }>(
        `INSERT INTO org_external_accounts (org_id, provider, subject, email, linked_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (org_id, provider) DO UPDATE SET subject = EXCLUDED.subject, email = EXCLUDED.email, linked_by = EXCLUDED.linked_by, linked_at = now()
         RETURNING linked_at`,
        [app.OrganizationId, provider.id, profile.subject, profile.email, user.id],
      );
      await recordOperation(ctx.db, {
        actor: `user:${user.email}`,
        appId: app.AppId,
        action: 'org.blue-cloud.link',
        target: app.OrganizationId,
        before: before.rows[0] ?? null,
        after: { subject: profile.subject, email: profile.email },
      });
      return { OrganizationId: app.OrganizationId, Provider: provider.id, AccountId: profile.subject, Email: profile.email, LinkedAt: new Date(res.rows[0].linked_at).toISOString() };
    },
  });
}
