/**
 * Symbolicating a crash: each frame's module found among the app's symbol files (by GNU build-id, by Breakpad debug
 * id, else by module name, the crash's version first), the addresses looked up in that file's Breakpad text with
 * `@indutny/breakpad`, and the record's fields worked out: frames, state, signature and title.
 */
import { createHash } from 'node:crypto';
import { symbolicateFrames } from '@indutny/breakpad';
import type { Data } from '../../engine/store';
import type { CrashReading, RawFrame } from './crash-logs';
import { debugIdOfBuildId } from './symbol-files';

/** What a symbol file's record says of the module it describes. */
export interface SymbolRef {
  id: string;
  buildId?: string;
  debugId?: string;
  moduleName?: string;
  appVersion?: string;
}

export interface Frame {
  index: number;
  module: string;
  address: string;
  function?: string;
  file?: string;
  line?: number;
  resolved: boolean;
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** The symbol file a frame's module is described by, if the app has one. */
export function symbolFor(frame: RawFrame, symbols: SymbolRef[], version?: string): SymbolRef | undefined {
  if (frame.buildId) {
    const debugId = debugIdOfBuildId(frame.buildId);
    return symbols.find((s) => s.buildId === frame.buildId) ?? symbols.find((s) => s.debugId === debugId);
  }
  if (frame.debugId) return symbols.find((s) => s.debugId === frame.debugId);
  const named = symbols.filter((s) => s.moduleName === baseName(frame.module));
  return named.find((s) => s.appVersion === version) ?? named[0];
}

/** The ids that name a frame's module: a symbol file uploaded later for one of them is this crash's. */
export const moduleIdsOf = (frames: RawFrame[]) =>
  [...new Set(frames.flatMap((f) => (f.buildId ? [f.buildId, debugIdOfBuildId(f.buildId)] : f.debugId ? [f.debugId] : [])))].sort();

/**
 * Looks every frame up. A caller frame's address is its return address: the instruction before it is the call, so
 * `pc - 1` is looked up for every frame but the first.
 */
export async function symbolicate(reading: CrashReading, symbols: SymbolRef[], textOf: (symbolId: string) => Promise<string | undefined>, version?: string): Promise<Frame[]> {
  const bySymbol = new Map<string, number[]>();
  const owner = reading.frames.map((f, i) => {
    const s = symbolFor(f, symbols, version);
    if (s) bySymbol.set(s.id, [...(bySymbol.get(s.id) ?? []), i]);
    return s;
  });
  const found = new Map<number, { name: string; file: string | null; line: number | null }>();
  for (const [symbolId, at] of bySymbol) {
    const text = await textOf(symbolId);
    if (!text) continue;
    const addrs = at.map((i) => Math.max(0, reading.frames[i]!.pc - (reading.frames[i]!.index > 0 ? 1 : 0)));
    const answers = await symbolicateFrames([Buffer.from(text)], addrs);
    answers.forEach((a, k) => a && found.set(at[k]!, a));
  }
  return reading.frames.map((f, i) => {
    const hit = found.get(i);
    const fn = hit?.name ?? f.symbol;
    return {
      index: f.index,
      module: f.module,
      address: `0x${f.pc.toString(16).padStart(8, '0')}`,
      ...(fn ? { function: fn } : {}),
      ...(hit?.file ? { file: hit.file } : {}),
      ...(hit?.line ? { line: hit.line } : {}),
      resolved: !!hit || (!!f.symbol && !owner[i]),
    };
  });
}

/** The frames that make a crash's signature: identical crashes share the top of their stack. */
const SIGNATURE_FRAMES = 5;

/** The record's fields from a crash and its symbolicated frames. */
export function recordFields(reading: CrashReading, frames: Frame[]): { status: string; data: Data } {
  const resolved = frames.filter((f) => f.resolved).length;
  const status = frames.length === 0 || resolved === 0 ? 'failed' : resolved === frames.length ? 'finished' : 'partial_finished';
  const top = frames.slice(0, SIGNATURE_FRAMES).map((f) => `${baseName(f.module)}!${f.function ?? f.address}`);
  const signature = createHash('sha256').update(top.join('\n')).digest('hex').slice(0, 16);
  const first = frames.find((f) => f.function);
  const where = first ? first.function : frames[0] ? `${baseName(frames[0].module)} ${frames[0].address}` : 'unknown frames';
  const error =
    frames.length === 0
      ? 'no stack frames found in the log'
      : resolved === 0
        ? `no symbol file for ${[...new Set(frames.map((f) => baseName(f.module)))].slice(0, 3).join(', ')}`
        : undefined;
  return {
    status,
    data: {
      title: `${reading.signal ?? 'crash'} in ${where}`.slice(0, 300),
      format: reading.format,
      ...(reading.signal ? { signal: reading.signal } : {}),
      ...(reading.abortMessage ? { abortMessage: reading.abortMessage.slice(0, 1000) } : {}),
      signature,
      frameCount: frames.length,
      resolvedCount: resolved,
      frames,
      ...(error ? { error } : {}),
      parsedAt: new Date().toISOString(),
    },
  };
}
