import { describe, expect, it } from 'vitest';
import routes from '../inventory/routes.json';
import { services } from '../../resources';
import { groupedMenu, passport } from '../../resources/passport';
import { COMING_FEATURES, comingRoute } from '../../resources/passport/console';
import type { MenuEntry, PageDecl, ResourceDecl } from '../../resources/types';
import { menuTree } from '../../src/engine/menu';
import { addressOf, routePattern, showPathOf } from '../../src/engine/routes';
import { passportConsole } from '../../src/locales/sections/passport-console';
import { panelRegistry, pageRegistry } from '../../src/pages/registry';

const declared = services.flatMap((service) => service.resources.map((decl) => ({ service, decl })));

describe('declarations the console renders', () => {
  it("tie every child to its parent by a field the child's list can filter on", () => {
    const problems = declared.flatMap(({ service, decl }) =>
      (decl.children ?? []).flatMap((child) => {
        const target = service.resources.find((r) => r.name === child.resource);
        if (!target) return [`${service.name}/${decl.name}: no resource "${child.resource}" in ${service.name}`];
        if (!(target.list.filters ?? []).includes(child.field)) return [`${service.name}/${decl.name}: ${child.resource}.${child.field} is not one of its list filters`];
        if (!target.operations.includes('list') || target.singleton) return [`${service.name}/${decl.name}: ${child.resource} has no list`];
        return [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('name only panels and pages the console has', () => {
    const panels = declared.flatMap(({ service, decl }) => (decl.panels ?? []).filter((p) => !(p in panelRegistry)).map((p) => `${service.name}/${decl.name}: panel ${p}`));
    // A page is exactly one of: a registered screen, a declared view or a declared dashboard the engine renders.
    const kinds = (p: PageDecl) => [p.component, p.view, p.dashboard].filter(Boolean).length;
    const pages = services.flatMap((s) =>
      (s.pages ?? [])
        .filter((p) => kinds(p) !== 1 || (p.component && !(p.component in pageRegistry)))
        .map((p) => `${s.name}: page ${p.route} (${p.component ?? 'no component'}, ${kinds(p)} kinds)`),
    );
    expect([...panels, ...pages]).toEqual([]);
  });

  it('give commands and actions paths under their resource (or their declared call), and uploads a method that carries a body', () => {
    const problems = declared.flatMap(({ service, decl }) => [
      ...(decl.commands ?? []).filter((c) => (c.address === 'call' ? c.path !== '' : !c.path.startsWith('/'))).map((c) => `${service.name}/${decl.name}.${c.name}: path ${c.path}`),
      ...(decl.commands ?? []).filter((c) => c.upload && c.method === 'GET').map((c) => `${service.name}/${decl.name}.${c.name}: upload by GET`),
      ...(decl.actions ?? []).filter((a) => a.fields && (a.fields as { type?: string }).type !== 'object').map((a) => `${service.name}/${decl.name}.${a.name}: fields not an object`),
    ]);
    expect(problems).toEqual([]);
  });
});

describe('record addresses', () => {
  const board = {
    name: 'leaderboards',
    idField: 'id',
    addressBy: 'slugName',
    routes: { list: 'passport/leaderboards', show: 'passport/leaderboards/:slugName' },
  } as ResourceDecl;

  it('name a record by its slug where the resource is addressed by one, else by its id', () => {
    expect(addressOf(board, { id: 'b-1', slugName: 'spring-cup' })).toBe('spring-cup');
    expect(addressOf(board, { id: 'b-1' })).toBe('b-1');
    expect(addressOf({ ...board, addressBy: undefined }, { id: 'b-1', slugName: 'spring-cup' })).toBe('b-1');
  });

  it("fill a show route's last parameter with the address and others from the record", () => {
    expect(showPathOf(board, 'app 1', { id: 'b-1', slugName: 'spring-cup' })).toBe('/services/app%201/passport/leaderboards/spring-cup');
    const pass = { ...board, routes: { show: 'passport/battle-pass/:personaId/:slugName' } } as ResourceDecl;
    expect(showPathOf(pass, 'a', { id: 'p', slugName: 'season-1', personaId: 'per-9' })).toBe('/services/a/passport/battle-pass/per-9/season-1');
    expect(showPathOf({ ...board, routes: {} }, 'a', { id: 'b-1' })).toBeUndefined();
  });
});

describe('menu groups', () => {
  const entry = (route: string, group?: string): MenuEntry => ({ route, label: { 'zh-CN': route, en: route }, ...(group ? { group: { 'zh-CN': group, en: group } } : {}) });

  it('gather the entries of a group where its first entry is, keeping the order of the others', () => {
    const tree = menuTree('svc', [entry('a'), entry('b', 'G'), entry('c'), entry('d', 'H'), entry('e', 'G')]);
    expect(tree.map((n) => (n.kind === 'entry' ? n.entry.route : `${n.label.en}[${n.entries.map((e) => e.route).join(',')}]`))).toEqual(['a', 'G[b,e]', 'c', 'H[d]']);
  });

  it("put passport's screens in groups, the settings first", () => {
    const menu = groupedMenu([
      entry('passport/quests'),
      entry('passport/settings'),
      entry('passport/economy/resource'),
      entry('passport/account/user'),
      entry('passport/leaderboards'),
      entry('passport/account/friend-management'),
      entry('passport/economy/product'),
    ]);
    const tree = menuTree('passport', menu);
    expect(tree.map((n) => (n.kind === 'entry' ? n.entry.route : `${n.label.en}: ${n.entries.map((e) => e.route.replace('passport/', '')).join(',')}`))).toEqual([
      'Settings: settings',
      'Player accounts: account/user',
      'Social & rankings: account/friend-management,leaderboards',
      'Economy & gifts: economy/resource,economy/product',
      'Live ops: quests',
    ]);
  });

  it('leave no declared passport screen outside a group', () => {
    expect((passport.menu ?? []).filter((m) => !m.group).map((m) => m.route)).toEqual([]);
  });

  it('put the sign-in playground with the player accounts, and a screen of no group after the groups', () => {
    const menu = groupedMenu([entry('passport/unheard-of'), entry('/playground/passport/:appId?'), entry('passport/auth/realm'), entry('passport/settings')]);
    expect(menu.map((m) => `${m.route}:${m.group?.en ?? '-'}`)).toEqual([
      'passport/settings:Settings',
      'passport/auth/realm:Player accounts',
      '/playground/passport/:appId?:Player accounts',
      'passport/unheard-of:-',
    ]);
  });
});

describe('coming-soon pages', () => {
  it('are the 13 coming/* routes of the spec, out of the menu, on one registered page', () => {
    const wanted = (routes as { path: string }[]).map((r) => r.path).filter((p) => p.startsWith('/services/:appId/passport/coming/'));
    expect(wanted).toHaveLength(13);
    const pages = (passport.pages ?? []).filter((p) => p.component === 'passportComingSoon');
    expect(pages.map((p) => routePattern(p.route)).sort()).toEqual([...wanted].sort());
    expect(COMING_FEATURES.map((f) => comingRoute(f.key)).sort()).toEqual(pages.map((p) => p.route).sort());
    expect((passport.menu ?? []).filter((m) => m.route.includes('/coming/'))).toEqual([]);
    expect('passportComingSoon' in pageRegistry).toBe(true);
  });

  it('say what each feature will do in both languages', () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const features = passportConsole[locale].coming.features as Record<string, { summary: string; points: string[] }>;
      for (const { key } of COMING_FEATURES) {
        expect(features[key]?.summary, `${locale} ${key}`).toBeTruthy();
        expect(features[key]?.points.length, `${locale} ${key}`).toBeGreaterThanOrEqual(2);
      }
      expect(Object.keys(features).sort()).toEqual(COMING_FEATURES.map((f) => f.key).sort());
    }
  });
});
