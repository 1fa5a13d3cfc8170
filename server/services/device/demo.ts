/**
 * What the declared demo (`resources/device/demo.ts`) runs that no call does: the APK is built and signed here and
 * uploaded as the upload call takes it; its session is written finished, as a run on a lab device leaves one (the
 * demo has no device attached), and its device time billed through the meter.
 */
import { DEVICE_DEMO_PACKAGE } from '../../../resources/device/demo';
import type { DemoSteps } from '../../engine/demo-seed';
import { records } from '../../engine/query';
import { buildPackage, signingIdentity, type PackageSpec } from '../../packages/build/index';
import { deviceModels } from './models';
import { upload } from './packages';
import { recordDeviceTime } from './usage';

interface DemoSession {
  serial: string;
  model: string;
  events: number;
  deviceSeconds: number;
}

const MONKEY = (pkg: string, events: number) =>
  [`:Monkey: seed=1717 count=${events}`, `:AllowPackage: ${pkg}`, ':IncludeCategory: android.intent.category.LAUNCHER', `Events injected: ${events}`, ':Dropped: keys=0 pointers=0 trackballs=0 flips=0 rotations=0', '// Monkey finished'].join('\n');

export const deviceDemoSteps: DemoSteps = {
  packageAndSession: async ({ ctx, appId, actor }, args) => {
    const spec = { package: DEVICE_DEMO_PACKAGE, components: [{ type: 'activity', name: '.LanternActivity', intentFilter: true }], ...(args.spec as Partial<PackageSpec>) } as PackageSpec;
    const file = buildPackage(spec, { kind: 'apk', signer: signingIdentity('Lantern Run Release'), files: { 'classes.dex': Buffer.from('dex\n035\0lantern run') } });
    const p = await upload(ctx, { req: undefined as never, reply: undefined as never, scopeId: appId, actor, params: { appId }, input: { fileName: String(args.fileName) }, file });
    const s = args.session as DemoSession;
    const ended = new Date();
    const started = new Date(ended.getTime() - s.deviceSeconds * 1000);
    const at = (d: Date, line: string) => ({ at: d.toISOString(), line });
    await records(ctx.db, deviceModels(ctx).sessions).insert(
      appId,
      {
        packageHash: p.sha256,
        serial: s.serial,
        events: s.events,
        package: p.package,
        fileName: p.fileName,
        model: s.model,
        startedAt: started.toISOString(),
        endedAt: ended.toISOString(),
        deviceSeconds: s.deviceSeconds,
        outcome: 'finished',
        steps: [at(started, 'installing the package'), at(started, `installed ${DEVICE_DEMO_PACKAGE}; launching it`), at(started, `sending ${s.events} monkey events`), at(ended, 'finished')],
        log: `${MONKEY(DEVICE_DEMO_PACKAGE, s.events)}\n----- logcat -----\nI/ActivityManager: Start proc ${DEVICE_DEMO_PACKAGE}/.LanternActivity`,
        hasScreenshot: false,
      },
      { status: 'passed' },
    );
    await recordDeviceTime(ctx, appId, s.deviceSeconds, started);
  },
};
