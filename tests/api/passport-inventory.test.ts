import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import routes from '../inventory/routes.json';
import { services } from '../../resources';
import { toOpenApiPath } from '../../server/engine/openapi';
import { routePattern } from '../../src/engine/routes';
import { startHarness, type Harness } from './harness';
import { passport } from '../../resources/passport';

const B = passport.base;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const passportCalls = (calls as { service: string; method: string; path: string }[]).filter((c) => c.service === 'passport');

describe('passport inventory', () => {
  it(`serves and documents every ${B} call of spec 002`, async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
    expect(passportCalls.length).toBe(195);
    const missing = passportCalls.filter((c) => !doc.paths[toOpenApiPath(c.path)]?.[c.method.toLowerCase()]).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('has a console screen for every passport route', () => {
    const passport = services.find((s) => s.name === 'passport')!;
    const declared = new Set([
      ...passport.resources.flatMap((r) => [r.routes?.list, r.routes?.show]).filter((r): r is string => !!r).map(routePattern),
      ...(passport.pages ?? []).map((p) => routePattern(p.route)),
    ]);
    const wanted = (routes as { path: string }[]).map((r) => r.path).filter((p) => p.startsWith('/services/:appId/passport/') || p.startsWith('/playground/passport'));
    expect(wanted.length).toBeGreaterThanOrEqual(55);
    // Route parameters may be named differently; compare shapes.
    const shape = (p: string) => p.replace(/:\w+\??/g, ':');
    const have = new Set([...declared].map(shape));
    expect(wanted.filter((p) => !have.has(shape(p)))).toEqual([]);
  });
});
