/**
 * A room's plugin on its relay: the released version of the plugin its profile names, taken when the room is
 * allocated, run by the instance that hosts the room (its owner, ADR 0036) — bridged connections reach it there, so
 * no other instance runs it. Each hook (onCreate, onJoin, onMessage, onLeave, onTick) is one run in the stateless
 * functions' sandbox (`../func-stateless/sandbox.ts`) with the plugin's memory and time limits: a fresh QuickJS
 * runtime given the room's state as JSON and answering it back, so a hook that throws, loops or runs out of memory
 * loses only its own changes. A room's hooks run one after another in the order their events happened; what they
 * print, and how one failed, is the room's log with tag LogicPlugin. The relay never waits for a hook.
 */
import type { Ctx } from '../../context';
import type { Data } from '../../engine/store';
import { runInSandbox, type SandboxLimits } from '../func-stateless/sandbox';
import type { LiveRoom } from './hub';
import { persist, pluginsOf, pluginVersionsOf, runtimeOf } from './models';
import { PLUGIN_FILE, ROOM_ENTRY, ROOM_GUEST } from './plugin-guest';
import { logRoom } from './rooms';
import { addBytes } from './usage';

/** What one room's plugin may do beyond its own limits. */
export const PLUGIN_BOUNDS = { pendingHooks: 64, stateBytes: 256 * 1024, sendsPerHook: 256, logLines: 1000, reasonChars: 2000 };

export type PluginHook = 'onCreate' | 'onJoin' | 'onMessage' | 'onLeave' | 'onTick';

export interface RoomPlugin {
  pluginId: string;
  version: number;
  files: Record<string, string>;
  tickMs: number;
  limits: SandboxLimits;
  /** The JSON the last hook left in `room.state`. */
  state: unknown;
  /** The hooks the plugin exports, known once its first hook ran. */
  hooks?: string[];
  queue: Promise<void>;
  pending: number;
  ticking: boolean;
  lastTick: number;
  timer?: NodeJS.Timeout;
  /** Lines written to the room's log so far. */
  lines: number;
  stopped: boolean;
}

/** The version a room of `profile` runs: its plugin's released one, if it has one. */
export async function pluginOf(ctx: Ctx, appId: string, profile: Data): Promise<RoomPlugin | undefined> {
  if (!profile.pluginId) return undefined;
  const plugin = await pluginsOf(ctx).maybe(appId, String(profile.pluginId));
  if (!plugin?.liveVersion) return undefined;
  const version = await pluginVersionsOf(ctx).first(appId, { where: { pluginId: String(plugin.id), number: Number(plugin.liveVersion) } });
  if (!version) return undefined;
  return {
    pluginId: String(plugin.id),
    version: Number(version.number),
    files: { [PLUGIN_FILE]: String(version.code), '__room.js': ROOM_GUEST },
    tickMs: Number(plugin.tickMs),
    limits: { memoryBytes: Number(plugin.memoryMb) * 1024 * 1024, timeoutMs: Number(plugin.timeoutMs), allowedHosts: [] },
    state: null,
    queue: Promise.resolve(),
    pending: 0,
    ticking: false,
    lastTick: Date.now(),
    lines: 0,
    stopped: false,
  };
}

/** A line of the room's log from its plugin, while it has lines left. */
function line(ctx: Ctx, live: LiveRoom, p: RoomPlugin, event: string, reason: string, playerId?: string): void {
  p.lines += 1;
  if (p.lines > PLUGIN_BOUNDS.logLines + 1) return;
  const quiet = p.lines === PLUGIN_BOUNDS.logLines + 1;
  const entry = quiet ? { event: 'quiet', reason: `the plugin wrote ${PLUGIN_BOUNDS.logLines} lines; the rest are not kept` } : { event, reason: reason.slice(0, PLUGIN_BOUNDS.reasonChars), playerId };
  void persist(ctx, live, 'plugin log', () => logRoom(ctx, ctx.db, live.appId, live.id, { tag: 'LogicPlugin', ...entry }));
}

/** Starts the room's plugin: its onCreate first. */
export function startPlugin(ctx: Ctx, live: LiveRoom, p: RoomPlugin): void {
  live.plugin = p;
  line(ctx, live, p, 'started', `version ${p.version}`);
  enqueue(ctx, live, 'onCreate', []);
}

