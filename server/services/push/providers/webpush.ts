/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291): `web-push` makes the request (its
 * VAPID token and encrypted body), sent with the platform's HTTP client to the subscription's endpoint. The device's
 * token is the subscription's JSON.
 */
import webpush from 'web-push';
import type { ProviderSend } from './types';
import { outcomeOfStatus, payloadOf } from './types';

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

function subscriptionOf(token: string): Subscription | undefined {
  try {
    const s = JSON.parse(token) as Subscription;
    return typeof s.endpoint === 'string' && /^https?:\/\//.test(s.endpoint) && typeof s.keys?.p256dh === 'string' && typeof s.keys?.auth === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}

export const sendWebPush: ProviderSend = async (config, device, send) => {
  const sub = subscriptionOf(String(device.token));
  if (!sub) return { kind: 'invalid' };
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(sub, JSON.stringify(payloadOf(send)), {
      vapidDetails: { subject: String(config.subject || 'mailto:push@localhost'), publicKey: String(config.vapidPublicKey), privateKey: String(config.vapidPrivateKey) },
      TTL: 24 * 3600,
    });
  } catch (err) {
    // Keys the subscription or the VAPID pair cannot be used with.
    return { kind: 'failed', error: (err as Error).message };
  }
  try {
    const res = await fetch(request.endpoint, { method: request.method, headers: Object.fromEntries(Object.entries(request.headers).filter(([k]) => k.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)])), body: request.body ? new Uint8Array(request.body as Buffer) : undefined, signal: AbortSignal.timeout(10_000) });
    return outcomeOfStatus(res.status, await res.text());
  } catch (err) {
    // fetch's own message is 'fetch failed'; the reason (refused, reset, timed out) is its cause.
    const cause = (err as Error & { cause?: Error & { code?: string } }).cause;
    return { kind: 'retry', error: cause ? `${(err as Error).message}: ${cause.code ?? cause.message}` : (err as Error).message };
  }
};
