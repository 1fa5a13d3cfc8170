import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { serviceLoaders, serviceNames, servicesNamedBy } from '../../resources/service-loaders';

/**
 * The console loads each service's declaration on its own (resources/service-loaders.ts, providers/services.ts):
 * its loaders must give the very services the server and the build read from resources/index.ts, in the same order.
 */
describe('service loaders', () => {
  it('name every service of the index, in its order', () => {
    expect(serviceNames).toEqual(services.map((s) => s.name));
  });

  it('each load the declaration the index holds under that name', async () => {
    for (const [name, load] of serviceLoaders) expect(await load(), name).toBe(services.find((s) => s.name === name));
  });

  it('tell the other services a declaration names, and not itself', () => {
    const usync = services.find((s) => s.name === 'usync')!;
    // Sync shows Matchmaking's configs as its own (ServiceDecl.borrowed).
    expect(servicesNamedBy(usync)).toContain('match');
    expect(servicesNamedBy(usync)).not.toContain('usync');
    const lone = { ...usync, name: 'lone', borrowed: undefined, resources: [] };
    expect(servicesNamedBy(lone as never).filter((n) => n === 'match')).toEqual([]);
  });
});
