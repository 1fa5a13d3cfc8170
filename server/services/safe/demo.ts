/**
 * What the declared demo (`resources/safe/demo.ts`) runs that no call does: the packages are built and signed here
 * (a release key whose SHA-1 is registered, and a stranger's), checked through `protect` as an upload is, and
 * their protection jobs run.
 */
import { createHash } from 'node:crypto';
import { SAFE_DEMO_PACKAGE } from '../../../resources/safe/demo';
import type { DemoSteps } from '../../engine/demo-seed';
import { records } from '../../engine/query';
import { buildPackage, signingIdentity, type PackageSpec } from '../../packages/build/index';
import type { ServiceModule } from '../index';
import { fingerprintOf, safeModels, SERVICE } from './models';
import { protect } from './protect';
import { protectWaiting } from './protection-job';

interface DemoPackage {
  fileName: string;
  signer: 'release' | 'stranger';
  spec: Partial<PackageSpec>;
}

const BASE: PackageSpec = {
  package: SAFE_DEMO_PACKAGE,
  minSdk: 24,
  permissions: ['android.permission.INTERNET'],
  components: [{ type: 'activity', name: '.GameActivity', exported: false }],
};

export const safeDemoSteps: DemoSteps = {
  packages: async ({ ctx, appId, actor }, args) => {
    const m = safeModels(ctx);
    const identities = { release: signingIdentity('Skyforge Release'), stranger: signingIdentity('Mirror Builds') };
    const app = await records(ctx.db, m.apps).get(appId, appId);
    const sha1 = createHash('sha1').update(identities.release.certificateDer).digest('hex');
    await records(ctx.db, m.sha1).insert(appId, { appId, sha1, fingerprint: fingerprintOf(sha1), note: String(args.registered) }, { parentId: appId });
    for (const p of args.packages as DemoPackage[]) {
      const file = buildPackage({ ...BASE, ...p.spec }, { kind: 'apk', signer: identities[p.signer], files: { 'classes.dex': Buffer.from(`dex\n035\0${p.fileName}`) } });
      await protect(ctx, { req: undefined as never, reply: undefined as never, scopeId: appId, actor, params: { id: appId }, input: { fileName: p.fileName }, record: app, file });
    }
    await protectWaiting(ctx);
  },
};

export const safeDemoModule: ServiceModule = { service: SERVICE, seedSteps: safeDemoSteps };
