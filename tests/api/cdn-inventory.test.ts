import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import routes from '../inventory/routes.json';
import { assetStreaming } from '../../resources/asset-streaming';
import { toOpenApiPath } from '../../server/engine/openapi';
import { routePattern } from '../../src/engine/routes';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Call = { service: string; method: string; path: string };
/** A path's shape as the document names it: its parameters' names and its trailing slash aside (the server answers with or without one). */
const documented = (path: string) => toOpenApiPath(path).replace(/\{\w+\}/g, '{}').replace(/\/$/, '');

describe('asset streaming inventory', () => {
  it('serves and documents every CDN call of spec 001 and the platform shell’s /api/cdn calls', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    // Operations by shape: a list and a call on the same address may name its parameter differently.
    const paths = new Map<string, Record<string, unknown>>();
    for (const [p, ops] of Object.entries(doc.paths)) paths.set(documented(p), { ...paths.get(documented(p)), ...ops });
    const wanted = (calls as Call[]).filter((c) => c.service === 'cdn' || c.path.startsWith('/api/cdn/'));
    expect(wanted.length).toBe(44);
    const missing = wanted.filter((c) => !paths.get(documented(c.path))?.[c.method.toLowerCase()]).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
    // The service's calls are under its declared base.
    expect(wanted.filter((c) => c.service === 'cdn' && !c.path.startsWith(`${assetStreaming.base}/`))).toEqual([]);
  });

  it('has a console screen for every CDN route', () => {
    const shape = (p: string) => p.replace(/:\w+\??/g, ':');
    const declared = new Set([
      ...assetStreaming.resources.flatMap((r) => [r.routes?.list, r.routes?.show]).filter((r): r is string => !!r),
      ...(assetStreaming.pages ?? []).map((p) => p.route),
    ].map((r) => shape(routePattern(r))));
    const wanted = (routes as { path: string }[]).map((r) => r.path).filter((p) => p.startsWith('/services/:appId/asset/'));
    expect(wanted.length).toBe(5);
    expect(wanted.filter((p) => !declared.has(shape(p)))).toEqual([]);
  });
});
