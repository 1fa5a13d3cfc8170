import { describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import type { CommandDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import { actionCall } from '../../resources/action-call';
import { recordCallUrl, type CallScope } from '../../src/engine/calls';
import { commandPath } from '../../src/engine/useDeclaredCommands';
import { collectionUrl, itemUrl } from '../../providers/crud';
import { passport } from '../../resources/passport';
import { childrenOf } from '../../src/engine/children';

/** A service declared only here: guilds with members nested under them (ADR 0015). */
const guilds: ResourceDecl = { ...passport.resources.find((r) => r.name === 'guilds')!, children: [] };
const members: ResourceDecl = {
  ...guilds,
  name: 'members',
  path: '/members',
  routes: undefined,
  parent: { resource: 'guilds', param: 'guildId', onDelete: 'cascade' },
};
const service: ServiceDecl = { ...passport, base: '/svc/v1', resources: [guilds, members] };
const memberScope: CallScope = { service, decl: members, meta: { parentId: 'g1' }, idOf: (r) => String(r.id) };

describe("the console's calls of a sub-resource", () => {
  it("go through its parent record's nested path", () => {
    expect(collectionUrl(service, members, { parentId: 'g 1' })).toBe('/svc/v1/guilds/g%201/members');
    expect(itemUrl(service, members, 'm1', { parentId: 'g1' })).toBe('/svc/v1/guilds/g1/members/m1');
    expect(collectionUrl(service, guilds)).toBe('/svc/v1/guilds');
  });

  it('are refused without the parent, rather than sent to a path that does not exist', () => {
    expect(() => collectionUrl(service, members, {})).toThrow(/parent/);
    expect(() => recordCallUrl({ ...memberScope, meta: {} }, { id: 'm1' }, { path: '/kick' })).toThrow(/parent/);
  });

  it("send a state action, a part and the commands under the parent's record, where the server mounts them", () => {
    const record = { id: 'm 1' };
    expect(recordCallUrl(memberScope, record, actionCall(service, { name: 'kick', label: members.label, from: [], to: 'x' }))).toBe('/svc/v1/guilds/g1/members/m%201/kick');
    expect(recordCallUrl(memberScope, record, { path: '/roles' })).toBe('/svc/v1/guilds/g1/members/m%201/roles');
    const cmd = (on: CommandDecl['on'], path: string): CommandDecl => ({ name: 'c', label: members.label, on, method: 'POST', path });
    expect(commandPath(memberScope, cmd('item', '/promote'), record)).toBe('/svc/v1/guilds/g1/members/m%201/promote');
    expect(commandPath(memberScope, cmd('selection', '/batch-delete'))).toBe('/svc/v1/guilds/g1/members/batch-delete');
    expect(commandPath(memberScope, cmd('collection', '/export'))).toBe('/svc/v1/guilds/g1/members/export');
  });

  it("are listed on the parent's page, tied to the record shown", () => {
    const children = childrenOf(service, guilds, 'g1');
    expect(children.map((c) => [c.declared.decl.name, c.declared.parentId, c.fixed])).toEqual([['members', 'g1', undefined]]);
  });
});
