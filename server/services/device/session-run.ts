/**
 * A test session's run on its device: install the package, launch it, send the monkey its events, keep the logcat
 * and a screenshot, uninstall — the state moving queued → installing → running → passed | failed as each step is
 * answered, or cancelled when someone cancels it meanwhile. The device time it held is billed through the meter.
 */
import type { Ctx } from '../../context';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { adbAddressOf, deviceSteps, monkeyVerdict, type DeviceSteps } from './adb';
import { configOf } from './config';
import { deviceModels } from './models';
import { packageBytes, packageOf } from './packages';
import { recordDeviceTime } from './usage';

/** The longest log a session keeps (its tail). */
const LOG_LIMIT = 200_000;

class Cancelled extends Error {}
class TimedOut extends Error {}

const line = (text: string) => ({ at: new Date().toISOString(), line: text });

export async function runSession(ctx: Ctx, appId: string, id: string, stepsOf: (serial: string) => DeviceSteps = (s) => deviceSteps(adbAddressOf(), s)): Promise<Data> {
  const sessions = records(ctx.db, deviceModels(ctx).sessions);
  const started = Date.now();
  const session = await sessions.updateOne(appId, id, { status: 'installing', set: { startedAt: new Date(started).toISOString(), steps: [line('installing the package')] } }, { from: ['queued'] });
  const steps: { at: string; line: string }[] = [...((session.steps as []) ?? [])];
  /** Moves on to the next state, unless the session was cancelled meanwhile. */
  const move = async (status: string, text: string) => {
    steps.push(line(text));
    try {
      await sessions.updateOne(appId, id, { status, set: { steps } }, { from: ['installing', 'running'] });
    } catch {
      throw new Cancelled();
    }
  };
  const config = await configOf(ctx, appId);
  const pkg = String(session.package);
  const device = stepsOf(String(session.serial));
  let log = '';
  let screenshot: Buffer | undefined;
  let verdict: { status: string; outcome: string; problem?: string };
  let installed = false;
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new TimedOut()), config.timeoutSeconds * 1000).unref());
  const work = async () => {
    const p = await packageOf(ctx, appId, String(session.packageHash));
    await device.install(await packageBytes(ctx, appId, p));
    installed = true;
    await move('running', `installed ${pkg}; launching it`);
    await device.shell(`monkey -p ${pkg} -c android.intent.category.LAUNCHER 1`);
    const events = Number(session.events ?? config.monkeyEvents);
    steps.push(line(`sending ${events} monkey events`));
    const output = await device.shell(`monkey -p ${pkg} --throttle ${config.throttleMs} -v ${events}`);
    const logcat = await device.shell('logcat -d -v time -t 2000');
    screenshot = await device.screenshot();
    log = `${output}\n----- logcat -----\n${logcat}`;
    const m = monkeyVerdict(output);
    return { status: m.passed ? 'passed' : 'failed', outcome: m.outcome };
  };
  try {
    verdict = await Promise.race([work(), deadline]);
  } catch (e) {
    if (e instanceof Cancelled) verdict = { status: 'cancelled', outcome: 'cancelled' };
    else if (e instanceof TimedOut) verdict = { status: 'failed', outcome: 'timed-out' };
    else verdict = { status: 'failed', outcome: 'error', problem: (e as Error).message };
  }
  if (installed) await device.uninstall(pkg).catch((e: Error) => steps.push(line(`uninstalling failed: ${e.message}`)));
  steps.push(line(`${verdict.outcome}${verdict.problem ? `: ${verdict.problem}` : ''}`));
  const deviceSeconds = Math.max(1, Math.ceil((Date.now() - started) / 1000));
  const finished = {
    endedAt: new Date().toISOString(),
    deviceSeconds,
    outcome: verdict.outcome,
    ...(verdict.problem ? { problem: verdict.problem } : {}),
    steps,
    log: log.slice(-LOG_LIMIT),
    hasScreenshot: !!screenshot?.length,
    ...(screenshot?.length ? { screenshot: screenshot.toString('base64') } : {}),
  };
  // The verdict stands unless the session was cancelled meanwhile; a cancelled one keeps its state, and says so.
  const [done] = (await sessions.update(appId, { id, status: { $in: ['installing', 'running'] } }, { status: verdict.status, set: finished })).length
    ? await sessions.update(appId, { id }, { set: {} })
    : await sessions.update(appId, { id }, { set: { ...finished, outcome: 'cancelled' } });
  await recordDeviceTime(ctx, appId, deviceSeconds);
  return done.record;
}

/** Runs every queued session, oldest first (the module's job, and the start call's nudge). */
export async function runQueued(ctx: Ctx, stepsOf?: (serial: string) => DeviceSteps): Promise<number> {
  const queued = await records(ctx.db, deviceModels(ctx).sessions).findEverywhere({ where: { status: 'queued' }, orderBy: 'createdAt' });
  let ran = 0;
  for (const { scopeId, record } of queued) {
    const done = await runSession(ctx, scopeId, String(record.id), stepsOf).catch(() => undefined);
    if (done) ran += 1;
  }
  return ran;
}
