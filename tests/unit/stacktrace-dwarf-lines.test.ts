import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { symbolicateFrames } from '@indutny/breakpad';
import { afterAll, describe, expect, it } from 'vitest';
import { readElf } from '../../server/services/stacktrace/symbol-files';

/**
 * An ELF's DWARF line table read into Breakpad line records, checked against LLVM's `llvm-addr2line` (the oracle; binutils
 * 2.40's `addr2line` reads DWARF 5 file numbers one off, naming physics.c for a function in mathx.h) on
 * libraries compiled here with the machine's C compiler: two source files and a header, DWARF 4 and 5, unoptimised
 * and optimised, plain and with compressed debug sections. Every byte of every function of the library is looked up
 * both ways.
 */
const dir = mkdtempSync(join(tmpdir(), 'stacktrace-dwarf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(join(dir, 'mathx.h'), ['static inline int clamp(int v, int lo, int hi) {', '  if (v < lo) return lo;', '  if (v > hi) return hi;', '  return v;', '}', ''].join('\n'));
writeFileSync(
  join(dir, 'physics.c'),
  ['#include "mathx.h"', 'int step(int *xs, int n) {', '  int sum = 0;', '  for (int i = 0; i < n; i++) {', '    sum += clamp(xs[i], -10, 10);', '  }', '  return sum;', '}', ''].join('\n'),
);
writeFileSync(
  join(dir, 'game.c'),
  ['int step(int *xs, int n);', 'int crash_here(int *p) {', '  int v = *p;', '  return v + 1;', '}', 'int game_tick(int *xs) {', '  int s = step(xs, 4);', '  return s + crash_here(0);', '}', ''].join('\n'),
);

function compile(name: string, flags: string[]): { so: string; bytes: Buffer } {
  const so = join(dir, `${name}.so`);
  execFileSync('cc', [...flags, '-shared', '-fPIC', '-Wl,--build-id=sha1', '-o', so, join(dir, 'game.c'), join(dir, 'physics.c')], { cwd: dir });
  return { so, bytes: readFileSync(so) };
}

/** The library's own functions (`nm`), each with its size. */
function functionsOf(so: string): { name: string; addr: number; size: number }[] {
  const out = execFileSync('nm', ['-S', '--defined-only', so], { encoding: 'utf8' });
  return [...out.matchAll(/^([0-9a-f]+) ([0-9a-f]+) [Tt] (\w+)$/gm)].map((m) => ({ name: m[3]!, addr: parseInt(m[1]!, 16), size: parseInt(m[2]!, 16) })).filter((f) => ['crash_here', 'game_tick', 'step', 'clamp'].includes(f.name));
}

/** `llvm-addr2line`'s file and line of each address; undefined where it knows none. */
function oracle(so: string, addrs: number[]): ({ file: string; line: number } | undefined)[] {
  const out = execFileSync('llvm-addr2line', ['-e', so, ...addrs.map((a) => `0x${a.toString(16)}`)], { encoding: 'utf8' }).trim().split('\n');
  return out.map((l) => {
    const m = /^(.*):(\d+)(?: \(discriminator \d+\))?$/.exec(l);
    return m && m[1] !== '??' && m[2] !== '0' ? { file: m[1]!, line: Number(m[2]) } : undefined;
  });
}

const variants: [string, string[]][] = [
  ['dwarf5-O0', ['-g', '-O0']],
  ['dwarf5-O2', ['-g', '-O2']],
  ['dwarf4-O0', ['-gdwarf-4', '-O0']],
  ['dwarf4-O2', ['-gdwarf-4', '-O2']],
  ['dwarf5-compressed', ['-g', '-O1', '-gz=zlib']],
];

describe('DWARF line tables of an ELF symbol file', () => {
  it.each(variants)('%s: every byte of every function has the file and line llvm-addr2line gives it', async (name, flags) => {
    const { so, bytes } = compile(name, flags);
    const reading = readElf(bytes, `${name}.so`);
    expect(reading.hasLines).toBe(true);
    const fns = functionsOf(so);
    expect(fns.map((f) => f.name)).toEqual(expect.arrayContaining(['crash_here', 'game_tick', 'step']));
    const addrs = fns.flatMap((f) => Array.from({ length: f.size }, (_, k) => f.addr + k));
    const expected = oracle(so, addrs);
    const answers = await symbolicateFrames([Buffer.from(reading.text)], addrs);
    let withLines = 0;
    addrs.forEach((a, i) => {
      const want = expected[i];
      const got = answers[i];
      const at = `0x${a.toString(16)}`;
      if (!want) return expect(got?.line ?? undefined, at).toBeUndefined();
      withLines++;
      // DWARF 4 keeps the compilation directory outside the line table: its file names are the compiler's relative ones.
      if (name.startsWith('dwarf4')) expect(want.file.endsWith(`/${got?.file}`) || want.file === got?.file, `${at}: ${got?.file} for ${want.file}`).toBe(true);
      else expect(got?.file, at).toBe(want.file);
      expect(got?.line, at).toBe(want.line);
    });
    expect(withLines).toBeGreaterThan(addrs.length / 2);
  });

  it('a function written in a header is found in that header', async () => {
    const { so, bytes } = compile('header', ['-g', '-O0']);
    const clamp = functionsOf(so).find((f) => f.name === 'clamp')!;
    const [hit] = await symbolicateFrames([Buffer.from(readElf(bytes, 'header.so').text)], [clamp.addr]);
    expect(hit).toMatchObject({ name: 'clamp', file: join(dir, 'mathx.h'), line: 1 });
  });

  it('a separate debug file (objcopy --only-keep-debug) has the build-id and the lines of its library', () => {
    const { so, bytes } = compile('shipped', ['-g', '-O2']);
    const debug = join(dir, 'shipped.debug');
    execFileSync('objcopy', ['--only-keep-debug', so, debug]);
    execFileSync('strip', ['--strip-debug', so]);
    const stripped = readElf(readFileSync(so), 'shipped.so');
    const kept = readElf(readFileSync(debug), 'shipped.so');
    expect(stripped.hasLines).toBe(false);
    expect([kept.buildId, kept.hasLines]).toEqual([stripped.buildId, true]);
    expect(kept.text).toBe(readElf(bytes, 'shipped.so').text);
  });

  it('a library without debug information has functions and no lines', () => {
    const reading = readElf(compile('nodebug', ['-O0']).bytes, 'nodebug.so');
    expect(reading.hasLines).toBe(false);
    expect(reading.functionCount).toBeGreaterThanOrEqual(3);
    expect(reading.text).not.toMatch(/^FILE /m);
  });

  it('a line table whose unit runs past its section is refused, naming the unit', () => {
    const { so, bytes } = compile('corrupt', ['-g', '-O0']);
    const sections = execFileSync('readelf', ['-S', '-W', so], { encoding: 'utf8' });
    const offset = parseInt(/\.debug_line\s+PROGBITS\s+[0-9a-f]+\s+([0-9a-f]+)/.exec(sections)![1]!, 16);
    const broken = Buffer.from(bytes);
    broken.writeUInt32LE(0x7ffffff0, offset);
    expect(() => readElf(broken, 'corrupt.so')).toThrow(expect.objectContaining({ status: 400, details: [{ field: '/file', message: 'malformed DWARF line table: .debug_line unit at 0x0: a unit longer than the section' }] }));
  });
});
