import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { findService, services, type ServiceDecl, type Text } from '../../resources';
import { exclusionGroup, occupiedBy } from '../../resources/serviceStatus';
import type { AppRecord } from '../../resources/platform';
import { hasIcon } from '../../src/lib/icons';
import inventoryCalls from '../inventory/calls.json';
import inventoryRoutes from '../inventory/routes.json';

interface InventoryCall {
  service: string;
  base: string;
  method: string;
  path: string;
  note: string;
}
interface InventoryRoute {
  path: string;
  area: string;
}

const calls = inventoryCalls as InventoryCall[];
const routes = inventoryRoutes as InventoryRoute[];

/** The catalogue name of an inventory call's service (the inventory names a few differently). */
function catalogueName(call: InventoryCall): string | undefined {
  const renamed: Record<string, string> = { cdn: 'asset-streaming', sync: 'usync', config: 'remote-config' };
  if (call.service === 'platform') return /^\/api\/(upr|device|wind)\//.exec(call.path)?.[1];
  if (call.service === 'static') return undefined;
  return renamed[call.service] ?? call.service;
}

/** Inventory calls per catalogue service. */
const callsOf = new Map<string, InventoryCall[]>();
for (const call of calls) {
  const name = catalogueName(call);
  if (name) callsOf.set(name, [...(callsOf.get(name) ?? []), call]);
}

const service = (name: string): ServiceDecl => {
  const s = findService(name);
  if (!s) throw new Error(`no service ${name}`);
  return s;
};

// Spec 001 §1 and 002 §1.
const SPEC_001 = ['asset-streaming', 'multiverse', 'usync', 'func', 'func-stateless', 'upr', 'device', 'push', 'baking', 'safe', 'wind'];
const SPEC_002 = ['passport', 'remote-config', 'save', 'storage', 'match', 'stacktrace', 'hello', 'metrics', 'ai'];

