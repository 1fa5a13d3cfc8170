/**
 * A playground's examples are read from its service's declaration: the calls and resource operations its page names
 * (or every call and list), with the declared base, a player's call under `/sdk`, the convention's paging, and a body
 * to start from made from the call's schema. A call declared later shows up with no playground code.
 */
import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { passport } from '../../resources/passport';
import { remoteConfig } from '../../resources/config';
import { choicesIn, fillPath, pathParams, playgroundExamples, recordChoices, sampleOf, serviceBuilt, withValues } from '../../resources/playground';
import type { CallDecl } from '../../resources/call-types';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { curlLine } from '../../src/pages/playground/curl';
import { playgroundPageAt } from '../../src/pages/playground/usePlaygroundPage';

const widgetSchema = {
  type: 'object',
  required: ['name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1 }, size: { type: 'integer' } },
  examples: [{ name: 'Cog', size: 3 }],
};

const widgets: ResourceDecl = {
  name: 'widgets',
  label: { 'zh-CN': '零件', en: 'Widgets' },
  singular: { 'zh-CN': '零件', en: 'widget' },
  schema: widgetSchema,
  path: '/widgets',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  list: { columns: ['name'] },
  access: { read: ['app'], write: ['app'] },
  player: [{ path: '/sdk/widgets', summary: "The player's widgets", owner: 'app', orderBy: 'name', listKey: 'widgets' }],
};

const spin: CallDecl = {
  method: 'POST',
  path: '/widgets/:id/spin',
  caller: 'service',
  summary: 'Spin a widget',
  body: { type: 'object', required: ['turns', 'direction'], properties: { turns: { type: 'integer', minimum: 1 }, direction: { enum: ['left', 'right'] }, note: { type: 'string' } } },
  answer: { description: 'spun' },
  errors: [400],
  record: { resource: 'widgets' },
};

const me: CallDecl = { method: 'GET', path: '/me', caller: 'player', summary: 'The player', answer: { description: 'the player' }, errors: [401] };

const gadgets = (extra: Partial<ServiceDecl> = {}): ServiceDecl => ({
  name: 'gadgets',
  base: '/ugadget/v2',
  convention: 'rest',
  catalogue: { icon: 'x', displayName: { 'zh-CN': '小工具', en: 'Gadgets' }, label: { 'zh-CN': '小工具', en: 'Gadgets' }, description: { 'zh-CN': '', en: '' }, mainService: false },
  resources: [widgets],
  calls: { 'widgets.spin': spin, me },
  ...extra,
});

describe('playground examples', () => {
  it('are every declared call and every list when the page names none, a call added later among them', () => {
    const before = playgroundExamples(gadgets());
    expect(before.map((e) => e.name)).toEqual(['widgets.spin', 'me', 'widgets.list']);
    const later: CallDecl = { method: 'DELETE', path: '/widgets/:id/dust', caller: 'service', summary: 'Dust it off', answer: { description: 'dusted' }, errors: [] };
    const after = playgroundExamples(gadgets({ calls: { 'widgets.spin': spin, me, 'widgets.dust': later } }));
    expect(after.find((e) => e.name === 'widgets.dust')).toMatchObject({ method: 'DELETE', path: '/ugadget/v2/widgets/:id/dust', caller: 'service', label: { en: 'Dust it off' } });
  });

  it("address a call under the declared base, a player's call under its /sdk, and start a body from the call's schema", () => {
    const [spun, player] = playgroundExamples(gadgets(), { playground: { examples: ['widgets.spin', 'me'] } });
    expect(spun).toMatchObject({ method: 'POST', path: '/ugadget/v2/widgets/:id/spin', caller: 'service' });
    // Only the required fields, each at the least its schema allows.
    expect(spun.body).toEqual({ turns: 1, direction: 'left' });
    expect(player).toMatchObject({ method: 'GET', path: '/ugadget/v2/sdk/me', caller: 'player' });
    expect(player).not.toHaveProperty('body');
  });

  it("offer a resource's operations and player reads by name, a create starting from the schema's first example", () => {
    const named = playgroundExamples(gadgets(), { playground: { examples: ['widgets.create', 'widgets.show', 'widgets.player', 'widgets.list'] } });
    expect(named.map((e) => [e.method, e.path, e.caller])).toEqual([
      ['POST', '/ugadget/v2/widgets', 'service'],
      ['GET', '/ugadget/v2/widgets/:id', 'service'],
      ['GET', '/ugadget/v2/sdk/widgets', 'player'],
      ['GET', '/ugadget/v2/widgets?page=1&pageSize=20', 'service'],
    ]);
    expect(named[0].body).toEqual({ name: 'Cog', size: 3 });
    expect(named[3].label).toEqual({ 'zh-CN': '查询零件列表', en: 'List widgets' });
  });

  it("say which resource's record a path parameter names, and how to list those records to choose one", () => {
    const [spun, shown, listed] = playgroundExamples(gadgets(), { playground: { examples: ['widgets.spin', 'widgets.show', 'widgets.list'] } });
    expect(spun.records).toEqual({ id: 'widgets' });
    expect(shown.records).toEqual({ id: 'widgets' });
    expect(listed.records).toBeUndefined();
    const rest = recordChoices(gadgets(), 'widgets')!;
    expect(rest).toMatchObject({ method: 'GET', path: '/ugadget/v2/widgets?page=1&pageSize=20', rows: 'items' });
    expect(choicesIn({ total: 2, items: [{ id: 'w1', name: 'Cog' }, { id: 'w2' }, { name: 'no id' }] }, rest)).toEqual([
      { id: 'w1', title: 'Cog' },
      { id: 'w2', title: '' },
    ]);
    const passportLike = recordChoices(gadgets({ convention: 'passport' }), 'widgets')!;
    expect(passportLike).toMatchObject({ method: 'POST', path: '/ugadget/v2/widgets/search', body: { count: 20, start: 0 }, rows: 'widgets' });
    expect(choicesIn({ total: 1, widgets: [{ id: 'w9', name: 'Gear' }] }, passportLike)).toEqual([{ id: 'w9', title: 'Gear' }]);
    expect(choicesIn({ message: 'permission denied' }, passportLike)).toEqual([]);
  });

  it("page a list the way the service's convention does", () => {
    const passportLike = gadgets({ convention: 'passport' });
    expect(playgroundExamples(passportLike, { playground: { examples: ['widgets.list'] } })[0]).toMatchObject({ method: 'POST', path: '/ugadget/v2/widgets/search', body: { count: 20, start: 0 } });
    const unpaged = gadgets({ convention: 'passport', resources: [{ ...widgets, list: { columns: ['name'], unpaged: true } }] });
    expect(playgroundExamples(unpaged, { playground: { examples: ['widgets.list'] } })[0]).toMatchObject({ method: 'GET', path: '/ugadget/v2/widgets' });
    expect(playgroundExamples(gadgets({ convention: 'cdn' }), { playground: { examples: ['widgets.list'] } })[0].path).toBe('/ugadget/v2/widgets?offset=0&limit=20');
  });

  it("take the page's own names and bodies, and refuse a name the service does not declare", () => {
    const [example] = playgroundExamples(gadgets(), { playground: { examples: [{ name: 'widgets.spin', label: { 'zh-CN': '转一转', en: 'Give it a spin' }, body: { turns: 7, direction: 'right' } }] } });
    expect(example.label).toEqual({ 'zh-CN': '转一转', en: 'Give it a spin' });
    expect(example.body).toEqual({ turns: 7, direction: 'right' });
    expect(() => playgroundExamples(gadgets(), { playground: { examples: ['widgets.fly'] } })).toThrow(/gadgets: the playground names 'widgets.fly'/);
  });

  it('of the built services come from their declarations, under their bases, each named in both languages', () => {
    for (const service of [passport, remoteConfig]) {
      const page = service.pages?.find((p) => p.playground);
      expect(page, service.name).toBeDefined();
      const examples = playgroundExamples(service, page);
      expect(examples.length).toBeGreaterThan(3);
      for (const e of examples) {
        expect(e.path.startsWith(`${service.base}/`), e.path).toBe(true);
        expect(e.label['zh-CN'], e.name).not.toBe(e.label.en);
      }
    }
    expect(playgroundExamples(remoteConfig, remoteConfig.pages?.[0]).find((e) => e.name === 'settings.fetch')).toMatchObject({ method: 'POST', path: `${remoteConfig.base}/settings` });
  });
});

describe('playground requests', () => {
  it('fill path parameters escaped, keep a missing one and the query as they are', () => {
    expect(pathParams('/u/v1/boards/:id/members/:memberId?count=5')).toEqual(['id', 'memberId']);
    expect(fillPath('/u/v1/boards/:id/members/:memberId?count=5', { id: 'a b/c' })).toBe('/u/v1/boards/a%20b%2Fc/members/:memberId?count=5');
  });

  it('start a value from the schema: example, default, enum, then the least of its type', () => {
    expect(sampleOf({ type: 'string', examples: ['hi'], default: 'x' })).toBe('hi');
    expect(sampleOf({ type: 'integer', default: 9, minimum: 2 })).toBe(9);
    expect(sampleOf({ type: 'array', minItems: 1, items: { type: 'boolean' } })).toEqual([false]);
    expect(sampleOf({ type: 'string', format: 'date-time' })).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("put the page's known values into the body fields of the same name, and only those", () => {
    expect(withValues({ name: 'example', realmId: 'example' }, { realmId: 'r-1', platform: 'Ios' })).toEqual({ name: 'example', realmId: 'r-1' });
    expect(withValues({ count: 20 }, { realmId: 'r-1' })).toEqual({ count: 20 });
    expect(withValues([1], { 0: 'x' })).toEqual([1]);
    expect(withValues(undefined, { realmId: 'r-1' })).toBeUndefined();
  });

  it('copy as a curl line with every word quoted for the shell', () => {
    expect(curlLine({ method: 'POST', url: 'https://x.test/u/v1/notes', headers: { Authorization: 'Bearer t' }, body: `{"text":"it's"}` })).toBe(
      `curl -sS -X POST -H 'Authorization: Bearer t' 'https://x.test/u/v1/notes' -d '{"text":"it'\\''s"}'`,
    );
  });
});

describe('playground pages', () => {
  it('are found by their address, with or without an app, for the service this deployment does not run too', () => {
    const names = ['sync', 'sync-relay', 'func-stateful'];
    for (const name of names) {
      const found = playgroundPageAt(`/playground/${name}/app-1`, services);
      expect(found, name).toBeDefined();
      expect(playgroundPageAt(`/playground/${name}`, services)?.service.name).toBe(found?.service.name);
      expect(serviceBuilt(found!.service), name).toBe(true);
    }
    expect(playgroundPageAt('/playground/push/app-1', services)?.service.name).toBe('push');
    expect(serviceBuilt(playgroundPageAt('/playground/push', services)!.service)).toBe(true);
    expect(serviceBuilt(playgroundPageAt('/playground/func-stateless/app-1', services)!.service)).toBe(true);
    expect(playgroundPageAt('/playground/remote-config/app-1', services)?.service.name).toBe('remote-config');
    expect(playgroundPageAt('/playground/nothing/app-1', services)).toBeUndefined();
    // A playground page of the app's console is found under the app's services address.
    expect(playgroundPageAt('/services/app-1/stacktrace/record/parseLogs', services)?.service.name).toBe('stacktrace');
    expect(playgroundPageAt('/services/app-1/stacktrace/record/other', services)).toBeUndefined();
    expect(serviceBuilt(remoteConfig)).toBe(true);
    expect(playgroundPageAt('/playground/uos/app-1', services)?.service.name).toBe('asset-streaming');
    expect(serviceBuilt(playgroundPageAt('/playground/uos', services)!.service)).toBe(true);
  });
});
