import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import type { ServiceDecl } from '../../resources/types';
import { knownRoutes, serviceMenus } from '../../src/engine/service-menus';

const service = (name: string): ServiceDecl => services.find((s) => s.name === name)!;

describe('the services menus the console is drawn from', () => {
  const menus = serviceMenus(services);

  it("gives remote config its icon, name and declared entries, in the declaration's order", () => {
    const config = menus.find((m) => m.name === 'remote-config')!;
    expect(config.icon).toBe(service('remote-config').catalogue.icon);
    expect(config.displayName).toEqual(service('remote-config').catalogue.displayName);
    expect(config.entries.map((e) => e.label['zh-CN'])).toEqual(['配置管理', '调试台']);
  });

  it('leaves out the services the catalogue hides from the menu, and keeps the catalogue order', () => {
    for (const hidden of ['ai', 'metrics']) expect(service(hidden).catalogue.hide?.menu).toBe(true);
    expect(menus.map((m) => m.name)).not.toContain('ai');
    expect(menus.map((m) => m.name)).not.toContain('metrics');
    const order = services.map((s) => s.name);
    const names = menus.map((m) => m.name);
    expect([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(names);
  });

  it('names only routes that open a screen, and drops a service left with none', () => {
    const known = knownRoutes();
    for (const m of menus) for (const entry of m.entries) expect(known.has(entry.route), `${m.name}: ${entry.route}`).toBe(true);
    const config = service('remote-config');
    const stray = { route: 'config/nowhere', label: { 'zh-CN': '无处', en: 'Nowhere' } };
    const withStray: ServiceDecl = { ...config, menu: [...(config.menu ?? []), stray] };
    const onlyStray: ServiceDecl = { ...config, name: 'only-stray', menu: [stray] };
    const [drawn, ...rest] = serviceMenus([withStray, onlyStray], known);
    expect(drawn.entries.map((e) => e.route)).toEqual((config.menu ?? []).map((e) => e.route));
    expect(rest).toEqual([]);
  });

  it('keeps an administrator-only entry for the console to show to administrators alone', () => {
    const adminOnly = menus.flatMap((m) => m.entries).filter((e) => e.adminOnly);
    const declared = services.filter((s) => !s.catalogue.hide?.menu).flatMap((s) => (s.menu ?? []).filter((e) => e.adminOnly));
    expect(declared.length).toBeGreaterThan(0);
    expect(adminOnly).toEqual(declared);
  });
});
