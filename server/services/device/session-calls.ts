/**
 * The devices attached and the sessions run on them: `devices` (with no adb server or no device, it says so),
 * `sessions.start` (the package, a device the app may use that is ready and free; queued, then run in the
 * background) and `sessions.cancel`.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { ApiError, badRequest, conflict } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { FINISHED_STATES } from '../../../resources/device/resources';
import { adbAddressOf, attachedDevices, type AttachedDevice } from './adb';
import { configOf, type DeviceConfig } from './config';
import { deviceModels, SERVICE } from './models';
import { packageOf } from './packages';
import { runQueued } from './session-run';
import { withoutLog } from './sessions';

export const NO_DEVICE = 'no device is attached to this host';
export const UNKNOWN_DEVICE = 'no such device is attached';
export const DEVICE_NOT_READY = 'the device is not ready (offline or not authorised)';
export const DEVICE_NOT_ALLOWED = 'the app may not use this device';
export const DEVICE_BUSY = 'the device is busy with another session';
export const NO_FREE_DEVICE = 'every device the app may use is busy';
export const HAP_NOT_ON_ADB = 'a HAP is installed with HarmonyOS tools, not adb: only an APK can be tested on these devices';

const ACTIVE = ['queued', 'installing', 'running'];
const unavailable = (message: string) => new ApiError(503, 'SERVICE_UNAVAILABLE', message);

/** The serials sessions are using now, in every app: a device runs one session at a time. */
async function busySerials(ctx: Ctx): Promise<Set<string>> {
  const active = await records(ctx.db, deviceModels(ctx).sessions).findEverywhere({ where: { status: { $in: ACTIVE } } });
  return new Set(active.map((a) => String(a.record.serial)));
}

const allowedBy = (config: DeviceConfig, serial: string) => config.devices.length === 0 || config.devices.includes(serial);

async function devices(ctx: Ctx, call: CallInput) {
  const config = await configOf(ctx, call.scopeId);
  const attached = await attachedDevices(adbAddressOf());
  if (!attached.available) return { available: false, message: attached.message, devices: [] };
  const busy = await busySerials(ctx);
  const list = attached.devices.map((d) => ({ ...d, allowed: allowedBy(config, d.serial), busy: busy.has(d.serial) }));
  return { available: true, ...(list.length ? {} : { message: NO_DEVICE }), devices: list };
}

/** The device a session runs on: the one named, checked, or the first the app may use that is ready and free. */
async function chooseDevice(ctx: Ctx, config: DeviceConfig, serial: string | undefined): Promise<AttachedDevice> {
  const attached = await attachedDevices(adbAddressOf());
  if (!attached.available) throw unavailable(attached.message);
  if (!attached.devices.length) throw unavailable(NO_DEVICE);
  const busy = await busySerials(ctx);
  if (serial) {
    const d = attached.devices.find((x) => x.serial === serial);
    if (!d) throw badRequest([{ field: '/serial', message: UNKNOWN_DEVICE }], UNKNOWN_DEVICE);
    if (!allowedBy(config, serial)) throw badRequest([{ field: '/serial', message: DEVICE_NOT_ALLOWED }], DEVICE_NOT_ALLOWED);
    if (d.state !== 'device') throw badRequest([{ field: '/serial', message: DEVICE_NOT_READY }], DEVICE_NOT_READY);
    if (busy.has(serial)) throw conflict('INVALID_TRANSITION', DEVICE_BUSY);
    return d;
  }
  const free = attached.devices.find((d) => d.state === 'device' && allowedBy(config, d.serial) && !busy.has(d.serial));
  if (!free) throw unavailable(NO_FREE_DEVICE);
  return free;
}

async function start(ctx: Ctx, call: CallInput): Promise<Data> {
  const appId = call.scopeId;
  const input = call.input as { packageHash: string; serial?: string; events?: number };
  const p = await packageOf(ctx, appId, input.packageHash);
  if (p.kind !== 'apk') throw badRequest([{ field: '/packageHash', message: HAP_NOT_ON_ADB }], HAP_NOT_ON_ADB);
  const config = await configOf(ctx, appId);
  const d = await chooseDevice(ctx, config, input.serial);
  const made = await records(ctx.db, deviceModels(ctx).sessions).insert(appId, {
    packageHash: input.packageHash,
    serial: d.serial,
    events: input.events ?? config.monkeyEvents,
    package: p.package,
    fileName: p.fileName,
    model: d.model,
    steps: [{ at: new Date().toISOString(), line: `queued on ${d.serial}` }],
  });
  await recordOperation(ctx.db, { actor: call.actor, appId, action: `${SERVICE}.sessions.create`, target: String(made.id), after: { package: p.package, serial: d.serial } });
  // Run now rather than at the job's next turn; the job picks up whatever this leaves (a restart meanwhile).
  void runQueued(ctx).catch(() => undefined);
  return made;
}

async function cancel(ctx: Ctx, call: CallInput): Promise<Data> {
  const appId = call.scopeId;
  const sessions = records(ctx.db, deviceModels(ctx).sessions);
  const s = await sessions.get(appId, call.params.id, { message: 'no such session' });
  if (FINISHED_STATES.includes(String(s.status))) throw conflict('INVALID_TRANSITION', 'the session has finished');
  const done = await sessions.updateOne(appId, call.params.id, { status: 'cancelled' }, { from: ACTIVE, refused: 'the session has finished' });
  await recordOperation(ctx.db, { actor: call.actor, appId, action: `${SERVICE}.sessions.cancel`, target: call.params.id });
  return withoutLog(done);
}

export const sessionCalls = (ctx: Ctx): CallHandlers => ({
  devices: (call) => devices(ctx, call),
  'sessions.start': (call) => start(ctx, call),
  'sessions.cancel': (call) => cancel(ctx, call),
});
