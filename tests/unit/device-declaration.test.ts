import { describe, expect, it } from 'vitest';
import { device } from '../../resources/device';
import { commandCallAddress } from '../../resources/command-call';
import { pageViewCall } from '../../resources/page-view-call';

const page = (route: string) => device.pages!.find((p) => p.route === route)!;

describe("Device's console declaration", () => {
  it("starts a session from the sessions list at the spec's address, the app's id in it", () => {
    const start = page('device').view!.commands!.find((c) => c.name === 'start')!;
    expect(commandCallAddress(device, start, 'app-7', { packageHash: 'a'.repeat(64), serial: 'emulator-5554' })).toEqual({
      method: 'POST',
      url: `${device.base}/app-7/sessions`,
      rest: { packageHash: 'a'.repeat(64), serial: 'emulator-5554' },
    });
  });

  it("uploads a package from the packages page to the spec's upload call", () => {
    const [button] = page('device/packages').view!.uploads!;
    const call = device.calls![button.call];
    expect([call.method, call.path, call.appParam]).toEqual(['POST', '/:appId/package', 'appId']);
    expect(call.upload!.extensions).toEqual(['.apk', '.hap']);
  });

  it('lists sessions, packages and devices through declared calls', () => {
    for (const route of ['device', 'device/packages', 'device/devices']) {
      const { method, path } = pageViewCall(device, page(route).view!);
      expect(Object.values(device.calls!).filter((c) => c.method === method && c.path === path), route).toHaveLength(1);
    }
  });
});
