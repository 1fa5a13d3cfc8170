/** Web Push (RFC 8030) with VAPID (RFC 8292), through the `web-push` package; the device's token is the subscription's JSON. */
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
    return typeof s.endpoint === 'string' && typeof s.keys?.p256dh === 'string' && typeof s.keys?.auth === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}

export const sendWebPush: ProviderSend = async (config, device, send) => {
  const sub = subscriptionOf(String(device.token));
  if (!sub) return { kind: 'invalid' };
  try {
    const res = await webpush.sendNotification(sub, JSON.stringify(payloadOf(send)), {
      vapidDetails: { subject: String(config.subject || 'mailto:push@localhost'), publicKey: String(config.vapidPublicKey), privateKey: String(config.vapidPrivateKey) },
      TTL: 24 * 3600,
      timeout: 10_000,
    });
    return outcomeOfStatus(res.statusCode, '');
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === 'number') return outcomeOfStatus(status, String((err as { body?: string }).body ?? ''));
    return { kind: 'retry', error: (err as Error).message };
  }
};
