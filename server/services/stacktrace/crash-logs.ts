/**
 * Reading a crash log into its crashing thread's frames: Android native tombstones (`#00 pc 0001a2b4 /…/libgame.so
 * (crash_here+12) (BuildId: …)`), Unity player logs (the same frames, behind logcat prefixes), and Breakpad's stack
 * walk, machine-readable (`Module|…`, `thread|frame|module|…|offset`) or as text (` 0  libgame.so + 0x1a2b4`).
 */
export type CrashFormat = 'tombstone' | 'unity' | 'breakpad' | 'unknown';

export interface RawFrame {
  index: number;
  /** Module-relative address. */
  pc: number;
  module: string;
  buildId?: string;
  debugId?: string;
  /** A symbol the log already names (a tombstone's `(name+off)`). */
  symbol?: string;
}

export interface CrashReading {
  format: CrashFormat;
  signal?: string;
  abortMessage?: string;
  frames: RawFrame[];
}

const TOMBSTONE_FRAME = /#(\d+)\s+pc\s+(?:0x)?([0-9a-fA-F]+)\s+(\S+)((?:\s+\([^)]*\))*)/;
const MAX_FRAMES = 256;

function tombstoneFrames(lines: string[]): RawFrame[] {
  const frames: RawFrame[] = [];
  for (const line of lines) {
    const m = TOMBSTONE_FRAME.exec(line);
    if (!m) continue;
    const index = Number(m[1]);
    // The crashing thread's backtrace comes first; the next #00 starts another thread's.
    if (index === 0 && frames.length) break;
    const extras = [...(m[4] ?? '').matchAll(/\(([^)]*)\)/g)].map((x) => x[1]!.trim());
    const buildId = extras.find((e) => e.startsWith('BuildId:'))?.slice(8).trim().toLowerCase();
    const symbol = extras.find((e) => !e.startsWith('BuildId:') && e !== '');
    frames.push({ index, pc: parseInt(m[2]!, 16), module: m[3]!, ...(buildId && /^[0-9a-f]+$/.test(buildId) ? { buildId } : {}), ...(symbol ? { symbol: symbol.replace(/\+\d+$/, '') } : {}) });
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}

function breakpadMachineFrames(lines: string[]): RawFrame[] {
  const modules = new Map<string, string>();
  let crashed = '0';
  for (const line of lines) {
    const p = line.split('|');
    if (p[0] === 'Module' && p[1] && p[4]) modules.set(p[1], p[4].toUpperCase());
    if (p[0] === 'Crash' && p[3] !== undefined && /^\d+$/.test(p[3])) crashed = p[3];
  }
  const frames: RawFrame[] = [];
  for (const line of lines) {
    const p = line.split('|');
    if (p.length !== 7 || p[0] !== crashed || !/^\d+$/.test(p[1]!) || !/^0x[0-9a-fA-F]+$/.test(p[6]!) || !p[2]) continue;
    const debugId = modules.get(p[2]);
    frames.push({ index: Number(p[1]), pc: parseInt(p[6]!, 16), module: p[2], ...(debugId ? { debugId } : {}), ...(p[3] ? { symbol: p[3] } : {}) });
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}

function breakpadTextFrames(lines: string[]): RawFrame[] {
  const start = lines.findIndex((l) => /^Thread \d+ \(crashed\)/.test(l));
  if (start < 0) return [];
  const frames: RawFrame[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^Thread \d+/.test(line)) break;
    const m = /^\s*(\d+)\s+(\S+?)\s*\+\s*0x([0-9a-fA-F]+)\s*$/.exec(line);
    if (m) frames.push({ index: Number(m[1]), pc: parseInt(m[3]!, 16), module: m[2]! });
    if (frames.length >= MAX_FRAMES) break;
  }
  return frames;
}

export function readCrashLog(text: string): CrashReading {
  const lines = text.split(/\r?\n/);
  const signalLine = /signal (\d+) \((\w+)\)/.exec(text) ?? /^Crash\|(\w+)\|/m.exec(text) ?? /Crash reason:\s+(\w+)/.exec(text);
  const signal = signalLine ? (signalLine[2] ?? signalLine[1]) : undefined;
  const abort = /Abort message:\s'([^'\n]*)'/.exec(text)?.[1];
  const head = { ...(signal ? { signal } : {}), ...(abort ? { abortMessage: abort } : {}) };
  if (lines.some((l) => l.startsWith('Module|'))) return { format: 'breakpad', ...head, frames: breakpadMachineFrames(lines) };
  if (lines.some((l) => /^Thread \d+ \(crashed\)/.test(l))) return { format: 'breakpad', ...head, frames: breakpadTextFrames(lines) };
  const frames = tombstoneFrames(lines);
  if (!frames.length) return { format: 'unknown', ...head, frames };
  const unity = /\bUnity\b|libunity\.so|libil2cpp\.so|UnityPlayer/.test(text);
  return { format: unity ? 'unity' : 'tombstone', ...head, frames };
}