describe('the services', () => {
  it('are the 20 services of spec 001 §1 and 002 §1, each once', () => {
    const names = services.map((s) => s.name);
    expect(names).toHaveLength(20);
    expect(new Set(names).size).toBe(20);
    expect([...names].sort()).toEqual([...SPEC_001, ...SPEC_002].sort());
  });

  it('list the main services first', () => {
    const main = services.filter((s) => s.catalogue.mainService).map((s) => s.name);
    expect([...main].sort()).toEqual(['asset-streaming', 'func', 'multiverse', 'passport', 'usync']);
    expect(services.slice(0, main.length).every((s) => s.catalogue.mainService)).toBe(true);
  });

  it('have one base each, shared only by the two function services the spec puts under /ufunc/v1', () => {
    const byBase = new Map<string, string[]>();
    for (const s of services) {
      expect(s.base, s.name).toMatch(/^(\/[A-Za-z0-9-]+)+$/);
      byBase.set(s.base, [...(byBase.get(s.base) ?? []), s.name]);
    }
    const shared = [...byBase.entries()].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([['/ufunc/v1', ['func', 'func-stateless']]]);
  });

  it('declare the bases of the brief and the inventory', () => {
    const expected: Record<string, string> = {
      passport: '/upass/v1',
      multiverse: '/multiverse/v1',
      usync: '/lobby',
      'asset-streaming': '/cdn',
      func: '/ufunc/v1',
      'func-stateless': '/ufunc/v1',
      push: '/upush/v1',
      storage: '/ucrud/v1',
      save: '/usave/v1',
      safe: '/usafe/v1',
      match: '/umatch/v1',
      baking: '/ubaking/v1',
      stacktrace: '/stacktrace/v1',
      hello: '/uhello/v1',
      ai: '/ai',
      metrics: '/umetrics',
      upr: '/api/upr',
      device: '/api/device',
      wind: '/api/wind',
      'remote-config': '/uconfig/v1',
    };
    expect(Object.fromEntries(services.map((s) => [s.name, s.base]))).toEqual(expected);
  });

  it('hold every inventory call of theirs under their base, the inventory base being the base or below it', () => {
    const below: string[] = [];
    for (const [name, list] of callsOf) {
      const s = service(name);
      for (const call of list) {
        expect(call.path.startsWith(`${s.base}/`), `${call.method} ${call.path}`).toBe(true);
        // Platform calls carry the platform API's base (/api); the others carry their service's.
        if (call.service === 'platform') continue;
        expect(call.base === s.base || call.base.startsWith(`${s.base}/`), `${name}: ${call.base}`).toBe(true);
        if (call.base !== s.base && !below.includes(name)) below.push(name);
      }
    }
    expect(callsOf.size).toBe(20);
    // Where the inventory's base goes past the API version root, the declaration keeps the root: safe's would
    // hold a path parameter (/usafe/v1/safe/:id), and the rest follow the same reading.
    expect(below.sort()).toEqual(['match', 'metrics', 'safe', 'stacktrace']);
  });

  it('use the passport and cdn conventions where the spec says, rest elsewhere', () => {
    for (const s of services) {
      const expected = s.name === 'passport' ? 'passport' : s.name === 'asset-streaming' ? 'cdn' : 'rest';
      expect(s.convention, s.name).toBe(expected);
    }
  });

  it('name the refresh-token call of every service the inventory gives one, and only those', () => {
    const refreshCalls = calls.filter((c) => /refresh-token/.test(c.note));
    const withRefresh = new Set<string>();
    for (const call of refreshCalls) {
      const name = catalogueName(call)!;
      const s = service(name);
      expect(call.method, call.path).toBe('POST');
      expect(`${s.base}${s.refreshTokenPath}`, name).toBe(call.path);
      withRefresh.add(name);
    }
    for (const s of services) expect(s.refreshTokenPath !== undefined, s.name).toBe(withRefresh.has(s.name));
    expect([...withRefresh].sort()).toEqual(
      ['baking', 'func', 'func-stateless', 'match', 'multiverse', 'push', 'remote-config', 'safe', 'save', 'stacktrace', 'storage', 'usync'],
    );
  });

  it('start with no resources and no menu until their screens exist (remote config, passport and asset streaming have them)', () => {
    // The assistant keeps each person's conversation, shown in its console-wide panel rather than on a screen of its own.
    for (const s of services.filter((x) => !['remote-config', 'passport', 'ai', 'asset-streaming', 'upr', 'wind', 'safe', 'baking', 'device', 'save', 'multiverse', 'match', 'func', 'func-stateless', 'usync', 'push', 'hello', 'metrics', 'storage', 'stacktrace'].includes(x.name))) {
      expect(s.resources, s.name).toEqual([]);
      expect(s.menu, s.name).toEqual([]);
    }
  });

  it('point every menu entry at a declared list or page', () => {
    for (const s of services) {
      const screens = new Set([...s.resources.map((r) => r.routes?.list), ...(s.pages ?? []).map((p) => p.route), ...(s.borrowed ?? []).map((b) => b.routes.list)]);
      for (const entry of s.menu ?? []) expect(screens.has(entry.route), `${s.name}: ${entry.route}`).toBe(true);
    }
  });
});

const CJK = /[\u4e00-\u9fff]/;

function expectText(t: Text | undefined, what: string) {
  expect(t, what).toBeDefined();
  expect(t!['zh-CN'].trim(), `${what} zh-CN`).not.toBe('');
  expect(t!.en.trim(), `${what} en`).not.toBe('');
  expect(CJK.test(t!['zh-CN']), `${what} zh-CN is Chinese`).toBe(true);
  expect(CJK.test(t!.en), `${what} en has no Chinese`).toBe(false);
}

