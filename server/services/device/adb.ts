/**
 * The device driver: DeviceFarmer's adbkit talking to the adb server of the host (`ADB_HOST`, `ADB_PORT`, default
 * 127.0.0.1:5037). It lists the devices attached and runs one test session's steps on a device: install, launch,
 * monkey, logcat, screenshot, uninstall. With no adb server it says so instead of failing obscurely.
 */
import { Readable } from 'node:stream';
import * as adbkit from '@devicefarmer/adbkit';
import type { DeviceWithPath } from '@devicefarmer/adbkit';

export interface AdbAddress {
  host: string;
  port: number;
}

export const adbAddressOf = (env: NodeJS.ProcessEnv = process.env): AdbAddress => ({ host: env.ADB_HOST || '127.0.0.1', port: Number(env.ADB_PORT || 5037) });

export interface AttachedDevice {
  serial: string;
  /** adb's state: `device` when usable, else `offline`, `unauthorized`... */
  state: string;
  model: string;
}

export type Attached = { available: true; devices: AttachedDevice[] } | { available: false; message: string };

export const NO_ADB = 'no adb server answers on this host, so no device can be used';

// The package is CommonJS: Node's ESM loader gives its exports only as the default export's properties.
const Adb = (adbkit.Adb as typeof adbkit.Adb | undefined) ?? (adbkit as unknown as { default: typeof adbkit }).default.Adb;
/** No adb server to ask: nothing listens, or (adbkit then starts one with the `adb` program) no such program. */
const NO_SERVER = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNRESET', 'ENOENT'];

const clientOf = (a: AdbAddress) => Adb.createClient({ host: a.host, port: a.port });

/** The devices the adb server sees, or why there is no adb server to ask. */
export async function attachedDevices(a: AdbAddress): Promise<Attached> {
  try {
    // adbkit hands `devices -l` fields over as adb prints them (`model:Pixel_7`).
    const devices = await clientOf(a).listDevicesWithPaths();
    return { available: true, devices: devices.map((d: DeviceWithPath) => ({ serial: d.id, state: d.type, model: (d.model ?? '').replace(/^model:/, '').replace(/_/g, ' ') })) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && NO_SERVER.includes(code)) return { available: false, message: NO_ADB };
    throw e;
  }
}

/** One device's steps, each a real adb exchange. */
export interface DeviceSteps {
  install(apk: Buffer): Promise<void>;
  /** A shell command's whole output. */
  shell(command: string): Promise<string>;
  screenshot(): Promise<Buffer>;
  uninstall(pkg: string): Promise<void>;
}

export function deviceSteps(a: AdbAddress, serial: string): DeviceSteps {
  const device = clientOf(a).getDevice(serial);
  const all = async (stream: Promise<NodeJS.ReadableStream>) => Adb.util.readAll((await stream) as never);
  return {
    async install(apk) {
      await device.install(Readable.from([apk]));
    },
    shell: async (command) => (await all(device.shell(command))).toString('utf8'),
    screenshot: () => all(device.shell('screencap -p')),
    async uninstall(pkg) {
      await device.uninstall(pkg);
    },
  };
}

/** The monkey's verdict from its output: finished, or why not (a crash, an ANR, an abort). */
export function monkeyVerdict(output: string): { passed: boolean; outcome: string } {
  if (/\/\/ CRASH/.test(output)) return { passed: false, outcome: 'crashed' };
  if (/\/\/ NOT RESPONDING/.test(output)) return { passed: false, outcome: 'not-responding' };
  if (/\*\* Monkey aborted|No activities found to run/.test(output)) return { passed: false, outcome: 'aborted' };
  if (/\/\/ Monkey finished/.test(output)) return { passed: true, outcome: 'finished' };
  return { passed: false, outcome: 'unfinished' };
}
