/**
 * Stacktrace's part of `npm run bench` (alone: `npx tsx bench/stacktrace.ts`): symbolicating a 64-frame crash against
 * a Breakpad symbol file of 50,000 functions (each with two line records) as the service does — the crash log read,
 * every frame's address looked up by streaming the file through `@indutny/breakpad` — beside looking the same
 * addresses up by binary search in a sorted array already in memory (the limit), the median of a few runs each, and
 * the ratio. Then an ELF compiled here with `cc -g` (one function a source line): reading its symbol table and DWARF
 * line table into Breakpad text, and the same crash symbolicated to function and line against it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCrashLog } from '../server/services/stacktrace/crash-logs';
import { readBreakpad, readElf } from '../server/services/stacktrace/symbol-files';
import { symbolicate } from '../server/services/stacktrace/symbolicate';

const FUNCTIONS = Number(process.env.BENCH_STACKTRACE_FUNCTIONS ?? 50_000);
/** Functions of the compiled ELF: fewer than the Breakpad file's, for the compiler's time. */
const ELF_FUNCTIONS = Number(process.env.BENCH_STACKTRACE_ELF_FUNCTIONS ?? 10_000);
const FRAMES = 64;
const RUNS = Number(process.env.BENCH_STACKTRACE_RUNS ?? 7);
const BUILD_ID = '3f2a9c01d7e4b8150a6c2e4f8b9d1a7c55aa66bb';
const DEBUG_ID = '019C2A3FE4D715B80A6C2E4F8B9D1A7C0';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

export async function runStacktraceBench(): Promise<void> {
  // Functions of 0x40 bytes from 0x10000, each with two line records of 0x20 bytes.
  const lines = [`MODULE Linux arm64 ${DEBUG_ID} libgame.so`, 'FILE 0 src/game.cpp'];
  for (let i = 0; i < FUNCTIONS; i++) {
    const a = 0x10000 + i * 0x40;
    lines.push(`FUNC ${a.toString(16)} 40 0 game::function_${i}()`, `${a.toString(16)} 20 ${i * 3 + 1} 0`, `${(a + 0x20).toString(16)} 20 ${i * 3 + 2} 0`);
  }
  const text = `${lines.join('\n')}\n`;
  const reading = readBreakpad(text);
  const step = Math.floor(FUNCTIONS / FRAMES);
  const pcs = Array.from({ length: FRAMES }, (_, k) => 0x10000 + (k * step) * 0x40 + 0x24);
  const log = ['signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0', 'backtrace:', ...pcs.map((pc, k) => `  #${String(k).padStart(2, '0')} pc ${pc.toString(16).padStart(16, '0')}  /data/app/lib/arm64/libgame.so (BuildId: ${BUILD_ID})`)].join('\n');
  const symbols = [{ id: 'bench', buildId: BUILD_ID, debugId: DEBUG_ID, moduleName: 'libgame.so' }];

  let resolved = 0;
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    // Resolved means the function and its line: each pc is 0x24 into its function, in the second line record.
    runs.push(await timed(async () => (resolved = (await symbolicate(readCrashLog(log), symbols, async () => reading.text)).filter((f, k) => f.resolved && f.line === k * step * 3 + 2).length)));
  }
  const service = median(runs);

  // The limit: the functions as sorted start addresses and names in memory, each address found by binary search.
  const starts = Int32Array.from({ length: FUNCTIONS }, (_, i) => 0x10000 + i * 0x40);
  const names = Array.from({ length: FUNCTIONS }, (_, i) => `game::function_${i}()`);
  let found: string[] = [];
  const lookup = (pc: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pc) lo = mid;
      else hi = mid - 1;
    }
    return names[lo]!;
  };
  const limits: number[] = [];
  for (let r = 0; r < RUNS; r++) limits.push(await timed(() => (found = pcs.map((pc, k) => lookup(k > 0 ? pc - 1 : pc)))));
  const array = median(limits);
  if (resolved !== FRAMES || found.length !== FRAMES) throw new Error(`bench: ${resolved} of ${FRAMES} frames symbolicated to their line`);

  console.log(`\nstacktrace: a ${FRAMES}-frame crash against a ${(text.length / 1e6).toFixed(1)} MB Breakpad file of ${FUNCTIONS} functions, median of ${RUNS} runs`);
  console.log(`  the service (log read, the file streamed through @indutny/breakpad): ${service.toFixed(1)} ms per crash`);
  console.log(`  binary search in a sorted array in memory (the limit): ${array.toFixed(3)} ms per crash`);
  console.log(`  ratio to the limit: ${(service / array).toFixed(0)}×`);
  await elfFigures();
}

/** A `cc -g` library of ELF_FUNCTIONS functions, function i on source line i + 1: read, then a crash in it symbolicated. */
async function elfFigures(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-stacktrace-'));
  try {
    const source = Array.from({ length: ELF_FUNCTIONS }, (_, i) => `int f${i}(int x) { return x * ${i + 3} + ${i}; }`).join('\n');
    writeFileSync(join(dir, 'game.c'), `${source}\n`);
    const so = join(dir, 'libgame.so');
    execFileSync('cc', ['-g', '-O0', '-shared', '-fPIC', '-Wl,--build-id=sha1', '-o', so, join(dir, 'game.c')]);
    const bytes = readFileSync(so);
    let reading = readElf(bytes, 'libgame.so');
    const reads: number[] = [];
    for (let r = 0; r < RUNS; r++) reads.push(await timed(() => (reading = readElf(bytes, 'libgame.so'))));
    const starts = new Map([...reading.text.matchAll(/^FUNC ([0-9a-f]+) [0-9a-f]+ 0 f(\d+)$/gm)].map((m) => [Number(m[2]), parseInt(m[1]!, 16)]));
    const step = Math.floor(ELF_FUNCTIONS / FRAMES);
    const picked = Array.from({ length: FRAMES }, (_, k) => k * step);
    const log = ['signal 11 (SIGSEGV)', 'backtrace:', ...picked.map((f, k) => `  #${String(k).padStart(2, '0')} pc ${(starts.get(f)! + 4).toString(16).padStart(16, '0')}  /data/app/lib/arm64/libgame.so (BuildId: ${reading.buildId})`)].join('\n');
    const symbols = [{ id: 'elf', buildId: reading.buildId, debugId: reading.debugId, moduleName: 'libgame.so' }];
    let lined = 0;
    const runs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      runs.push(await timed(async () => (lined = (await symbolicate(readCrashLog(log), symbols, async () => reading.text)).filter((f, k) => f.function === `f${picked[k]}` && f.line === picked[k]! + 1).length)));
    }
    if (lined !== FRAMES) throw new Error(`bench: ${lined} of ${FRAMES} frames of the ELF symbolicated to their line`);
    console.log(`  a cc -g library of ${ELF_FUNCTIONS} functions (${(bytes.length / 1e6).toFixed(1)} MB): read with its DWARF lines into ${(reading.text.length / 1e6).toFixed(1)} MB of Breakpad text in ${median(reads).toFixed(1)} ms; the crash symbolicated to function and line against it in ${median(runs).toFixed(1)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runStacktraceBench();
