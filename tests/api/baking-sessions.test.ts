import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import calls from '../inventory/calls.json';
import routes from '../inventory/routes.json';
import { baking } from '../../resources/baking';
import { routePattern } from '../../src/engine/routes';
import { toOpenApiPath } from '../../server/engine/openapi';
import { A, BASE, newSession, S, startBaking, type BakingHarness } from './baking-fixtures';

let h: BakingHarness;
beforeAll(async () => {
  h = await startBaking();
});
afterAll(() => h.close());

type Call = { service: string; method: string; path: string };

describe('baking calls', () => {
  it('serves and documents every baking call of spec 001, the custom methods with their literal colon', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const wanted = (calls as Call[]).filter((c) => c.service === 'baking');
    expect(wanted.length).toBe(14);
    const missing = wanted.filter((c) => !doc.paths[toOpenApiPath(c.path)]?.[c.method.toLowerCase()]).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
    expect(doc.paths[`${BASE}/sessions/{id}:cancel`]).toBeDefined();
  });
});

describe('baking screens', () => {
  it('has a console screen for each of the spec’s routes', () => {
    const shape = (p: string) => p.replace(/:\w+\??/g, ':');
    const declared = new Set(baking.resources.flatMap((r) => [r.routes?.list, r.routes?.show]).filter((r): r is string => !!r).map((r) => shape(routePattern(r))));
    const wanted = (routes as { path: string; area?: string }[]).filter((r) => r.area === 'baking').map((r) => r.path);
    expect(wanted.length).toBe(2);
    expect(wanted.filter((p) => !declared.has(shape(p)))).toEqual([]);
  });
});

describe('sessions', () => {
  it('are created Initial, listed with a state filter and shown', async () => {
    const s = await newSession(h, 'Castle');
    expect(s.state).toBe('Initial');
    await newSession(h, 'Forest');
    const cancelled = await newSession(h, 'Swamp');
    expect((await h.bake('POST', `${S}/${cancelled.id}:cancel`)).statusCode).toBe(200);
    const initial = (await h.bake('GET', `${S}?state=Initial`)).json() as { total: number; items: { name: string }[] };
    expect(initial.items.map((i) => i.name).sort()).toEqual(['Castle', 'Forest']);
    const shown = (await h.bake('GET', `${S}/${cancelled.id}`)).json();
    expect(shown.state).toBe('Canceled');
  });

  it('refuse an unknown instance type and one the app’s settings leave out', async () => {
    const unknown = await h.bake('POST', S, { name: 'x', instanceType: 'quantum-1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: '/instanceType', message: 'unknown instance type' }]);
    expect((await h.bake('PUT', `${BASE}/settings`, { instanceTypes: ['cpu-4'] })).statusCode).toBe(200);
    const refused = await h.bake('POST', S, { name: 'x', instanceType: 'gpu-t4' });
    expect(refused.json().details).toEqual([{ field: '/instanceType', message: 'the app may not use this instance type' }]);
    const allowed = (await h.bake('GET', `${BASE}/apps/${h.bakingAppId}/instance-types`)).json() as { items: { id: string }[] };
    expect(allowed.items.map((t) => t.id)).toEqual(['cpu-4']);
    expect((await h.bake('PUT', `${BASE}/settings`, { instanceTypes: [] })).statusCode).toBe(200);
    expect((await h.bake('GET', `${BASE}/apps/${h.bakingAppId}/instance-types`)).json().items.length).toBe(4);
    expect((await h.bake('GET', `${BASE}/apps/${h.appId}/instance-types`)).statusCode).toBe(404);
  });

  it('are cancelled, marked done or failed only from the states that allow it, with a clear message', async () => {
    const s = await newSession(h, 'Bridge');
    const done = await h.bake('POST', `${S}/${s.id}:done`);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('only a preparing or running session can be marked done');
    const failed = await h.bake('POST', `${S}/${s.id}:fail`);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().state).toBe('Failed');
    const again = await h.bake('POST', `${S}/${s.id}:cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('only a queued or running session can be cancelled');
  });

  it('answer the platform’s instance types, one by id, and 404 for an unknown one', async () => {
    const list = (await h.bake('GET', `${BASE}/instance-types`)).json() as { items: { id: string }[] };
    expect(list.items.map((t) => t.id)).toContain('gpu-t4');
    expect((await h.bake('GET', `${BASE}/instance-types/gpu-t4`)).json().gpu).toBe('NVIDIA T4');
    expect((await h.bake('GET', `${BASE}/instance-types/nope`)).statusCode).toBe(404);
  });

  it('init-apps makes the settings once', async () => {
    const first = (await h.bake('POST', `${BASE}/init-apps`)).json();
    expect(first.appId).toBe(h.bakingAppId);
    const second = (await h.bake('POST', `${BASE}/init-apps`)).json();
    expect(second.created).toBe(false);
    expect((await h.bake('GET', A)).statusCode).toBe(200);
  });
});

describe('the demo app', () => {
  it('has ended sessions with their nodes, one running, and their node time in the statistics', async () => {
    const list = (await h.svc('GET', `${S}?pageSize=50`)).json() as { items: { id: string; name: string; state: string }[] };
    expect(list.items.map((s) => `${s.name}: ${s.state}`).sort()).toEqual(['Canyon light probes: Finished', 'Harbour lightmaps: Finished', 'Market at night: Running', 'Temple reflections: Failed']);
    const running = list.items.find((s) => s.state === 'Running')!;
    const nodes = (await h.svc('GET', `${S}/${running.id}/nodes`)).json() as { items: { agentName: string; state: string }[] };
    expect(nodes.items).toEqual([expect.objectContaining({ agentName: 'studio-gpu-01', state: 'Running' })]);
    // 1.5 + 0.75 + 0.25 hours of node time, metered when those nodes stopped.
    expect((await h.svc('GET', `${BASE}/stats/app-usage`)).json()).toMatchObject({ nodeSeconds: 9000, nodeHours: '2.5' });
  });
});
