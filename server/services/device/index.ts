import type { ServiceModule } from '../index';
import { configCalls } from './config';
import { deviceDemoSteps } from './demo';
import { SERVICE } from './models';
import { packageCalls } from './packages';
import { sessionCalls } from './session-calls';
import { runQueued } from './session-run';
import { sessionListCalls } from './sessions';
import { tokenCalls } from './token';
import { usageCalls } from './usage';

/**
 * Device (real-device testing): packages read by the package reader and kept in the blob store, the app's device
 * config, a device client's token, the devices attached (through adb), test sessions run on them and the device time billed. Its records and calls are declared in `resources/device/`.
 */
export const deviceModule: ServiceModule = {
  service: SERVICE,
  jobs: (ctx) => [{ name: 'device.sessions', everyMs: 3000, run: () => runQueued(ctx) }],
  seedSteps: deviceDemoSteps,
  calls: (ctx) => ({ ...packageCalls(ctx), ...configCalls(ctx), ...tokenCalls(ctx), ...sessionListCalls(ctx), ...sessionCalls(ctx), ...usageCalls(ctx) }),
};
