/**
 * Real symbol files for Stacktrace's tests: a tiny game library compiled here with the machine's C compiler (`cc -g`),
 * its function addresses and build-id read with binutils (`nm`, `readelf`), independent of the product's reader.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GameLibrary {
  bytes: Buffer;
  buildId: string;
  /** Each function's address (module-relative) as `nm` reads it. */
  functions: Record<string, number>;
}

const SOURCE = `
int crash_here(int *p) { return *p + 1; }
int level_update(int *p) { return crash_here(p) * 2; }
int game_tick(void) { return level_update(0); }
`;

/** Compiles the library (`version` changes its code, and so its build-id) and reads it with binutils. */
export function buildGameLibrary(version = 1): GameLibrary {
  const dir = mkdtempSync(join(tmpdir(), 'stacktrace-'));
  try {
    writeFileSync(join(dir, 'game.c'), `${SOURCE}\nint game_version(void) { return ${version}; }\n`);
    const so = join(dir, 'libgame.so');
    execFileSync('cc', ['-g', '-O0', '-shared', '-fPIC', '-Wl,--build-id=sha1', '-o', so, join(dir, 'game.c')]);
    const nm = execFileSync('nm', [so], { encoding: 'utf8' });
    const functions: Record<string, number> = {};
    for (const m of nm.matchAll(/^([0-9a-f]+) T (\w+)$/gm)) functions[m[2]!] = parseInt(m[1]!, 16);
    const notes = execFileSync('readelf', ['-n', so], { encoding: 'utf8' });
    const buildId = /Build ID: ([0-9a-f]+)/.exec(notes)![1]!;
    return { bytes: readFileSync(so), buildId, functions };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The library as it ships: its debug sections removed with binutils' `strip --strip-debug` (the build-id stays). */
export function strippedOf(lib: GameLibrary): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'stacktrace-strip-'));
  try {
    const so = join(dir, 'libgame.so');
    writeFileSync(so, lib.bytes);
    execFileSync('strip', ['--strip-debug', so]);
    return readFileSync(so);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const hex = (n: number) => n.toString(16).padStart(16, '0');

/** An Android tombstone of a SIGSEGV in the library: crash_here ← level_update ← game_tick ← libc's start. */
export function tombstone(lib: GameLibrary, libcBuildId = 'aa11bb22cc33dd44ee55ff6600778899aabbccdd'): string {
  const f = lib.functions;
  return [
    '*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***',
    "Build fingerprint: 'lodestar/demo/demo:14/UP1A/1:user/release-keys'",
    'pid: 4242, tid: 4242, name: GameThread  >>> com.example.game <<<',
    'signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0000000000000000',
    '',
    'backtrace:',
    `      #00 pc ${hex(f.crash_here! + 8)}  /data/app/com.example.game/lib/arm64/libgame.so (BuildId: ${lib.buildId})`,
    `      #01 pc ${hex(f.level_update! + 0x10)}  /data/app/com.example.game/lib/arm64/libgame.so (BuildId: ${lib.buildId})`,
    `      #02 pc ${hex(f.game_tick! + 0xa)}  /data/app/com.example.game/lib/arm64/libgame.so (BuildId: ${lib.buildId})`,
    `      #03 pc 0000000000049a30  /apex/com.android.runtime/lib64/bionic/libc.so (BuildId: ${libcBuildId})`,
    '',
    'Thread 2 (other):',
    `      #00 pc 00000000000a1000  /apex/com.android.runtime/lib64/bionic/libc.so (BuildId: ${libcBuildId})`,
  ].join('\n');
}
