import * as oidc from 'openid-client';
import { callbackPathOf, type ExternalProviderInfo } from '../../resources/account-api';
import type { ServerConfig } from '../config';
import { ApiError, badRequest } from '../engine/errors';
import type { AuthProviderConfig, OAuth2ProviderConfig, OidcProviderConfig } from './settings';

/** Who the provider says signed in. `emailVerified` is false when the provider did not vouch for the e-mail. */
export interface ExternalProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
}

/** The checks of one started sign-in (kept in auth_states), and what the provider sent back. */
export interface CodeResponse {
  code: string;
  callbackUrl: string;
  state?: string;
  iss?: string;
  codeVerifier?: string;
  nonce?: string;
}

const TIMEOUT_MS = 10_000;

export const providerNotConfigured = (field = '/provider') => badRequest([{ field, message: 'provider not configured' }], 'provider not configured');
const signInFailed = () => new ApiError(401, 'EXTERNAL_SIGN_IN_FAILED', 'external sign-in failed');
const unavailable = () => new ApiError(502, 'PROVIDER_UNAVAILABLE', 'sign-in provider unavailable');

/** A value at a dotted path of a JSON answer (`data.user.email`). */
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The configured external sign-in providers: OpenID Connect through openid-client, plain OAuth 2.0 by hand. */
export class ExternalProviders {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(private readonly config: Pick<ServerConfig, 'authProviders' | 'production'>) {}

  find(id: string): AuthProviderConfig | undefined {
    return this.config.authProviders.find((p) => p.id === id);
  }

  /** What the console may know of each provider. */
  list(): ExternalProviderInfo[] {
    return this.config.authProviders.map((p) => ({ Id: p.id, Name: p.name, Type: p.type, CallbackPath: callbackPathOf(p.id) }));
  }

  /** The provider's OIDC configuration, discovered once (a failed discovery is tried again next time). */
  private discover(p: OidcProviderConfig): Promise<oidc.Configuration> {
    let pending = this.discovered.get(p.id);
    if (!pending) {
      const issuer = new URL(p.issuer);
      const insecure = issuer.protocol === 'http:' && !this.config.production;
      pending = oidc.discovery(issuer, p.clientId, p.clientSecret, undefined, { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: TIMEOUT_MS / 1000 });
      pending.catch(() => this.discovered.delete(p.id));
      this.discovered.set(p.id, pending);
    }
    return pending;
  }

  /** Where to send the browser to sign in at the provider. */
  async authorizationUrl(p: AuthProviderConfig, callbackUrl: string, checks: { state: string; codeVerifier: string; nonce: string }): Promise<URL> {
    const challenge = await oidc.calculatePKCECodeChallenge(checks.codeVerifier);
    const params = { redirect_uri: callbackUrl, state: checks.state, code_challenge: challenge, code_challenge_method: 'S256' };
    if (p.type === 'oidc') {
      const config = await this.discover(p).catch(() => Promise.reject(unavailable()));
      return oidc.buildAuthorizationUrl(config, { ...params, scope: p.scope ?? 'openid email profile', nonce: checks.nonce });
    }
    const url = new URL(p.authorizationUrl);
    const query = { response_type: 'code', client_id: p.clientId, ...params, ...(p.scope ? { scope: p.scope } : {}) };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url;
  }

  /** Exchanges the code the provider sent back for the signed-in account's id and e-mail. */
  exchange(p: AuthProviderConfig, response: CodeResponse): Promise<ExternalProfile> {
    return p.type === 'oidc' ? this.exchangeOidc(p, response) : this.exchangeOAuth2(p, response);
  }

  private async exchangeOidc(p: OidcProviderConfig, r: CodeResponse): Promise<ExternalProfile> {
    const config = await this.discover(p).catch(() => Promise.reject(unavailable()));
    const current = new URL(r.callbackUrl);
    current.searchParams.set('code', r.code);
    if (r.state) current.searchParams.set('state', r.state);
    if (r.iss) current.searchParams.set('iss', r.iss);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: r.codeVerifier,
        expectedState: r.state,
        expectedNonce: r.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw signInFailed();
      let email = asText(claims.email);
      let verified = claims.email_verified === true;
      if (!email) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = asText(info.email);
        verified = info.email_verified === true;
      }
      return { subject: claims.sub, email, emailVerified: verified && email !== '' };
    } catch (e) {
      if (e instanceof ApiError) throw e;
      throw signInFailed();
    }
  }

  private async exchangeOAuth2(p: OAuth2ProviderConfig, r: CodeResponse): Promise<ExternalProfile> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: r.code,
      redirect_uri: r.callbackUrl,
      client_id: p.clientId,
      client_secret: p.clientSecret,
    });
    if (r.codeVerifier) form.set('code_verifier', r.codeVerifier);
    const tokenRes = await fetch(p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => Promise.reject(unavailable()));
    const tokenText = await tokenRes.text();
    if (!tokenRes.ok) throw signInFailed();
    // Most providers answer JSON; some (QQ) answer a query string.
    let accessToken: string;
    try {
      accessToken = asText((JSON.parse(tokenText) as Record<string, unknown>).access_token);
    } catch {
      accessToken = new URLSearchParams(tokenText).get('access_token') ?? '';
    }
    if (!accessToken) throw signInFailed();
    const infoRes = await fetch(p.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch(() => Promise.reject(unavailable()));
    if (!infoRes.ok) throw signInFailed();
    const info: unknown = await infoRes.json().catch(() => undefined);
    const subject = asText(at(info, p.idField ?? 'id')) || (p.idField ? '' : asText(at(info, 'sub')));
    if (!subject) throw signInFailed();
    const email = asText(at(info, p.emailField ?? 'email'));
    // The administrator chose this provider and the field its e-mail comes from; only an explicit "not verified" counts.
    return { subject, email, emailVerified: email !== '' && at(info, 'email_verified') !== false };
  }
}