describe('catalogue entries', () => {
  it.each(services.map((s) => [s.name, s] as const))('%s has every text in both languages', (_name, s) => {
    expectText(s.catalogue.displayName, 'displayName');
    expectText(s.catalogue.label, 'label');
    expectText(s.catalogue.description, 'description');
    // One sentence each.
    expect(s.catalogue.description['zh-CN']).toMatch(/^[^。]+。$/);
    expect(s.catalogue.description.en).toMatch(/^[^.]+\.$/);
    if (s.catalogue.pricingTag) expectText(s.catalogue.pricingTag, 'pricingTag');
  });

  it('name only icons the console has', () => {
    for (const s of services) expect(hasIcon(s.catalogue.icon), `${s.name}: ${s.catalogue.icon}`).toBe(true);
    expect(hasIcon('NoSuchOutlined')).toBe(false);
  });

  it('link the product pages of spec 000 §2', () => {
    const productPages = new Set(routes.filter((r) => r.area === 'product').map((r) => r.path));
    const expected: Record<string, string | undefined> = {
      passport: '/product/passport',
      multiverse: '/product/multiverse',
      usync: '/product/sync',
      'asset-streaming': '/product/cdn',
      func: '/product/func',
      'func-stateless': '/product/func',
      save: '/product/crud',
      storage: '/product/crud',
      match: undefined,
      push: '/product/push',
      hello: '/product/hello',
      stacktrace: '/product/stacktrace',
      baking: '/product/baking',
      safe: '/product/safe',
      device: undefined,
      upr: undefined,
      wind: '/product/wind',
      metrics: '/product/metrics',
      ai: undefined,
    };
    for (const [name, page] of Object.entries(expected)) {
      expect(service(name).catalogue.productPage, name).toBe(page);
      if (page) expect(productPages.has(page), page).toBe(true);
    }
  });

  it('link a documentation section of spec 000 §2 for every service', () => {
    const docPages = new Set(routes.filter((r) => r.area === 'doc').map((r) => r.path));
    for (const s of services) {
      expect(s.catalogue.docPage, s.name).toBeDefined();
      expect(docPages.has(s.catalogue.docPage!), `${s.name}: ${s.catalogue.docPage}`).toBe(true);
    }
    expect(service('func').catalogue.docPage).toBe('/doc/func/stateful');
    expect(service('func-stateless').catalogue.docPage).toBe('/doc/func/stateless');
    expect(service('save').catalogue.docPage).toBe('/doc/crud/save');
    expect(service('storage').catalogue.docPage).toBe('/doc/crud/storage');
    expect(service('match').catalogue.docPage).toBe('/doc/matchmaking');
  });

  it('show a pricing tag wherever there are prices', () => {
    for (const s of services) if (s.prices) expect(s.catalogue.pricingTag, s.name).toBeDefined();
  });

  it('give no videos, the spec naming none per service', () => {
    for (const s of services) expect(s.catalogue.video, s.name).toBeUndefined();
  });

  it('hide the assistant and metrics from the menu only', () => {
    const hidden = services.filter((s) => s.catalogue.hide).map((s) => [s.name, s.catalogue.hide]);
    expect(hidden).toEqual([
      ['metrics', { menu: true }],
      ['ai', { menu: true }],
    ]);
  });
});

const app = (SupportMultiServices: boolean, enabled: string[]): Pick<AppRecord, 'Services' | 'SupportMultiServices'> => ({
  SupportMultiServices,
  Services: Object.fromEntries(enabled.map((n) => [n, { Status: 'Enabled', ServiceId: n, Properties: {} }])),
});

