import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safe } from '../../resources/safe';
import { buildPackage, signingIdentity, type BuildOptions, type PackageSpec, type SigningIdentity } from '../../server/packages/build/index';
import { createAccount, createApp, createOrganization } from '../../server/platform/accounts';
import { protectWaiting } from '../../server/services/safe/protection-job';
import { basicOf, serviceRequest, startHarness, type Harness } from './harness';

export interface SafeHarness extends Harness {
  safeAppId: string;
  /** A request with the Safe app's credential. */
  safeSvc: Harness['svc'];
  /** The Safe app's base: the service base, `/safe/` and its id. */
  base: string;
  /** Uploads a package to protect. */
  protect: (bytes: Buffer, opts?: { fileName?: string; type?: string }) => ReturnType<Harness['req']>;
  /** Runs the protection job now, rather than waiting for its turn. */
  runJobs: () => Promise<number>;
  signer: SigningIdentity;
}

/** A server with an app that has Safe enabled in the service catalogue (not yet through `enable`). */
export async function startSafe(label = 'safe'): Promise<SafeHarness> {
  const h = await startHarness();
  h.ctx.config.blobDir = await mkdtemp(join(tmpdir(), 'lodestar-safe-test-'));
  const owner = await createAccount(h.db, { email: `${label}@example.com`, password: 'safe-password', name: 'Safe' });
  const org = await createOrganization(h.db, `${label} studio`, owner);
  const safeAppId = await createApp(h.db, org, `${label} game`, [safe.name]);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [safeAppId])).rows[0].app_service_secret;
  const basic = basicOf(safeAppId, secret);
  const base = `${safe.base}/safe/${safeAppId}`;
  return {
    ...h,
    safeAppId,
    safeSvc: serviceRequest(h.req, basic),
    base,
    protect: (bytes, opts = {}) =>
      h.req({
        method: 'POST',
        url: `${base}/protect${opts.fileName ? `?fileName=${encodeURIComponent(opts.fileName)}` : ''}`,
        payload: bytes,
        headers: { authorization: basic, 'content-type': opts.type ?? 'application/vnd.android.package-archive' },
      }),
    runJobs: () => protectWaiting(h.ctx),
    signer: signingIdentity(`${label} release`),
  };
}

export const GAME: PackageSpec = {
  package: 'com.example.safegame',
  versionName: '1.0.0',
  versionCode: 100,
  minSdk: 24,
  targetSdk: 33,
  permissions: ['android.permission.INTERNET'],
  allowBackup: false,
  components: [{ type: 'activity', name: '.MainActivity', exported: false }],
};

export const DEX = Buffer.from('dex\n035\0 the game, as built');

export const apkOf = (h: SafeHarness, spec: Partial<PackageSpec> = {}, opts: Partial<BuildOptions> = {}) =>
  buildPackage({ ...GAME, ...spec }, { kind: 'apk', signer: h.signer, files: { 'classes.dex': DEX }, ...opts });
