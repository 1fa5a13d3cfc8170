import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { Harness } from './harness';

/** `name=value; …` of every cookie an answer set, for the next request. */
export const cookiesOf = (...answers: LightMyRequestResponse[]) =>
  answers
    .flatMap((r) => r.cookies)
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');

/** The newest code e-mailed to an address. */
export function codeSentTo(h: Harness, email: string): string {
  const mail = [...h.ctx.mail.outbox].reverse().find((m) => m.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${email}`);
  return code;
}

export const fieldsOf = (res: LightMyRequestResponse) => (res.json().details ?? []).map((d: { field: string }) => d.field);

/** Creates an account through the public sign-up calls and answers its session cookie. */
export async function signUp(h: Harness, email: string, password = 'a-good-password', name = 'New User'): Promise<{ cookie: string; id: string }> {
  const sent = await h.req({ method: 'POST', url: '/auth/send-code', payload: { email, purpose: 'sign-up' } });
  if (sent.statusCode !== 204) throw new Error(`send-code: ${sent.statusCode} ${sent.body}`);
  const policyVersion = (await h.req({ method: 'GET', url: '/auth/base-info' })).json().PolicyInfo.Version;
  const res = await h.req({ method: 'POST', url: '/auth/sign-up', payload: { email, password, name, code: codeSentTo(h, email), policyVersion } });
  if (res.statusCode !== 200) throw new Error(`sign-up: ${res.statusCode} ${res.body}`);
  return { cookie: cookiesOf(res), id: res.json().user.id };
}

/** Who signs in at the test provider next. */
export interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce?: string;
  openid: boolean;
  user: ProviderUser;
}

export interface TestProvider {
  url: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorisation signs in. */
  user: ProviderUser;
  /** Token requests the provider refused, with the reason. */
  refusals: string[];
  close(): Promise<void>;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/**
 * A small OpenID Connect / OAuth 2.0 provider on a random local port: discovery, JWKS, an authorisation endpoint
 * that signs in `user` at once, a token endpoint that checks the client secret, redirect URI and PKCE verifier
 * and issues an RS256 ID token, a user-info endpoint, and a second user-info shape (`/oauth2/me`) with the id and
 * e-mail at other fields, as some OAuth 2.0 providers answer.
 */
export async function startTestProvider(): Promise<TestProvider> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, ProviderUser>();
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });
  const state: TestProvider = {
    url: '',
    clientId: 'lodestar-test',
    clientSecret: randomBytes(12).toString('hex'),
    user: { sub: 'user-1', email: 'someone@example.com', email_verified: true },
    refusals: [],
    close: () => app.close(),
  };

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: state.url,
    authorization_endpoint: `${state.url}/authorize`,
    token_endpoint: `${state.url}/token`,
    userinfo_endpoint: `${state.url}/userinfo`,
    jwks_uri: `${state.url}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['openid', 'email', 'profile'],
  }));
  app.get('/jwks', async () => ({ keys: [jwk] }));

  app.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== state.clientId || q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !q.code_challenge) {
      return reply.code(400).send({ error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('hex');
    grants.set(code, {
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      challenge: q.code_challenge,
      nonce: q.nonce,
      openid: (q.scope ?? '').split(' ').includes('openid'),
      user: { ...state.user },
    });
    const back = new URL(q.redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.state);
    return reply.redirect(back.toString(), 302);
  });

  function clientOf(req: FastifyRequest, body: Record<string, string>) {
    const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      return { id, secret };
    }
    return { id: body.client_id, secret: body.client_secret };
  }

  app.post('/token', async (req, reply) => {
    const body = req.body as Record<string, string>;
    const refuse = (why: string) => {
      state.refusals.push(why);
      return reply.code(400).send({ error: 'invalid_grant', error_description: why });
    };
    const client = clientOf(req, body);
    if (client.id !== state.clientId || client.secret !== state.clientSecret) return refuse('client');
    const grant = grants.get(body.code);
    grants.delete(body.code);
    if (!grant || body.grant_type !== 'authorization_code') return refuse('code');
    if (grant.redirectUri !== body.redirect_uri) return refuse('redirect_uri');
    if (createHash('sha256').update(body.code_verifier ?? '').digest('base64url') !== grant.challenge) return refuse('pkce');
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, grant.user);
    const answer: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: 300 };
    if (grant.openid) {
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: state.url, aud: state.clientId, iat: now, exp: now + 300, nonce: grant.nonce, ...grant.user };
      const input = `${b64url(JSON.stringify({ alg: 'RS256', kid: 'test-key', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
      answer.id_token = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
    }
    return answer;
  });

  const bearer = (req: FastifyRequest) => tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
  app.get('/userinfo', async (req, reply) => bearer(req) ?? reply.code(401).send({ error: 'invalid_token' }));
  app.get('/oauth2/me', async (req, reply) => {
    const user = bearer(req);
    if (!user) return reply.code(401).send({ error: 'invalid_token' });
    return { openid: user.sub, nickname: 'Player', profile: { mail: user.email } };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  state.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return state;
}
