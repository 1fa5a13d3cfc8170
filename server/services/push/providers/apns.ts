/**
 * Apple Push Notification service over its HTTP/2 API: `POST /3/device/<token>` with a provider token (an ES256 JWT
 * of the team and key ids, signed with the .p8 key, made again every 50 minutes), the bundle id as `apns-topic`.
 * `BadDeviceToken`, `Unregistered` (410) and `DeviceTokenNotForTopic` mean the token is gone.
 */
import { importPKCS8, SignJWT } from 'jose';
import type { Data } from '../../../engine/store';
import { h2post } from './h2';
import type { Outcome, ProviderSend } from './types';
import { outcomeOfStatus, payloadOf } from './types';

const GATEWAY = { production: 'https://api.push.apple.com', sandbox: 'https://api.sandbox.push.apple.com' };
const GONE = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic', 'ExpiredToken']);
const TOKEN_MS = 50 * 60_000;
const tokens = new Map<string, { jwt: string; at: number }>();

async function providerToken(config: Data): Promise<string> {
  const key = `${config.teamId}:${config.keyId}:${String(config.signingKey).length}`;
  const held = tokens.get(key);
  if (held && Date.now() - held.at < TOKEN_MS) return held.jwt;
  const jwt = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: String(config.keyId) }).setIssuer(String(config.teamId)).setIssuedAt().sign(await importPKCS8(String(config.signingKey), 'ES256'));
  tokens.set(key, { jwt, at: Date.now() });
  return jwt;
}

export const sendApns: ProviderSend = async (config, device, send) => {
  let jwt: string;
  try {
    jwt = await providerToken(config);
  } catch {
    return { kind: 'failed', error: 'the apns signing key is not a valid .p8 key' };
  }
  const p = payloadOf(send);
  const base = String(config.endpoint || (config.production ? GATEWAY.production : GATEWAY.sandbox));
  try {
    const res = await h2post(`${base}/3/device/${encodeURIComponent(String(device.token))}`, {
      authorization: `bearer ${jwt}`,
      'apns-topic': String(config.bundleId),
      'apns-push-type': 'alert',
      'apns-priority': '10',
      // APNs takes a UUID as the notification's id: the send's.
      ...(/^[0-9a-f-]{36}$/.test(send.id) ? { 'apns-id': send.id } : {}),
    }, JSON.stringify({ aps: { alert: { title: p.title, body: p.body } }, pushId: p.id, kind: p.kind, data: p.data }));
    return apnsOutcome(res.status, res.text);
  } catch (err) {
    return { kind: 'retry', error: (err as Error).message };
  }
};

function apnsOutcome(status: number, text: string): Outcome {
  let reason = '';
  try {
    reason = String((JSON.parse(text) as { reason?: string }).reason ?? '');
  } catch {
    /* no JSON answer */
  }
  if (GONE.has(reason)) return { kind: 'invalid' };
  if (status === 403 && reason === 'ExpiredProviderToken') tokens.clear();
  return outcomeOfStatus(status, reason);
}
