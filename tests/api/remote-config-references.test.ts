/**
 * Overrides set values by config key (a path reference, `variants[].values{}`, kept on delete): deleting a config
 * is asked about knowing which overrides use it, goes ahead, and every explanation the evaluator then gives is true.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteConfig } from '../../resources/config';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const B = remoteConfig.base;
const variant = (values: Record<string, string>) => [{ name: 'only', weight: 100, values }];
const create = async (url: string, body: object) => {
  const res = await h.svc('POST', `${B}${url}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const usedBy = async (id: string) => (await h.svc('GET', `${B}/configs/${id}/used-by`)).json().usedBy;

describe('a config that overrides use', () => {
  it('names the overrides that set it, and nothing for a config none sets', async () => {
    const used = await create('/configs', { key: 'ref_gems', type: 'INT', value: '1' });
    const unused = await create('/configs', { key: 'ref_unused', type: 'INT', value: '1' });
    const a = await create('/overrides', { name: 'Gem week', variants: variant({ ref_gems: '5' }) });
    const b = await create('/overrides', { name: 'Gem month', variants: [...variant({}), { name: 'second', weight: 0, values: { ref_gems: '7' } }] });
    // A disabled override still uses the config.
    expect((await h.svc('PUT', `${B}/overrides/${b.id}/disable`, { version: b.version })).statusCode).toBe(200);
    await create('/overrides', { name: 'Unrelated', variants: variant({}) });
    const groups = await usedBy(used.id);
    expect(groups).toEqual([{ resource: 'overrides', onDelete: 'keep', total: 2, items: expect.any(Array) }]);
    expect(groups[0].items.map((i: { title: string }) => i.title).sort()).toEqual(['Gem month', 'Gem week']);
    expect(groups[0].items.find((i: { title: string }) => i.title === 'Gem week').id).toBe(a.id);
    expect(await usedBy(unused.id)).toEqual([]);
  });

  it('is documented, needs read access and is confined to the caller app', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths[`${B}/configs/{id}/used-by`]?.get).toBeDefined();
    const mine = await create('/configs', { key: 'ref_mine', type: 'INT', value: '1' });
    expect((await h.req({ method: 'GET', url: `${B}/configs/${mine.id}/used-by` })).statusCode).toBe(401);
    const elsewhere = await h.req({ method: 'GET', url: `${B}/configs/${mine.id}/used-by`, headers: { authorization: h.otherBasic } });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is deleted on request, leaving the overrides as they were', async () => {
    const config = await create('/configs', { key: 'ref_gone', type: 'INT', value: '1' });
    const o = await create('/overrides', { name: 'Keeps gone', variants: variant({ ref_gone: '9' }) });
    expect((await h.svc('DELETE', `${B}/configs/${config.id}`)).statusCode).toBe(204);
    const after = (await h.svc('GET', `${B}/overrides/${o.id}`)).json();
    expect(after.variants[0].values).toEqual({ ref_gone: '9' });
    expect(after.version).toBe(o.version);
  });
});

describe('what the evaluator says about an applied override', () => {
  it('says a key without a config is ignored, not that a higher override took it', async () => {
    await create('/configs', { key: 'exp_keep', type: 'INT', value: '1' });
    const drop = await create('/configs', { key: 'exp_drop', type: 'INT', value: '1' });
    const high = await create('/overrides', { name: 'High', priority: 1, rule: 'user.exp == true', variants: variant({ exp_keep: '2' }) });
    const low = await create('/overrides', { name: 'Low', priority: 50, rule: 'user.exp == true', variants: variant({ exp_keep: '3', exp_drop: '4' }) });
    expect((await h.svc('DELETE', `${B}/configs/${drop.id}`)).statusCode).toBe(204);
    const sim = (await h.svc('POST', `${B}/settings/simulate`, { context: { user: { id: 'p1', exp: true } } })).json();
    const entry = (id: string) => sim.overrides.find((o: { id: string }) => o.id === id);
    expect(entry(high.id)).toMatchObject({ applied: true });
    expect(entry(high.id).unused).toBeUndefined();
    expect(entry(low.id)).toMatchObject({ applied: true, reason: 'applied' });
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect([...entry(low.id).unused].sort(byKey)).toEqual([
      { key: 'exp_drop', why: 'no-config' },
      { key: 'exp_keep', why: 'taken', by: 'High' },
    ]);
    expect(sim.settings.exp_keep).toBe(2);
    expect(sim.settings).not.toHaveProperty('exp_drop');
  });
});
