import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';

/**
 * The project runs and tests from a clone of its repository alone: no tracked file reaches outside the repository
 * for the specification folder that sits beside it on a developer's machine.
 */
describe('the repository', () => {
  it('reads nothing from beside itself', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(ts|tsx|mjs|js|json|sh)$/.test(f) || f.startsWith('.ci/'));
    const outside = /\.\.\/(?:\.\.\/)*(?:shared|\.library)\//;
    const offenders = files.filter((f) => f !== 'tests/unit/self-contained.test.ts' && outside.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('keeps its own copy of the call and route inventory its tests check', () => {
    const calls = JSON.parse(readFileSync('tests/inventory/calls.json', 'utf8')) as { method: string; path: string }[];
    const routes = JSON.parse(readFileSync('tests/inventory/routes.json', 'utf8')) as { path: string }[];
    expect(calls.some((c) => c.method === 'POST' && c.path === `${passport.base}/users/search`)).toBe(true);
    expect(routes.some((r) => r.path === '/services/:appId/passport/leaderboards')).toBe(true);
  });
});
