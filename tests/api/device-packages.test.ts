import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import calls from '../inventory/calls.json';
import { toOpenApiPath } from '../../server/engine/openapi';
import { appOfToken, issueToken } from '../../server/services/device/token';
import { recordDeviceTime } from '../../server/services/device/usage';
import { aabOf, apkOf, D, hapOf, SIGNER, startDevice, type DeviceHarness } from './device-fixtures';

let h: DeviceHarness;
beforeAll(async () => {
  h = await startDevice();
});
afterAll(() => h.close());

interface Call {
  service: string;
  method: string;
  path: string;
}

describe('device calls', () => {
  it('serves and documents every device call of spec 001', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const wanted = (calls as Call[]).filter((c) => c.path.startsWith(`${D}/`));
    expect(wanted.length).toBe(10);
    const missing = wanted.filter((c) => !doc.paths[toOpenApiPath(c.path)]?.[c.method.toLowerCase()]).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });
});

describe('packages', () => {
  it('reads an uploaded APK and keeps it in the blob store by its hash', async () => {
    const bytes = apkOf();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const res = await h.upload(bytes, { fileName: 'game.apk' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'game.apk', kind: 'apk', package: 'com.example.devicegame', versionName: '2.1.0', versionCode: 210, minSdk: 24, targetSdk: 34, sha256, size: bytes.length });
    expect(res.json().signerSha256).toBe(createHash('sha256').update(SIGNER.certificateDer).digest('hex').toUpperCase().match(/../g)!.join(':'));
    const kept = await readFile(join(h.ctx.config.blobDir, 'device', h.appId, `${sha256}.apk`));
    expect(kept.equals(bytes)).toBe(true);

    const again = await h.upload(bytes, { fileName: 'renamed.apk' });
    expect(again.json().id).toBe(res.json().id);
    const shown = await h.svc('GET', `${h.base}/package/${sha256}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().fileName).toBe('game.apk');
  });

  it('reads a HAP, and lists the packages newest first', async () => {
    const res = await h.upload(hapOf({ package: 'com.example.harmonygame', versionName: '3.0.0' }), { fileName: 'game.hap', type: 'application/zip' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'hap', package: 'com.example.harmonygame', versionName: '3.0.0' });
    const list = await h.svc('GET', `${h.base}/packages`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().packages[0].fileName).toBe('game.hap');
    expect(list.json().total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file that is not a package, an AAB, and another app in the address', async () => {
    const text = await h.upload(Buffer.from('just some text, not a zip'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('not an installation package');
    const aab = await h.upload(aabOf());
    expect(aab.statusCode).toBe(400);
    expect(aab.json().message).toBe('only an APK or a HAP can be tested on a device');
    expect((await h.req({ method: 'POST', url: `${D}/${h.otherAppId}/package`, payload: apkOf(), headers: { authorization: h.basic, 'content-type': 'application/zip' } })).statusCode).toBe(404);
    // Another app's address is refused before the body is read, whatever it holds.
    expect((await h.req({ method: 'POST', url: `${D}/${h.otherAppId}/package`, payload: { x: 1 }, headers: { authorization: h.basic } })).statusCode).toBe(404);
    expect((await h.svc('GET', `${h.base}/package/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await h.svc('GET', `${h.base}/package/not-a-hash`)).statusCode).toBe(400);
  });

  it('refuses a package larger than the upload limit before reading it', async () => {
    const limit = h.ctx.config.uploadLimitBytes;
    const bytes = apkOf({ versionName: '7.7.7' });
    h.ctx.config.uploadLimitBytes = bytes.length - 1;
    try {
      const res = await h.upload(bytes);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    } finally {
      h.ctx.config.uploadLimitBytes = limit;
    }
    expect((await h.upload(bytes)).statusCode).toBe(201);
  });

  it('removes a package and its file', async () => {
    const bytes = apkOf({ versionName: '9.9.9' });
    const sha256 = (await h.upload(bytes)).json().sha256;
    const gone = await h.svc('DELETE', `${h.base}/package/${sha256}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await h.svc('GET', `${h.base}/package/${sha256}`)).statusCode).toBe(404);
    await expect(readFile(join(h.ctx.config.blobDir, 'device', h.appId, `${sha256}.apk`))).rejects.toThrow();
  });
});

describe('config and token', () => {
  it("answers the app's defaults before the first PUT, then what was saved", async () => {
    const before = await h.svc('GET', h.base);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({ monkeyEvents: 500, throttleMs: 100, timeoutSeconds: 300, devices: [] });
    const saved = await h.svc('PUT', h.base, { monkeyEvents: 50, devices: ['emulator-5554'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await h.svc('GET', h.base)).json()).toEqual({ monkeyEvents: 50, throttleMs: 100, timeoutSeconds: 300, devices: ['emulator-5554'] });
    expect((await h.svc('PUT', h.base, { monkeyEvents: 0 })).statusCode).toBe(400);
    expect((await h.svc('GET', `${D}/${h.otherAppId}`)).statusCode).toBe(404);
  });

  it('hands out a token good for ten minutes that names the app', async () => {
    const res = await h.svc('GET', `${h.base}/token`);
    expect(res.statusCode, res.body).toBe(200);
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBe(600);
    expect(await appOfToken(h.ctx, token)).toBe(h.appId);
    expect(await appOfToken(h.ctx, token.replace(h.appId, h.otherAppId))).toBeUndefined();
    const old = await issueToken(h.ctx, h.appId, Date.now() - 601_000);
    expect(await appOfToken(h.ctx, old.token)).toBeUndefined();
  });
});

describe('usage', () => {
  it("answers the app's device-minutes per day from the meter, and over the organisation's apps", async () => {
    const today = (await h.svc('GET', `${h.base}/usage`)).json().to as string;
    const before = (await h.svc('GET', `${D}/aggregation`)).json().deviceMinutes as number;
    await recordDeviceTime(h.ctx, h.appId, 90);
    await recordDeviceTime(h.ctx, h.appId, 60);
    await recordDeviceTime(h.ctx, h.demoAppId, 6000);
    const usage = await h.svc('GET', `${h.base}/usage?from=${today}&to=${today}`);
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json()).toMatchObject({ deviceMinutes: 2.5, days: [{ day: today, deviceMinutes: 2.5 }] });
    // The demo app is another organisation's: its device time is not this one's.
    expect((await h.svc('GET', `${D}/aggregation`)).json().deviceMinutes).toBe(before + 2.5);
    const top = await h.svc('GET', `${D}/top-k?k=5`);
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().items).toEqual([{ appId: h.appId, deviceMinutes: 2.5 }]);
  });
});

describe('the demo app', () => {
  it('has a package uploaded and a finished session on it, its device time billed', async () => {
    const demo = `${D}/${h.demoAppId}`;
    const packages = (await h.req({ method: 'GET', url: `${demo}/packages`, headers: { authorization: h.demoBasic } })).json();
    expect(packages.packages.map((p: { package: string }) => p.package)).toEqual(['com.lodestar.demo.lanternrun']);
    const sessions = (await h.req({ method: 'GET', url: `${demo}/sessions`, headers: { authorization: h.demoBasic } })).json();
    expect(sessions.sessions).toHaveLength(1);
    expect(sessions.sessions[0]).toMatchObject({ status: 'passed', packageHash: packages.packages[0].sha256, deviceSeconds: 184 });
    const usage = (await h.req({ method: 'GET', url: `${demo}/usage`, headers: { authorization: h.demoBasic } })).json();
    expect(usage.deviceMinutes).toBeGreaterThanOrEqual(3.07);
  });
});
