import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueAnswer } from '../../resources/site-api';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('GET /base/catalogue', () => {
  it('answers anyone, without a session, the services with what this deployment serves', async () => {
    const res = await h.req({ method: 'GET', url: '/base/catalogue' });
    expect(res.statusCode).toBe(200);
    const { services } = res.json<CatalogueAnswer>();
    // Every declared service is built in this deployment, stateful functions the last of them.
    const available = (name: string) => services.find((s) => s.name === name)!.available;
    expect(['passport', 'remote-config', 'asset-streaming', 'multiverse', 'usync', 'hello', 'metrics', 'func'].map(available)).toEqual([true, true, true, true, true, true, true, true]);
    expect(services.filter((s) => !s.available).map((s) => s.name)).toEqual([]);
    // What is available is what the API document groups operations under.
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, { tags: string[] }>> }>();
    const tags = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)));
    expect(services.filter((s) => s.available).map((s) => s.name)).toEqual(services.map((s) => s.name).filter((n) => tags.has(n)));
    const cdn = services.find((s) => s.name === 'asset-streaming')!;
    expect(cdn.prices).toEqual([expect.objectContaining({ meter: 'traffic', price: '0.15', coefficient: '1.2', freeCredit: '100' })]);
    expect(services.find((s) => s.name === 'hello')!.prices.map((p) => [p.meter, p.price])).toEqual([
      ['rtc', '7'],
      ['recording', '9'],
    ]);
  });

  it('is documented in the OpenAPI document, with its answer', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, Record<string, { tags: string[]; security: unknown[]; responses: Record<string, unknown> }>> }>();
    const op = doc.paths['/base/catalogue'].get;
    expect(op.tags).toEqual(['site']);
    expect(op.security).toEqual([]);
    expect(JSON.stringify(op.responses['200'])).toContain('freeCredit');
  });
});
