import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { P, connect, newPlayer, newPushApp, startPush, type PushHarness } from './push-fixtures';
import { apnsServer, fcmServer, webPushEndpoint, type ApnsServer, type FcmServer, type WebPushEndpoint } from './push-provider-servers';
import { asPlayer } from './passport-players-fixtures';

let h: PushHarness;
let wp: WebPushEndpoint;
let apns: ApnsServer;
let fcm: FcmServer;
const vapid = webpush.generateVAPIDKeys();
const APNS = { teamId: 'TEAM123456', keyId: 'KEY1234567', topic: 'com.example.game' };

beforeAll(async () => {
  h = await startPush('push-delivery');
  [wp, apns, fcm] = await Promise.all([webPushEndpoint(vapid.publicKey), apnsServer(APNS), fcmServer('test-project')]);
});
afterAll(async () => {
  await Promise.all([wp.close(), apns.close(), fcm.close()]);
  await h.close();
});

const register = (token: string, appId: string, provider: string, device: string) => asPlayer(h, token, 'POST', `${P}/sdk/apps/${appId}/devices`, { provider, token: device });

/** The send once it is no longer pending (the delivery job tries again 2 s, then 10 s after a failed attempt). */
async function settled(appId: string, sendId: string, timeoutMs = 45_000): Promise<Record<string, unknown>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = (await h.call('GET', `${P}/apps/${appId}/sends/${sendId}`)).json();
    if (s.status !== 'pending' || Date.now() > until) return s;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Channel providers', () => {
  it('are saved only with their credentials, which are never answered', async () => {
    const app = await newPushApp(h);
    const bare = await h.call('POST', `${P}/apps/${app.id}/channels`, { provider: 'webpush', vapidPublicKey: vapid.publicKey });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toEqual([{ field: '/vapidPrivateKey', message: 'required for this provider' }]);
    const saved = await h.call('PUT', `${P}/apps/${app.id}/channels`, { provider: 'webpush', vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey, subject: 'mailto:ops@example.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().vapidPrivateKey).toBeUndefined();
    expect(saved.json().vapidPrivateKeySet).toBe(true);
    // Saved again without the key: the key is kept.
    expect((await h.call('PUT', `${P}/apps/${app.id}/channels`, { provider: 'webpush', vapidPublicKey: vapid.publicKey, subject: 'mailto:other@example.com' })).statusCode).toBe(200);
    const list = (await h.call('GET', `${P}/apps/${app.id}/channels`)).json();
    const items = list.items;
    expect(items).toHaveLength(1);
    expect(JSON.stringify(items)).not.toContain(vapid.privateKey);
    expect((await h.call('POST', `${P}/apps/${app.id}/channels`, { provider: 'webpush', vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey })).statusCode).toBe(400);
    expect((await h.call('DELETE', `${P}/apps/${app.id}/channels?provider=webpush`)).json()).toEqual({ removed: 1 });
    expect((await h.call('DELETE', `${P}/apps/${app.id}/channels?provider=webpush`)).statusCode).toBe(404);
  });

  it('deliver to an offline player through Web Push, APNs and FCM, and prune the tokens they no longer know', async () => {
    const app = await newPushApp(h);
    await h.call('PUT', `${P}/apps/${app.id}/channels`, { provider: 'webpush', vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey, subject: 'mailto:ops@example.com' });
    await h.call('PUT', `${P}/apps/${app.id}/channels`, { provider: 'apns', bundleId: APNS.topic, teamId: APNS.teamId, keyId: APNS.keyId, signingKey: apns.signingKey, endpoint: apns.url });
    await h.call('PUT', `${P}/apps/${app.id}/channels`, { provider: 'fcm', projectId: 'test-project', serviceAccount: fcm.serviceAccount, endpoint: fcm.url });
    const offline = await newPlayer(h);
    const online = await newPlayer(h);
    const sub = wp.subscribe('/sub/one');
    const iosToken = 'a'.repeat(64);
    const goneIos = 'b'.repeat(64);
    apns.gone.add(goneIos);
    fcm.gone.add('fcm-gone');
    for (const [provider, token] of [['webpush', JSON.stringify(sub)], ['apns', iosToken], ['apns', goneIos], ['fcm', 'fcm-ok'], ['fcm', 'fcm-gone']]) {
      const r = await register(offline.token, app.id, provider, token);
      expect(r.statusCode, r.body).toBe(201);
    }
    // The online player has a device too, but is given the send on the connection only.
    expect((await register(online.token, app.id, 'fcm', 'fcm-online')).statusCode).toBe(201);
    const cl = await connect(h, { appKey: app.appKey, token: online.token });
    await cl.next('welcome');

    const sent = await h.call('POST', `${P}/apps/${app.id}/messages`, { target: 'players', players: [offline.userId, online.userId], title: 'Raid', body: 'starts now', data: { raid: 7 } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'pending', online: 1 });
    const done = await settled(app.id, sent.json().id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'delivered', online: 1, offlineSent: 3, pruned: 2, offlineFailed: 0 });
    expect(wp.received.get('/sub/one')).toEqual([{ id: sent.json().id, kind: 'message', title: 'Raid', body: 'starts now', data: { raid: 7 } }]);
    expect(apns.received.get(iosToken)![0]).toMatchObject({ aps: { alert: { title: 'Raid', body: 'starts now' } }, pushId: sent.json().id });
    expect(fcm.received.get('fcm-ok')![0]).toMatchObject({ token: 'fcm-ok', notification: { title: 'Raid', body: 'starts now' }, data: { raid: '7', pushId: sent.json().id } });
    expect(fcm.received.has('fcm-online')).toBe(false);
    const devices = (await h.call('GET', `${P}/apps/${app.id}/devices`)).json();
    const tokens = devices.items.map((d: { token: string }) => d.token);
    expect(tokens).not.toContain(goneIos);
    expect(tokens).not.toContain('fcm-gone');
    expect(tokens).toContain('fcm-ok');
    cl.ws.close();
  });

  it('fail a send to a device whose provider has no credentials configured, saying so', async () => {
    const app = await newPushApp(h);
    const p = await newPlayer(h);
    await register(p.token, app.id, 'apns', 'c'.repeat(64));
    const sent = await h.call('POST', `${P}/apps/${app.id}/system-notify`, { target: 'player', players: [p.userId], body: 'hello' });
    const done = await settled(app.id, sent.json().id);
    expect(done).toMatchObject({ status: 'failed', offlineFailed: 1, errors: ['no channel provider for apns'] });
  });

  it('keep a send across a restart and deliver it when the push service answers again', async () => {
    const app = await newPushApp(h);
    await h.call('PUT', `${P}/apps/${app.id}/channels`, { provider: 'webpush', vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey });
    const p = await newPlayer(h);
    await register(p.token, app.id, 'webpush', JSON.stringify(wp.subscribe('/sub/later')));
    wp.answer.set('/sub/later', 503);
    const sent = await h.call('POST', `${P}/apps/${app.id}/messages`, { target: 'player', players: [p.userId], body: 'kept' });
    expect(sent.statusCode).toBe(201);
    // Tried once and refused: still pending, to be tried again.
    const until = Date.now() + 10_000;
    let s = sent.json();
    while (Number(s.attempts) < 1 && Date.now() < until) s = (await h.call('GET', `${P}/apps/${app.id}/sends/${s.id}`)).json();
    expect(s).toMatchObject({ status: 'pending', offlineSent: 0 });
    await h.restart();
    wp.answer.delete('/sub/later');
    const done = await settled(app.id, s.id);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'delivered', offlineSent: 1 });
    expect(wp.received.get('/sub/later')![0]).toMatchObject({ body: 'kept' });
  });
});
