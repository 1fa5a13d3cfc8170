import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { buckets } from '../../resources/cdn/resources';
import { clearProxyCacheCommand, proxyCacheView } from '../../resources/cdn/proxy-cache';
import { offeredByView, viewCommands } from '../../resources/view-call';
import type { CommandDecl, ResourceDecl } from '../../resources/types';

const command = (name: string, on: CommandDecl['on'] = 'item'): CommandDecl => ({ name, label: { 'zh-CN': name, en: name }, on, method: 'POST', path: `/${name}` });

const resource = (commands: CommandDecl[], recordCommands: string[]) =>
  ({ name: 'shelves', commands, views: [{ name: 'cache', recordCommands }] }) as unknown as ResourceDecl;

describe("a view's record commands", () => {
  it("are the resource's item commands the view names, in the view's order", () => {
    const res = resource([command('a'), command('b'), command('c')], ['c', 'a']);
    expect(viewCommands(res, res.views![0]).map((c) => c.name)).toEqual(['c', 'a']);
  });

  it('leave out a name that is no item command (a collection command of the same name, or nothing)', () => {
    const res = resource([command('a', 'collection')], ['a', 'missing']);
    expect(viewCommands(res, res.views![0])).toEqual([]);
    expect(offeredByView(res, command('a', 'collection'))).toBe(false);
  });

  it("leave the record's other buttons: only the commands a view offers are taken from them", () => {
    const res = resource([command('a'), command('b')], ['a']);
    expect(offeredByView(res, command('a'))).toBe(true);
    expect(offeredByView(res, command('b'))).toBe(false);
  });

  it("offer a bucket's proxy-cache clear on its proxy-cache view, asking first", () => {
    expect(viewCommands(buckets, proxyCacheView)).toEqual([clearProxyCacheCommand]);
    expect(clearProxyCacheCommand.confirm).toBeDefined();
  });

  it('name, in every declared service, item commands of the resource they are on', () => {
    const wrong = services.flatMap((s) =>
      s.resources.flatMap((r) =>
        (r.views ?? []).flatMap((v) => (v.recordCommands ?? []).filter((n) => !viewCommands(r, { recordCommands: [n] }).length).map((n) => `${s.name}/${r.name}/${v.name}: ${n}`)),
      ),
    );
    expect(wrong).toEqual([]);
  });
});
