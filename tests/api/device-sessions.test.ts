import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type AddressInfo } from 'node:net';
import { apkOf, D, hapOf, startDevice, type DeviceHarness } from './device-fixtures';
import { fakeDevice, SCREEN, startFakeAdb, type FakeAdb } from './fake-adb';

let h: DeviceHarness;
let adb: FakeAdb;
let apkHash: string;
let apk: Buffer;
const phone = fakeDevice('emulator-5554');
const offline = fakeDevice('R58M1234', { state: 'offline', model: 'SM_G991B' });

beforeAll(async () => {
  adb = await startFakeAdb([phone, offline]);
  process.env.ADB_HOST = '127.0.0.1';
  process.env.ADB_PORT = String(adb.port);
  h = await startDevice('device-sessions');
  apk = apkOf();
  apkHash = (await h.upload(apk)).json().sha256;
});
afterAll(async () => {
  await h.close();
  await adb.close();
});

const start = (body: unknown) => h.svc('POST', `${h.base}/sessions`, body);

/** The session once it has finished (its run is in the background). */
async function finished(id: string) {
  for (let i = 0; i < 200; i++) {
    const s = (await h.svc('GET', `${D}/sessions/${id}`)).json();
    if (['passed', 'failed', 'cancelled'].includes(s.status) && s.endedAt) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`session ${id} did not finish`);
}

describe('devices', () => {
  it('lists the devices adb sees, whether each is allowed and busy', async () => {
    const res = await h.svc('GET', `${h.base}/devices`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      available: true,
      devices: [
        { serial: 'emulator-5554', state: 'device', model: 'Pixel 7', allowed: true, busy: false },
        { serial: 'R58M1234', state: 'offline', model: 'SM G991B', allowed: true, busy: false },
      ],
    });
  });
});

describe('a test session', () => {
  it('installs the package, launches it, runs the monkey, keeps logcat and a screenshot, uninstalls, and bills the device time', async () => {
    const res = await start({ packageHash: apkHash, serial: 'emulator-5554', events: 50 });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', serial: 'emulator-5554', package: 'com.example.devicegame', model: 'Pixel 7', events: 50 });
    const s = await finished(res.json().id);
    expect(s).toMatchObject({ status: 'passed', outcome: 'finished', hasScreenshot: true });
    expect(s.log).toContain('// Monkey finished');
    expect(s.log).toContain('Start proc com.example.devicegame');
    expect(Buffer.from(s.screenshot, 'base64').equals(SCREEN)).toBe(true);
    expect(s.deviceSeconds).toBeGreaterThanOrEqual(1);
    // The device got the package's very bytes, and was asked in this order.
    expect([...phone.files.values()].some((f) => f.equals(apk))).toBe(true);
    const asked = phone.commands.map((c) => c.replace(/'/g, '').split(' ').slice(0, 2).join(' '));
    expect(asked).toEqual(['pm install', 'rm -f', 'monkey -p', 'monkey -p', 'logcat -d', 'screencap -p', 'pm uninstall']);
    expect(phone.commands).toContain('monkey -p com.example.devicegame --throttle 100 -v 50');
    expect(phone.installed).toEqual([]);
    const usage = (await h.svc('GET', `${h.base}/usage`)).json();
    expect(usage.deviceMinutes).toBeGreaterThan(0);
    const listed = (await h.svc('GET', `${h.base}/sessions`)).json();
    expect(listed.sessions[0]).toMatchObject({ id: s.id, status: 'passed' });
    expect(listed.sessions[0].log).toBeUndefined();
  });

  it('fails a session whose app crashes under the monkey', async () => {
    phone.monkeyOutput = '// CRASH: com.example.devicegame (pid 4242)\n** Monkey aborted due to error.\n';
    const res = await start({ packageHash: apkHash });
    expect(res.statusCode, res.body).toBe(202);
    const s = await finished(res.json().id);
    expect(s).toMatchObject({ status: 'failed', outcome: 'crashed', serial: 'emulator-5554' });
    phone.monkeyOutput = fakeDevice('x').monkeyOutput;
  });

  it('refuses a busy device, an unknown one, one not ready, one the config leaves out, and a HAP', async () => {
    phone.monkeyMs = 800;
    const first = await start({ packageHash: apkHash, serial: 'emulator-5554' });
    expect(first.statusCode, first.body).toBe(202);
    const busy = await start({ packageHash: apkHash, serial: 'emulator-5554' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('the device is busy with another session');
    expect((await start({ packageHash: apkHash })).json().message).toBe('every device the app may use is busy');
    await finished(first.json().id);
    phone.monkeyMs = 0;
    expect((await start({ packageHash: apkHash, serial: 'nope' })).json().message).toBe('no such device is attached');
    expect((await start({ packageHash: apkHash, serial: 'R58M1234' })).json().message).toBe('the device is not ready (offline or not authorised)');
    await h.svc('PUT', h.base, { devices: ['R58M1234'] });
    expect((await start({ packageHash: apkHash, serial: 'emulator-5554' })).json().message).toBe('the app may not use this device');
    await h.svc('PUT', h.base, {});
    const hap = (await h.upload(hapOf(), { type: 'application/zip' })).json().sha256;
    const refused = await start({ packageHash: hap });
    expect(refused.statusCode).toBe(400);
    expect((await start({ packageHash: '0'.repeat(64) })).statusCode).toBe(404);
  });

  it('cancels a running session, still uninstalling the package', async () => {
    phone.monkeyMs = 600;
    const res = await start({ packageHash: apkHash, serial: 'emulator-5554' });
    await new Promise((r) => setTimeout(r, 200));
    const cancelled = await h.svc('POST', `${h.base}/sessions/${res.json().id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const s = await finished(res.json().id);
    expect(s).toMatchObject({ status: 'cancelled', outcome: 'cancelled' });
    expect(phone.installed).toEqual([]);
    phone.monkeyMs = 0;
    expect((await h.svc('POST', `${h.base}/sessions/${s.id}/cancel`)).statusCode).toBe(409);
  });

  it('says plainly when no adb server answers', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    process.env.ADB_PORT = String(port);
    try {
      const res = await h.svc('GET', `${h.base}/devices`);
      expect(res.json()).toEqual({ available: false, message: 'no adb server answers on this host, so no device can be used', devices: [] });
      const refused = await start({ packageHash: apkHash });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe('no adb server answers on this host, so no device can be used');
    } finally {
      process.env.ADB_PORT = String(adb.port);
    }
  });
});
