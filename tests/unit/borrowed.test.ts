import { describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { borrowedDeclared } from '../../providers/declarations';
import { listQuery } from '../../providers/crud';
import { services } from '../../resources';
import { borrowedOf } from '../../resources/borrowed';
import { match } from '../../resources/match';
import { matchConfigs } from '../../resources/match/resources';
import { multiverse } from '../../resources/multiverse';
import type { BorrowedDecl, ServiceDecl } from '../../resources/types';
import { usync } from '../../resources/usync';
import { buildModel, buildModels } from '../../server/engine/model';

/** The declaration format's screens of another service's resource (`ServiceDecl.borrowed`), checked at start-up. */
const SYNC_MATCH: BorrowedDecl = { service: 'match', resource: 'configs', routes: { list: 'sync/match', show: 'sync/match/:configId' }, where: { field: 'syncProfileId', present: true } };

/** The registry with Sync borrowing as given (its menu naming the list route unless `menu` says otherwise). */
const withSync = (b: BorrowedDecl, menu = [{ route: b.routes.list, label: { 'zh-CN': '匹配', en: 'Match' } }]): ServiceDecl[] =>
  services.map((s) => (s.name === usync.name ? { ...usync, menu, borrowed: [b] } : s));
const build = (b: BorrowedDecl, menu?: ServiceDecl['menu']) => () => buildModels(withSync(b, menu));

describe('a resource borrowed by another service', () => {
  it("builds as declared: Sync's and Multiverse's screens of the match configs in a room and on a game", () => {
    expect(() => buildModels(services)).not.toThrow();
    const shown = borrowedOf(services).map(({ borrower, lender, decl, where }) => `${borrower.name}:${lender.name}/${decl.name}@${decl.routes?.list}?${where.field}`);
    expect(shown).toEqual(expect.arrayContaining(['usync:match/configs@sync/match?syncProfileId', 'multiverse:match/configs@multiverse/match?gameId']));
  });

  it('names a service, a resource with a list, and a field of it', () => {
    expect(build({ ...SYNC_MATCH, service: 'nope' })).toThrow(/borrowed nope\/configs: no such service/);
    expect(build({ ...SYNC_MATCH, resource: 'nope' })).toThrow(/no such resource/);
    expect(build({ ...SYNC_MATCH, resource: 'apps' })).toThrow(/has no list/);
    expect(build({ ...SYNC_MATCH, where: { field: 'nope', present: true } })).toThrow(/'nope' is not a field/);
  });

  it("narrows by one of the list's filters to a value, or by one of its has fields to any value, never both", () => {
    expect(build({ ...SYNC_MATCH, where: { field: 'name', present: true } })).toThrow(/'name' is not one of the list's has fields/);
    expect(build({ ...SYNC_MATCH, where: { field: 'name', value: 'duel' } })).toThrow(/'name' is not one of the list's filters/);
    expect(build({ ...SYNC_MATCH, where: { field: 'syncProfileId', value: 'p1', present: true } })).toThrow(/a value or present, one of them/);
    expect(build({ ...SYNC_MATCH, where: { field: 'syncProfileId' } })).toThrow(/a value or present, one of them/);
    expect(build({ ...SYNC_MATCH, where: { field: 'syncProfileId', value: 'p1' } })).not.toThrow();
  });

  it('hides optional fields other than the condition\'s, from its columns, filters and forms', () => {
    expect(build({ ...SYNC_MATCH, hide: ['nope'] })).toThrow(/the hidden 'nope' is not an optional field/);
    expect(build({ ...SYNC_MATCH, hide: ['name'] })).toThrow(/the hidden 'name'/);
    expect(build({ ...SYNC_MATCH, hide: ['syncProfileId'] })).toThrow(/the hidden 'syncProfileId'/);
    const [sync] = borrowedOf(services).filter((b) => b.borrower.name === usync.name);
    expect(Object.keys(sync.decl.schema.properties ?? {})).not.toContain('gameId');
    expect(sync.decl.list.columns).not.toContain('gameId');
    expect(sync.decl.list.filters).not.toContain('gameId');
    expect(Object.keys(matchConfigs.schema.properties ?? {})).toContain('gameId');
  });

  it("takes no other screen's route, and its menu names the list", () => {
    expect(build({ ...SYNC_MATCH, routes: { list: 'match' } })).toThrow(/the route 'match' is another screen's/);
    expect(build(SYNC_MATCH, [])).toThrow(/the menu names no entry for 'sync\/match'/);
  });

  it('has only text fields of the schema as has fields', () => {
    const configs = (has: string[]) => () => buildModel(match, { ...matchConfigs, list: { ...matchConfigs.list, has } });
    expect(configs(['timeoutSeconds'])).toThrow(/has field 'timeoutSeconds' is not a text field/);
    expect(configs(['nope'])).toThrow(/has field 'nope'/);
    expect(configs(['gameId'])).not.toThrow();
  });

  it('is shown at the borrower\'s routes, its condition field required by its forms when it asks for a value', () => {
    const [mv] = borrowedOf(services).filter((b) => b.borrower.name === multiverse.name);
    expect(mv.decl.routes).toEqual({ list: 'multiverse/match', show: 'multiverse/match/:configId' });
    expect(mv.decl.schema.required).toContain('gameId');
    expect(matchConfigs.schema.required).not.toContain('gameId');
    expect(mv.decl.path).toBe(matchConfigs.path);
  });

  it("is the console's list of the lender's resource at the borrower's route, asking the server for the condition", () => {
    const sync = borrowedDeclared().find((d) => d.key === 'usync.match.configs');
    expect(sync?.service.name).toBe('match');
    expect(sync?.decl.routes?.show).toBe('sync/match/:configId');
    expect(sync?.where).toEqual({ field: 'syncProfileId', present: true });
    expect(listQuery(sync!.decl, [], [{ field: 'syncProfileId', operator: 'nnull', value: true }])).toEqual({ has: 'syncProfileId' });
    // A field the list cannot narrow by is not sent.
    expect(listQuery(sync!.decl, [], [{ field: 'name', operator: 'nnull', value: true }])).toEqual({});
  });
});