describe('rule fields (spec 000 §3 and §4)', () => {
  const RUNTIME = ['multiverse', 'usync', 'func', 'push', 'baking'];

  it('without SupportMultiServices, multiverse, lobby, func, push and baking exclude each other', () => {
    for (const on of RUNTIME) {
      for (const s of services) {
        const blockers = occupiedBy(app(false, [on]), s, services).map((b) => b.name);
        const expected = RUNTIME.includes(s.name) && s.name !== on ? [on] : [];
        expect(blockers, `${on} enabled, ${s.name}`).toEqual(expected);
      }
    }
  });

  it('with SupportMultiServices, only multiverse and lobby exclude each other', () => {
    for (const on of services.map((s) => s.name)) {
      for (const s of services) {
        const blockers = occupiedBy(app(true, [on]), s, services).map((b) => b.name);
        const pair = ['multiverse', 'usync'];
        const expected = pair.includes(on) && pair.includes(s.name) && s.name !== on ? [on] : [];
        expect(blockers, `${on} enabled, ${s.name}`).toEqual(expected);
      }
    }
    const groups = services.filter((s) => exclusionGroup({ SupportMultiServices: true }, s)).map((s) => s.name);
    expect(groups.sort()).toEqual(['multiverse', 'usync']);
  });

  it('let administrators see only multiverse enabled regardless', () => {
    expect(services.filter((s) => s.catalogue.adminSeesEnabled).map((s) => s.name)).toEqual(['multiverse']);
  });

  it('make only hello need a project', () => {
    expect(services.filter((s) => s.catalogue.needsProject).map((s) => s.name)).toEqual(['hello']);
  });

  it('start lobby, multiverse and func with the spec default properties', () => {
    const defaults = Object.fromEntries(services.filter((s) => s.catalogue.defaultProperties).map((s) => [s.name, s.catalogue.defaultProperties]));
    expect(defaults).toEqual({
      usync: { type: 'realtime', perfTest: 'Disabled' },
      // Spec 001 §9: memory per cpu 1536.
      multiverse: { memoryPerCpu: 1536, enablePassThrough: false },
      func: { configOptions: '[]' },
    });
    expect(JSON.parse(String(defaults.func!.configOptions))).toEqual([]);
  });
});

describe('prices (spec 001 §9 and 002 §9)', () => {
  it('are decimal strings', () => {
    for (const s of services) {
      for (const [key, value] of Object.entries(s.prices ?? {})) {
        expect(typeof value, `${s.name}.${key}`).toBe('string');
        expect(value, `${s.name}.${key}`).toMatch(/^\d+(\.\d+)?$/);
        expect(new Decimal(value).isFinite()).toBe(true);
        expect(new Decimal(value).isNegative()).toBe(false);
      }
    }
  });

  // Every value the spec's tables give for the service, as written there.
  const SPEC_VALUES: Record<string, string[]> = {
    passport: ['0.06', '0.042', '0.08'],
    push: ['0.5', '3500', '0.05', '5'],
    'asset-streaming': ['0.15', '1.2', '100', '20'],
    baking: ['8.8'],
    multiverse: ['0.28', '1.2', '9998', '30', '0.1', '10', '20', '1', '1536', '0.051875', '0.36'],
    usync: ['5', '4', '0.05', '1.2', '30', '625000', '300'],
    func: [
      // default port, config level, trial and default allocation TTL
      ...['8899', '100', '1', '10'],
      // levels 100m, 1000m, 2000m, 4000m
      ...['100', '1000', '2000', '4000'],
      // core prices 0.1, 1, 2, 4 cores, half, third; net; realtime net
      ...['0.05', '0.28', '0.5', '0.8', '0.2', '0.1', '1.2', '1.8'],
    ],
    'func-stateless': ['1.2', '0.0001', '0.12'],
    device: ['0.1'],
    save: ['1.2', '0.004', '0.8'],
    match: ['2'],
    'remote-config': ['1', '2'],
    hello: ['7', '9'],
    // database image CPU cores: mongo, mysql, redis, postgres
    storage: ['0.3', '0.3', '0.1', '0.1'],
  };

  it('keep every value of the spec, and only those', () => {
    const priced = Object.fromEntries(services.filter((s) => s.prices).map((s) => [s.name, Object.values(s.prices!).sort()]));
    const expected = Object.fromEntries(Object.entries(SPEC_VALUES).map(([k, v]) => [k, [...v].sort()]));
    expect(priced).toEqual(expected);
  });

  it('name the passport units', () => {
    expect(service('passport').prices).toEqual({ dau: '0.06', sms: '0.042', realName: '0.08' });
  });
});

describe('error toasts', () => {
  it('keep multiverse and CDN errors 15 seconds and every other service at the default (spec 000 §9)', () => {
    const long = services.filter((s) => s.errorToastSeconds).map((s) => [s.name, s.errorToastSeconds]);
    expect(long).toEqual([
      ['multiverse', 15],
      ['asset-streaming', 15],
    ]);
  });
});
