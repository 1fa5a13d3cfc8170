import { describe, expect, it } from 'vitest';
import { shouldTrack } from '../../src/lib/analytics';

describe('page-view reporting', () => {
  const hosts = ['console.lodestar.example', 'Console.Lodestar.CN'];

  it('reports only on the official hosts', () => {
    expect(shouldTrack('console.lodestar.example', '/apps', hosts)).toBe(true);
    expect(shouldTrack('console.lodestar.cn', '/apps', hosts)).toBe(true);
    expect(shouldTrack('localhost', '/apps', hosts)).toBe(false);
    expect(shouldTrack('evil.console.lodestar.example', '/apps', hosts)).toBe(false);
    expect(shouldTrack('console.lodestar.example', '/apps', [])).toBe(false);
  });

  it('never reports administrator pages', () => {
    for (const path of ['/admin', '/admin/login', '/admin/stats', '/bc-admin', '/bc-admin/org/1']) {
      expect(shouldTrack('console.lodestar.example', path, hosts), path).toBe(false);
    }
    expect(shouldTrack('console.lodestar.example', '/administrator-guide', hosts)).toBe(true);
  });
});
