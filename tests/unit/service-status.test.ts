import { describe, expect, it } from 'vitest';
import type { AppRecord, ServiceState } from '../../resources/platform';
import { displayStatus, occupiedBy, type ServiceRuntime } from '../../resources/serviceStatus';
import type { CatalogueEntry, ServiceDecl } from '../../resources/types';

// Small declarations of our own, shaped by spec 000 §4 (not the real catalogue): without SupportMultiServices
// the five runtime services share one group; with it only multiverse and lobby do.
const text = { 'zh-CN': 'x', en: 'x' };
function decl(name: string, catalogue: Partial<CatalogueEntry> = {}): ServiceDecl {
  return {
    name,
    base: `/${name}`,
    convention: 'rest',
    resources: [],
    catalogue: { icon: 'ApiOutlined', displayName: text, label: text, description: text, mainService: false, ...catalogue },
  };
}

const multiverse = decl('multiverse', { exclusive: { single: 'runtime', multi: 'hosting' }, adminSeesEnabled: true });
const lobby = decl('lobby', { exclusive: { single: 'runtime', multi: 'hosting' } });
const func = decl('func', { exclusive: { single: 'runtime' } });
const push = decl('push', { exclusive: { single: 'runtime' } });
const baking = decl('baking', { exclusive: { single: 'runtime' } });
const hello = decl('hello', { needsProject: true });
const passport = decl('passport');
const stateless = decl('func-stateless');
const wind = decl('wind');
const all = [multiverse, lobby, func, push, baking, hello, passport, stateless, wind];
const runtimeFive = [multiverse, lobby, func, push, baking];

const on = (Status = 'Enabled'): ServiceState => ({ Status, ServiceId: `id-${Status}`, Properties: {} });

function app(services: Record<string, ServiceState>, SupportMultiServices: boolean): Pick<AppRecord, 'Services' | 'SupportMultiServices'> {
  return { Services: services, SupportMultiServices };
}

const user = { isAdmin: false };
const admin = { isAdmin: true };
const loaded: ServiceRuntime = { loaded: true, hasProject: true };
const status = (a: ReturnType<typeof app>, s: ServiceDecl, runtime?: ServiceRuntime, viewer = user) => displayStatus(a, s, all, runtime, viewer);

describe('service display status (spec 000 §4)', () => {
  it('shows Suspended for a service whose status is not Enabled, whatever else holds', () => {
    for (const value of ['Suspended', 'Disabled', '']) {
      const a = app({ multiverse: on(value), passport: on(value) }, true);
      expect(status(a, passport, loaded)).toBe('Suspended');
      expect(status(a, multiverse, loaded, admin)).toBe('Suspended');
    }
  });

  it('without multi-service support, each of multiverse, lobby, func, push and baking makes the other four Occupied', () => {
    for (const enabled of runtimeFive) {
      const a = app({ [enabled.name]: on() }, false);
      for (const other of runtimeFive.filter((s) => s !== enabled)) {
        expect(status(a, other, undefined), `${enabled.name} enabled, ${other.name}`).toBe('Occupied');
        expect(occupiedBy(a, other, all).map((s) => s.name)).toEqual([enabled.name]);
      }
      // Services outside the group stay free.
      expect(status(a, passport)).toBe('NotEnabled');
      expect(status(a, hello)).toBe('NotEnabled');
    }
  });

  it('with multi-service support, multiverse and lobby exclude each other', () => {
    expect(status(app({ multiverse: on() }, true), lobby)).toBe('Occupied');
    expect(status(app({ lobby: on() }, true), multiverse)).toBe('Occupied');
    expect(occupiedBy(app({ lobby: on() }, true), multiverse, all).map((s) => s.name)).toEqual(['lobby']);
  });

  it('with multi-service support, func, push and baking are independent of each other and of the hosting pair', () => {
    for (const enabled of [func, push, baking, multiverse, lobby]) {
      const a = app({ [enabled.name]: on() }, true);
      for (const other of [func, push, baking].filter((s) => s !== enabled)) {
        expect(status(a, other), `${enabled.name} enabled, ${other.name}`).toBe('NotEnabled');
        expect(occupiedBy(a, other, all)).toEqual([]);
      }
    }
    const everything = app({ func: on(), push: on(), baking: on(), multiverse: on() }, true);
    for (const s of [func, push, baking, multiverse]) expect(status(everything, s, loaded)).toBe('Enabled');
  });

  it('a suspended rival occupies nothing', () => {
    expect(status(app({ multiverse: on('Suspended') }, false), func)).toBe('NotEnabled');
  });

  it('shows Enabled only once the service runtime data has loaded (Pending before)', () => {
    const a = app({ push: on() }, true);
    expect(status(a, push, undefined)).toBe('Pending');
    expect(status(a, push, { loaded: false })).toBe('Pending');
    expect(status(a, push, { loaded: true })).toBe('Enabled');
  });

  it('shows multiverse Enabled to administrators without its runtime data, and only multiverse', () => {
    const a = app({ multiverse: on(), push: on() }, true);
    expect(status(a, multiverse, undefined, admin)).toBe('Enabled');
    expect(status(a, multiverse, undefined, user)).toBe('Pending');
    expect(status(a, push, undefined, admin)).toBe('Pending');
  });

  it('shows hello Pending while its project does not exist or has not loaded', () => {
    const a = app({ hello: on() }, true);
    expect(status(a, hello, undefined)).toBe('Pending');
    expect(status(a, hello, { loaded: false })).toBe('Pending');
    expect(status(a, hello, { loaded: true, hasProject: false })).toBe('Pending');
    expect(status(a, hello, { loaded: true, hasProject: true })).toBe('Enabled');
  });

  it('shows passport, stateless function and wind Pending until their data loads', () => {
    const a = app({ passport: on(), 'func-stateless': on(), wind: on() }, true);
    for (const s of [passport, stateless, wind]) {
      expect(status(a, s, undefined, admin), s.name).toBe('Pending');
      expect(status(a, s, { loaded: false }), s.name).toBe('Pending');
      // A project is not theirs to need: loaded is enough.
      expect(status(a, s, { loaded: true }), s.name).toBe('Enabled');
    }
  });
});
