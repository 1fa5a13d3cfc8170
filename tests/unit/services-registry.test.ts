import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's services (providers/services.ts): a page loads the services it shows and those they name, nothing
 * else; the rest come later, in catalogue order. Each test reads a registry of its own (the tests' setup fills the
 * shared one with every service).
 */
type Registry = typeof import('../../providers/services');
let registry: Registry;

beforeEach(async () => {
  vi.resetModules();
  registry = await import('../../providers/services');
});

const names = () => registry.services.map((s) => s.name);

describe('the console services registry', () => {
  it('starts empty and loads a service with the services it names, and no other', async () => {
    expect(names()).toEqual([]);
    await registry.loadServices(['usync']);
    expect(names()).toContain('usync');
    expect(names()).toContain('match');
    expect(names()).not.toContain('passport');
    expect(registry.servicesLoaded(['usync', 'match'])).toBe(true);
    expect(registry.servicesLoaded()).toBe(false);
    expect(registry.findResource('remote-config', 'configs')).toBeUndefined();
    // What the route manifest names for a page of Sync: the same services, told from those loaded.
    expect(registry.servicesWithNamed(['usync']).sort()).toEqual(names().sort());
  });

  it('keeps the catalogue order whatever order they arrive in', async () => {
    await registry.loadServices(['remote-config']);
    await registry.loadServices(['passport']);
    expect(names().indexOf('passport')).toBeLessThan(names().indexOf('remote-config'));
    await registry.loadServices();
    const { serviceNames } = await import('../../resources/service-loaders');
    expect(names()).toEqual(serviceNames);
  });

  it('tells a waiter once the services it waits for have loaded, without loading them itself', async () => {
    let told = false;
    const waiting = registry.whenServicesLoaded(['push']).then(() => (told = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toBe(false);
    expect(names()).not.toContain('push');
    await registry.loadServices(['push']);
    await waiting;
    expect(told).toBe(true);
  });

  it('passes over a name that is no service', async () => {
    await registry.loadServices(['no-such-service']);
    expect(names()).toEqual([]);
    expect(registry.servicesLoaded(['no-such-service'])).toBe(true);
  });
});
