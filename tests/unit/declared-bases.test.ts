import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { services } from '../../resources';

/**
 * A service's API base is said once, in its declaration; the server, the console and the tests read it from there.
 * Allowed to spell it out: the declarations themselves, the call inventory the tests check against, and the
 * catalogue test that holds each declared base against the specification's value.
 */
const ALLOWED = [/^resources\//, /^tests\/inventory\/.*\.json$/, /^tests\/unit\/catalogue\.test\.ts$/];
const SCANNED = /^(server|src|providers|tests|bench|scripts)\/.*\.(ts|tsx|js|mjs|json)$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A base typed out as a path of its own: not the tail of another path or word, nor the head of a longer segment. */
const typedOut = (base: string) => new RegExp(`(?<![\\w./-])${escape(base)}(?![\\w-])`);

/** `file:line: text` for every line of the tracked files that spells out one of `bases`. */
function spelledOut(bases: string[], files: string[], read: (file: string) => string): string[] {
  const patterns = bases.map(typedOut);
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('declared service bases', () => {
  const bases = [...new Set(services.map((s) => s.base))];

  it('match a base as a path of its own only', () => {
    const arcade = typedOut('/uarcade/v1');
    expect(arcade.test("h.svc('GET', '/uarcade/v1/users')")).toBe(true);
    expect(arcade.test('fetch(`${url}/uarcade/v1${path}`)')).toBe(true);
    expect(arcade.test('Bearer on /uarcade/v1/sdk calls')).toBe(true);
    expect(arcade.test("'/uarcade/v10/users'")).toBe(false);
    expect(arcade.test("'/api/uarcade/v1'")).toBe(false);
    expect(typedOut('/zz').test("'/zz'")).toBe(true);
    expect(typedOut('/zz').test("'/zzz/x'")).toBe(false);
    expect(typedOut('/zz').test("'https://example.com/zz/x'")).toBe(false);
  });

  it('are read from the declarations, never typed out in the server, the console, the tests or the benchmarks', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
      .split('\0')
      .filter((f) => SCANNED.test(f) && !ALLOWED.some((a) => a.test(f)));
    expect(files.length).toBeGreaterThan(100);
    expect(spelledOut(bases, files, (f) => readFileSync(f, 'utf8'))).toEqual([]);
  });
});
