import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { symbolicateFrames } from '@indutny/breakpad';
import { afterAll, describe, expect, it } from 'vitest';
import { readLineTable } from '../../server/services/stacktrace/dwarf-lines';
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
  ['dwarf3-O1', ['-gdwarf-3', '-O1']],
  ['dwarf2-O0', ['-gdwarf-2', '-O0']],
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
      // DWARF 2 to 4 keep the compilation directory outside the line table: its file names are the compiler's relative ones.
      if (!name.startsWith('dwarf5')) expect(want.file.endsWith(`/${got?.file}`) || want.file === got?.file, `${at}: ${got?.file} for ${want.file}`).toBe(true);
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

  it('a compressed line table that says it inflates to far more than it can is refused, not inflated', () => {
    const { so, bytes } = compile('bomb', ['-g', '-O0', '-gz=zlib']);
    const sections = execFileSync('readelf', ['-S', '-W', so], { encoding: 'utf8' });
    const [, off, size] = /\.debug_line\s+PROGBITS\s+[0-9a-f]+\s+([0-9a-f]+)\s+([0-9a-f]+)/.exec(sections)!;
    const bomb = Buffer.from(bytes);
    // Elf64_Chdr: ch_type, ch_reserved, then ch_size at 8.
    bomb.writeBigUInt64LE(BigInt(parseInt(size!, 16) * 40), parseInt(off!, 16) + 8);
    expect(() => readElf(bomb, 'bomb.so')).toThrow(expect.objectContaining({ status: 400, details: [{ field: '/file', message: expect.stringMatching(/^compressed section \.debug_line says it holds \d+ bytes/) }] }));
  });

  it("an ARM library's Thumb functions start at their address without its lowest bit, as the ARM ELF ABI says", async () => {
    // A 32-bit ARM shared object a dependency of the project ships (argon2's prebuilt armv7 module).
    const so = join(dirname(createRequire(import.meta.url).resolve('argon2/package.json')), 'prebuilds/linux-arm/argon2.armv7.glibc.node');
    const reading = readElf(readFileSync(so), 'argon2.node');
    expect(reading.arch).toBe('arm');
    const dyn = execFileSync('readelf', ['--dyn-syms', '-W', so], { encoding: 'utf8' });
    const fns = [...dyn.matchAll(/^\s*\d+: ([0-9a-f]+)\s+(\d+) FUNC\s+\w+\s+\w+\s+\d+ (\S+)$/gm)].map((m) => ({ value: parseInt(m[1]!, 16), size: Number(m[2]), name: m[3]! }));
    expect(fns.filter((f) => f.value & 1).length).toBeGreaterThan(0);
    // Names sharing an address (a constructor's C1 and C2) are one function: any of them answers.
    const starts = [...new Set(fns.map((f) => f.value & ~1))];
    const namesAt = (a: number) => fns.filter((f) => (f.value & ~1) === a).map((f) => f.name);
    const hits = await symbolicateFrames([Buffer.from(reading.text)], starts);
    starts.forEach((a, i) => expect(namesAt(a), `0x${a.toString(16)}`).toContain(hits[i]?.name));
    for (const a of starts) expect(reading.text).toMatch(new RegExp(`^FUNC ${a.toString(16)} [0-9a-f]+ 0 `, 'm'));
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

/**
 * Units written byte by byte as the DWARF 4 standard lays them out (§6.2.4, §6.2.5): the cases a compiler here does
 * not emit — 64-bit DWARF, a unit of an unknown version, a sequence a unit leaves open.
 */
describe('DWARF line units assembled by hand', () => {
  const uleb = (n: number) => {
    const out: number[] = [];
    do {
      const b = n & 0x7f;
      n >>>= 7;
      out.push(n ? b | 0x80 : b);
    } while (n);
    return out;
  };
  const addr = (a: number) => [...Buffer.from(BigInt(a).toString(16).padStart(16, '0'), 'hex').reverse()];
  /** A DWARF 4 unit for src/a.c: line 10 at `at` for 0x10 bytes, then line 11 for 8 bytes, closed unless `open`. */
  function unit(at: number, { wide = false, version = 4, open = false } = {}): Buffer {
    const header = [1, 1, 1, 0xfb, 14, 13, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, ...Buffer.from('src\0\0a.c\0'), 1, 0, 0, 0];
    const program = [0, 9, 2, ...addr(at), 3, ...uleb(9), 1, 2, ...uleb(0x10), 3, 1, 1, 2, ...uleb(8), ...(open ? [] : [0, 1, 1])];
    const size = (n: number, bytes: number) => [...Buffer.from(BigInt(n).toString(16).padStart(bytes * 2, '0'), 'hex').reverse()];
    const offset = wide ? 8 : 4;
    const body = [...size(version, 2), ...size(header.length, offset), ...header, ...program];
    return Buffer.from([...(wide ? [0xff, 0xff, 0xff, 0xff, ...size(body.length, 8)] : size(body.length, 4)), ...body]);
  }

  it('reads a 64-bit DWARF unit as a 32-bit one', () => {
    const table = readLineTable({ debugLine: unit(0x2000, { wide: true }), littleEndian: true });
    expect(table).toEqual({ files: ['src/a.c'], ranges: [{ start: 0x2000, end: 0x2010, line: 10, file: 0 }, { start: 0x2010, end: 0x2018, line: 11, file: 0 }] });
  });

  it('skips a unit of an unknown version and reads the next', () => {
    const table = readLineTable({ debugLine: Buffer.concat([unit(0x1000, { version: 9 }), unit(0x3000)]), littleEndian: true });
    expect(table.ranges.map((r) => r.start)).toEqual([0x3000, 0x3010]);
  });

  it('ends a sequence its unit leaves open at the unit, not at the next unit’s first address', () => {
    const table = readLineTable({ debugLine: Buffer.concat([unit(0x1000, { open: true }), unit(0x5000)]), littleEndian: true });
    expect(table.ranges).toEqual([
      { start: 0x1000, end: 0x1010, line: 10, file: 0 },
      { start: 0x5000, end: 0x5010, line: 10, file: 0 },
      { start: 0x5010, end: 0x5018, line: 11, file: 0 },
    ]);
  });

  it('refuses a table of more rows than it may hold', () => {
    expect(() => readLineTable({ debugLine: unit(0x1000), littleEndian: true }, 2)).toThrow(/unit at 0x0: more than 2 line rows/);
    expect(readLineTable({ debugLine: unit(0x1000), littleEndian: true }, 3).ranges).toHaveLength(2);
  });

  it('refuses a unit that ends inside an opcode', () => {
    const whole = unit(0x1000);
    const cut = Buffer.from(whole.subarray(0, whole.length - 2));
    cut.writeUInt32LE(cut.length - 4, 0);
    expect(() => readLineTable({ debugLine: cut, littleEndian: true })).toThrow(/unit at 0x0: (ends inside a record|an extended opcode past its unit)/);
  });
});
