import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { device } from '../../resources/device';
import { buildPackage, signingIdentity, type PackageSpec } from '../../server/packages/build/index';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

export const D = device.base;

export interface DeviceHarness extends Harness {
  /** The demo app (another organisation's) and its credential header. */
  demoAppId: string;
  demoBasic: string;
  /** `<the base>/<the app>` */
  base: string;
  upload: (bytes: Buffer, opts?: { fileName?: string; type?: string }) => ReturnType<Harness['req']>;
}

export const GAME: PackageSpec = {
  package: 'com.example.devicegame',
  versionName: '2.1.0',
  versionCode: 210,
  minSdk: 24,
  targetSdk: 34,
  components: [{ type: 'activity', name: '.MainActivity', intentFilter: true }],
};

export const SIGNER = signingIdentity('device tests');
const DEX = Buffer.from('dex\n035\0 a game under test');

export const apkOf = (spec: Partial<PackageSpec> = {}) => buildPackage({ ...GAME, ...spec }, { kind: 'apk', signer: SIGNER, files: { 'classes.dex': DEX } });
export const aabOf = () => buildPackage(GAME, { kind: 'aab', signer: SIGNER, files: { 'base/dex/classes.dex': DEX } });
export const hapOf = (spec: Partial<PackageSpec> = {}) => buildPackage({ ...GAME, ...spec }, { kind: 'hap' });

/**
 * A server whose blob directory is a fresh temporary one, with an app that has Device enabled: `appId`, `basic` and
 * `svc` are that app's (the demo app's stay `demoAppId`).
 */
export async function startDevice(label = 'device'): Promise<DeviceHarness> {
  const started = await startHarness();
  started.ctx.config.blobDir = await mkdtemp(join(tmpdir(), 'lodestar-device-test-'));
  const owner = await createAccount(started.db, { email: `${label}@example.com`, password: 'device-password', name: 'Device' });
  const org = await createOrganization(started.db, `${label} studio`, owner);
  const appId = await createApp(started.db, org, `${label} game`, [device.name]);
  const secret = (await started.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0].app_service_secret;
  const basic = basicOf(appId, secret);
  const h = { ...started, demoAppId: started.appId, demoBasic: started.basic, appId, basic, svc: serviceRequest(started.req, basic) };
  const base = `${D}/${appId}`;
  return {
    ...h,
    base,
    upload: (bytes, opts = {}) =>
      h.req({
        method: 'POST',
        url: `${base}/package${opts.fileName ? `?fileName=${encodeURIComponent(opts.fileName)}` : ''}`,
        payload: bytes,
        headers: { authorization: h.basic, 'content-type': opts.type ?? 'application/vnd.android.package-archive' },
      }),
  };
}
