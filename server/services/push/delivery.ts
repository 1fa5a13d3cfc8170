/**
 * Offline delivery: a pending send's devices (`devicesLeft`) given to the push app's channel providers, retried with
 * growing waits, devices whose token a provider no longer knows removed. A send is claimed by moving its next attempt
 * past a lease (one conditional update), so an instance's immediate attempt and the job's never send it twice; after
 * a restart the job finds every send still pending.
 */
import { modelOf, type Ctx } from '../../context';
import type { Job } from '../../engine/jobs';
import { NOW } from '../../engine/query';
import type { Data } from '../../engine/store';
import { deliveryOf } from './sends';
import { devicesOf, providersOf, sendsOf, SERVICE } from './runtime';
import { countDelivered, countTraffic } from './usage';
import type { Outcome, ProviderSend } from './providers/types';
import { sendWebPush } from './providers/webpush';
import { sendApns } from './providers/apns';
import { sendFcm } from './providers/fcm';

const PROVIDERS: Record<string, ProviderSend> = { webpush: sendWebPush, apns: sendApns, fcm: sendFcm };

/** Waits before the 2nd, 3rd... attempt; after the last a device left is counted failed. */
export const RETRY_WAITS_MS = [2_000, 10_000, 60_000, 300_000];
const LEASE_MS = 120_000;

/** The credentials each provider needs before a send may use it. */
export const REQUIRED: Record<string, string[]> = { webpush: ['vapidPublicKey', 'vapidPrivateKey'], apns: ['bundleId', 'teamId', 'keyId', 'signingKey'], fcm: ['projectId', 'serviceAccount'] };
/** Those a provider's record lacks: given, or saved before (a saved secret is answered as `<field>Set`). */
export const missingCredentials = (config: Data) => (REQUIRED[String(config.provider)] ?? []).filter((k) => !config[k] && config[`${k}Set`] !== true);

/** The state a send ends in once no device is left to try. */
const endState = (s: Data, failed: number) => (failed === 0 ? 'delivered' : Number(s.online) + Number(s.offlineSent) > 0 ? 'partial' : 'failed');

export async function deliverOffline(ctx: Ctx, appId: string, sendId: string): Promise<void> {
  const lease = new Date(Date.now() + LEASE_MS).toISOString();
  const claimed = await sendsOf(ctx).update(appId, { id: sendId, status: 'pending', nextAttemptAt: { $lte: NOW } } as never, { set: { nextAttemptAt: lease } });
  if (claimed.length === 0) return;
  const send = await sendsOf(ctx).get(appId, sendId);
  const pushAppId = String(send.pushAppId);
  const model = modelOf(ctx, SERVICE, 'channels');
  const configs = await Promise.all((await providersOf(ctx).find(appId, { where: { pushAppId } })).map(async (c) => ({ ...c, ...(await ctx.store.writeOnlyValues(model, appId, String(c.id))) })));
  const ids = (send.devicesLeft ?? []) as string[];
  const devices = ids.length ? await devicesOf(ctx).find(appId, { where: { id: { $in: ids } } as never, limit: ids.length }) : [];
  const left: string[] = [];
  const errors = new Set<string>((send.errors ?? []) as string[]);
  const tally = { webpush: 0, apns: 0, fcm: 0, failed: 0, pruned: 0 };
  const delivery = deliveryOf(send);
  for (const device of devices) {
    const provider = String(device.provider);
    const config = configs.find((c) => c.provider === provider && c.enabled !== false);
    let outcome: Outcome;
    if (!config) outcome = { kind: 'failed', error: `no channel provider for ${provider}` };
    else if (missingCredentials(config).length) outcome = { kind: 'failed', error: `the ${provider} provider has no credentials` };
    else outcome = await PROVIDERS[provider](config, device, delivery);
    if (outcome.kind === 'sent') {
      tally[provider as 'webpush']++;
      if (Number(device.failures) > 0) await devicesOf(ctx).updateOne(appId, String(device.id), { set: { failures: 0 } });
    } else if (outcome.kind === 'invalid') {
      tally.pruned++;
      await devicesOf(ctx).remove(appId, { id: String(device.id) });
    } else {
      errors.add(outcome.error);
      if (outcome.kind === 'retry') left.push(String(device.id));
      else tally.failed++;
      await devicesOf(ctx).updateOne(appId, String(device.id), { add: { failures: 1 } });
    }
  }
  const attempts = Number(send.attempts ?? 0) + 1;
  const last = attempts > RETRY_WAITS_MS.length;
  const failed = tally.failed + (last ? left.length : 0);
  const sentOffline = tally.webpush + tally.apns + tally.fcm;
  const after = { ...send, offlineSent: Number(send.offlineSent) + sentOffline };
  const done = left.length === 0 || last;
  await sendsOf(ctx).updateOne(appId, sendId, {
    add: { offlineSent: sentOffline, offlineFailed: failed, pruned: tally.pruned, attempts: 1 },
    set: { devicesLeft: done ? [] : left, errors: [...errors], nextAttemptAt: done ? lease : new Date(Date.now() + RETRY_WAITS_MS[attempts - 1]).toISOString() },
    ...(done ? { status: endState(after, failed + Number(send.offlineFailed)) } : {}),
  });
  for (const route of ['webpush', 'apns', 'fcm'] as const) await countDelivered(ctx, appId, pushAppId, route, tally[route]);
  await countTraffic(ctx, appId, pushAppId, 'failed', failed);
  await countTraffic(ctx, appId, pushAppId, 'pruned', tally.pruned);
}

/** Every send still pending whose next attempt is due, on any instance's behalf (after a restart too). */
export function deliveryJob(ctx: Ctx): Job {
  return {
    name: 'push.deliveries',
    everyMs: 1_000,
    run: async () => {
      const due = await sendsOf(ctx).findEverywhere({ where: { status: 'pending', nextAttemptAt: { $lte: NOW } } as never, limit: 100 });
      for (const { scopeId, record } of due) await deliverOffline(ctx, scopeId, String(record.id));
    },
  };
}
