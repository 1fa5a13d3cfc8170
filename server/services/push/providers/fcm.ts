/**
 * Firebase Cloud Messaging's HTTP v1 API: an OAuth 2 access token for the service account (a signed RS256 JWT
 * exchanged at its `token_uri`, kept until shortly before it expires), then `POST /v1/projects/<id>/messages:send`.
 * `UNREGISTERED` (404) means the token is gone.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { Data } from '../../../engine/store';
import { h2post } from './h2';
import type { ProviderSend } from './types';
import { outcomeOfStatus, payloadOf } from './types';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const access = new Map<string, { token: string; until: number }>();

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

async function accessToken(sa: ServiceAccount): Promise<string> {
  const held = access.get(sa.client_email);
  if (held && held.until > Date.now()) return held.token;
  const aud = sa.token_uri ?? 'https://oauth2.googleapis.com/token';
  const assertion = await new SignJWT({ scope: SCOPE }).setProtectedHeader({ alg: 'RS256' }).setIssuer(sa.client_email).setAudience(aud).setIssuedAt().setExpirationTime('1h').sign(await importPKCS8(sa.private_key, 'RS256'));
  const res = await fetch(aud, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }) });
  if (!res.ok) throw new Error(`the fcm token exchange answered ${res.status}`);
  const body = (await res.json()) as { access_token: string; expires_in?: number };
  access.set(sa.client_email, { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 120) * 1000 });
  return body.access_token;
}

function accountOf(config: Data): ServiceAccount | undefined {
  try {
    const sa = JSON.parse(String(config.serviceAccount)) as ServiceAccount;
    return sa.client_email && sa.private_key ? sa : undefined;
  } catch {
    return undefined;
  }
}

export const sendFcm: ProviderSend = async (config, device, send) => {
  const sa = accountOf(config);
  if (!sa) return { kind: 'failed', error: 'the fcm service account is not valid JSON with a client_email and private_key' };
  const p = payloadOf(send);
  const data = Object.fromEntries(Object.entries({ ...p.data, pushId: p.id, kind: p.kind }).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  try {
    const token = await accessToken(sa);
    const base = String(config.endpoint || 'https://fcm.googleapis.com');
    const res = await h2post(`${base}/v1/projects/${encodeURIComponent(String(config.projectId))}/messages:send`, { authorization: `Bearer ${token}` }, JSON.stringify({ message: { token: String(device.token), notification: { title: p.title, body: p.body }, data } }));
    if (res.status === 404 || res.text.includes('"UNREGISTERED"')) return { kind: 'invalid' };
    if (res.status === 401) access.delete(sa.client_email);
    return outcomeOfStatus(res.status, res.text);
  } catch (err) {
    return { kind: 'retry', error: (err as Error).message };
  }
};