/** Stops the room's plugin (the room closed): hooks waiting are not run, ticks end. */
export function stopPlugin(live: LiveRoom): void {
  if (!live.plugin) return;
  live.plugin.stopped = true;
  clearInterval(live.plugin.timer);
}

/**
 * Runs a hook after those before it. False when the room has no plugin or too many hooks wait (the event is dropped,
 * and said so in the log); a hook the plugin does not export is not run.
 */
export function enqueue(ctx: Ctx, live: LiveRoom, hook: PluginHook, args: unknown[]): boolean {
  const p = live.plugin;
  if (!p || p.stopped) return false;
  if (p.hooks && !p.hooks.includes(hook)) return true;
  if (p.pending >= PLUGIN_BOUNDS.pendingHooks) {
    line(ctx, live, p, 'busy', `${hook} dropped: ${p.pending} hooks waiting`);
    return false;
  }
  p.pending += 1;
  p.queue = p.queue
    .then(() => (p.stopped ? undefined : runHook(ctx, live, p, hook, args)))
    .catch((err: unknown) => runtimeOf(ctx).report(err, 'plugin hook'))
    .then(() => {
      p.pending -= 1;
      if (hook === 'onTick') p.ticking = false;
    });
  return true;
}

interface HookAnswer {
  state: unknown;
  out: { data: unknown; to?: string[]; except?: string[] }[];
  hooks: string[];
}

async function runHook(ctx: Ctx, live: LiveRoom, p: RoomPlugin, hook: PluginHook, args: unknown[]): Promise<void> {
  const players = [...live.seats.values()].filter((s) => s.state === 'connected').map((s) => s.playerId);
  const playerId = typeof args[0] === 'string' && hook !== 'onTick' ? args[0] : undefined;
  const outcome = await runInSandbox({ files: p.files, handler: ROOM_ENTRY, event: { hook, args, state: p.state, roomId: live.id, players }, context: {}, limits: p.limits });
  for (const l of outcome.logs) line(ctx, live, p, 'log', l.level === 'log' ? l.message : `[${l.level}] ${l.message}`, playerId);
  if (outcome.status !== 'success') return void line(ctx, live, p, outcome.status, `${hook}: ${outcome.error ?? outcome.status}`, playerId);
  const answer = JSON.parse(outcome.result!) as HookAnswer;
  const first = !p.hooks;
  p.hooks = answer.hooks;
  if (first && p.hooks.includes('onTick') && !p.stopped) startTicks(ctx, live, p);
  if (Buffer.byteLength(JSON.stringify(answer.state)) > PLUGIN_BOUNDS.stateBytes) line(ctx, live, p, 'error', `${hook}: room.state is larger than ${PLUGIN_BOUNDS.stateBytes} bytes; the state before it is kept`, playerId);
  else p.state = answer.state;
  if (answer.out.length > PLUGIN_BOUNDS.sendsPerHook) line(ctx, live, p, 'error', `${hook}: ${answer.out.length} messages sent; only the first ${PLUGIN_BOUNDS.sendsPerHook} are delivered`, playerId);
  if (runtimeOf(ctx).hub.rooms.get(live.id) === live) deliver(ctx, live, answer.out.slice(0, PLUGIN_BOUNDS.sendsPerHook));
}

/** The plugin's messages, each to the players it names (connected ones) or to everyone connected but those excepted. */
function deliver(ctx: Ctx, live: LiveRoom, out: HookAnswer['out']): void {
  let bytes = 0;
  for (const m of out) {
    const frame = JSON.stringify({ type: 'plugin', data: m.data });
    for (const s of live.seats.values()) {
      const aimed = m.to ? m.to.includes(s.playerId) : !m.except?.includes(s.playerId);
      const socket = s.conn?.socket;
      if (!aimed || !socket || socket.readyState !== socket.OPEN) continue;
      socket.send(frame);
      bytes += Buffer.byteLength(frame);
    }
    live.messages += 1;
  }
  live.bytes += bytes;
  if (bytes) addBytes(ctx, live.appId, bytes);
}

/** onTick every `tickMs`, given the time since the last one; a tick still running makes the next one wait. */
function startTicks(ctx: Ctx, live: LiveRoom, p: RoomPlugin): void {
  p.lastTick = Date.now();
  p.timer = setInterval(() => {
    if (p.ticking || p.stopped) return;
    const now = Date.now();
    p.ticking = enqueue(ctx, live, 'onTick', [now - p.lastTick]);
    p.lastTick = now;
  }, p.tickMs);
  p.timer.unref();
}
