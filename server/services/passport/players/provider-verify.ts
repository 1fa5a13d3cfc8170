import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import type { Ctx } from '../../../context';
import { ApiError } from '../../../engine/errors';
import { providerCredentials } from '../identity/id-providers';

/** A login provider's credentials, as the app configured them. */
export interface ProviderCredentials {
  appKey: string;
  appSecret: string;
}

/** What the client sent to prove who the player is at the provider. */
export interface ProviderProof {
  method: 'OAuth' | 'AccessToken';
  /** OAuth: the authorization code. */
  code?: string;
  /** AccessToken: the provider's access token (Apple: the identity token). */
  token?: string;
  /** The provider's user id the token was issued for, where the provider needs it to check the token (WeChat). */
  openId?: string;
  /** OAuth: the redirect URI the code was issued for (QQ web, Weibo). */
  redirectUri?: string;
}

/** The provider's user, as it vouched for them. */
export interface ProviderIdentity {
  externalId: string;
}

export const providerRefused = () => new ApiError(401, 'PROVIDER_REFUSED', 'the login provider refused the credential');
export const providerUnreachable = () => new ApiError(502, 'PROVIDER_UNREACHABLE', 'the login provider could not be reached');
export const providerUnsupported = () => new ApiError(400, 'PROVIDER_UNSUPPORTED', 'this login provider does not support this method', [{ field: '/method', message: 'not supported by the provider' }]);
const missing = (field: string) => new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', [{ field: `/${field}`, message: 'required for this provider' }]);

/** The app's credentials at a login provider: 409 until the app configures and enables it. */
export async function configuredProvider(ctx: Ctx, appId: string, provider: string): Promise<ProviderCredentials> {
  const creds = await providerCredentials(ctx, appId, provider);
  if (!creds) throw new ApiError(409, 'PROVIDER_NOT_CONFIGURED', 'the login provider is not configured');
  return creds;
}

/** A provider's JSON answer; a network failure or a non-JSON answer means it could not be reached. */
async function call(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(8000) });
  } catch {
    throw providerUnreachable();
  }
  const text = await res.text();
  try {
    // QQ's older endpoints wrap JSON in `callback( … );`.
    return JSON.parse(text.replace(/^\s*callback\(\s*|\s*\);?\s*$/g, '')) as Record<string, unknown>;
  } catch {
    if (res.status >= 500) throw providerUnreachable();
    throw providerRefused();
  }
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const idOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && String(v) !== '' ? String(v) : undefined;

/** WeChat (app and web sign-in): an OAuth code is exchanged for the user's openid; an access token is checked against its openid. */
async function wechat(creds: ProviderCredentials, proof: ProviderProof): Promise<ProviderIdentity> {
  if (proof.method === 'OAuth') {
    const answer = await call(
      `https://api.weixin.qq.com/sns/oauth2/access_token?${query({ appid: creds.appKey, secret: creds.appSecret, code: proof.code ?? '', grant_type: 'authorization_code' })}`,
    );
    const id = idOf(answer.unionid) ?? idOf(answer.openid);
    if (!id || answer.errcode) throw providerRefused();
    return { externalId: id };
  }
  if (!proof.openId) throw missing('openId');
  const answer = await call(`https://api.weixin.qq.com/sns/auth?${query({ access_token: proof.token ?? '', openid: proof.openId })}`);
  if (Number(answer.errcode) !== 0) throw providerRefused();
  return { externalId: proof.openId };
}

/** QQ (app and web): the token's owner from /me, which must have been issued to this app. */
async function qqMe(creds: ProviderCredentials, accessToken: string): Promise<ProviderIdentity> {
  const answer = await call(`https://graph.qq.com/oauth2.0/me?${query({ access_token: accessToken, fmt: 'json' })}`);
  const id = idOf(answer.openid);
  if (!id || idOf(answer.client_id) !== creds.appKey) throw providerRefused();
  return { externalId: id };
}

async function qq(creds: ProviderCredentials, proof: ProviderProof): Promise<ProviderIdentity> {
  if (proof.method === 'AccessToken') return qqMe(creds, proof.token ?? '');
  if (!proof.redirectUri) throw missing('redirectUri');
  const answer = await call(
    `https://graph.qq.com/oauth2.0/token?${query({
      grant_type: 'authorization_code',
      client_id: creds.appKey,
      client_secret: creds.appSecret,
      code: proof.code ?? '',
      redirect_uri: proof.redirectUri,
      fmt: 'json',
    })}`,
  );
  const token = idOf(answer.access_token);
  if (!token) throw providerRefused();
  return qqMe(creds, token);
}

/** Weibo: the token's owner, which must have been issued to this app. */
async function weibo(creds: ProviderCredentials, proof: ProviderProof): Promise<ProviderIdentity> {
  let token = proof.token ?? '';
  if (proof.method === 'OAuth') {
    if (!proof.redirectUri) throw missing('redirectUri');
    const exchanged = await call('https://api.weibo.com/oauth2/access_token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query({ client_id: creds.appKey, client_secret: creds.appSecret, grant_type: 'authorization_code', code: proof.code ?? '', redirect_uri: proof.redirectUri }),
    });
    token = idOf(exchanged.access_token) ?? '';
    if (!token) throw providerRefused();
  }
  const info = await call('https://api.weibo.com/oauth2/get_token_info', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: query({ access_token: token }),
  });
  const id = idOf(info.uid);
  if (!id || idOf(info.appkey) !== creds.appKey) throw providerRefused();
  return { externalId: id };
}

/**
 * Sign in with Apple: the identity token is a JWT signed (RS256) by one of Apple's published keys, issued by Apple
 * for this app and not expired; its subject names the player.
 */
async function apple(creds: ProviderCredentials, proof: ProviderProof): Promise<ProviderIdentity> {
  if (proof.method !== 'AccessToken') throw providerUnsupported();
  const keys = createLocalJWKSet((await call('https://appleid.apple.com/auth/keys')) as unknown as JSONWebKeySet);
  const verified = await jwtVerify(proof.token ?? '', keys, { issuer: 'https://appleid.apple.com', audience: creds.appKey, algorithms: ['RS256'] }).catch(() => {
    throw providerRefused();
  });
  if (!verified.payload.sub) throw providerRefused();
  return { externalId: verified.payload.sub };
}

type Verifier = (creds: ProviderCredentials, proof: ProviderProof) => Promise<ProviderIdentity>;

/**
 * Providers whose tokens the server can check itself against the provider's public API. The others (TapTap,
 * Hykb, ServiceLogin) have no such check here: their players sign in through the game server (ServerSide).
 */
const VERIFIERS: Record<string, Verifier> = {
  Wechat: wechat,
  WechatWeb: wechat,
  QQ: qq,
  QQWeb: qq,
  Weibo: weibo,
  Apple: apple,
};

/** Asks the provider who the player is; refuses what it cannot check. */
export async function verifyAtProvider(provider: string, creds: ProviderCredentials, proof: ProviderProof): Promise<ProviderIdentity> {
  const verifier = VERIFIERS[provider];
  if (!verifier) throw providerUnsupported();
  if (proof.method === 'OAuth' && !proof.code) throw missing('code');
  if (proof.method === 'AccessToken' && !proof.token) throw missing('token');
  return verifier(creds, proof);
}

/** QQ's authorization page for the web sign-in flow. */
export function qqAuthorizeUrl(creds: ProviderCredentials, redirectUri: string, state: string): string {
  return `https://graph.qq.com/oauth2.0/authorize?${query({ response_type: 'code', client_id: creds.appKey, redirect_uri: redirectUri, state })}`;
}
