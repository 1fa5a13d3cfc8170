import { describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { passport } from '../../resources/passport';
import { banHistoryView, tagMemberViews } from '../../resources/passport/views';
import type { ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import { viewCall, viewRequest } from '../../resources/view-call';
import { propertyOf } from '../../src/engine/schema';
import { viewCell, viewColumnSpecs, viewGroups, viewRowKey, viewRows, viewSummary } from '../../src/engine/view-columns';

const resource = (name: string) => passport.resources.find((r) => r.name === name)!;
const t = (key: string) => `<${key}>`;
const declared = services.flatMap((service) => service.resources.flatMap((decl) => (decl.views ?? []).map((view) => ({ service, decl, view }))));

describe('a view call', () => {
  it('appends the view path to the item path, under the resource’s id parameter', () => {
    expect(viewCall(passport, resource('users'), banHistoryView)).toEqual({ method: 'GET', path: '/users/:id/ban-actions', param: 'id' });
    const roles: ResourceDecl = { ...resource('users'), path: '/guilds/roles', idParam: 'roleId' };
    expect(viewCall(passport, roles, banHistoryView).path).toBe('/guilds/roles/:roleId/ban-actions');
  });

  it('follows passport’s search convention for a POST view, and only there', () => {
    const search: ViewDecl = { ...banHistoryView, method: 'POST' };
    expect(viewCall(passport, resource('users'), search)).toMatchObject({ method: 'POST', path: '/users/:id/ban-actions/search' });
    const rest: ServiceDecl = { ...passport, convention: 'rest' };
    expect(viewCall(rest, resource('users'), search).path).toBe('/users/:id/ban-actions');
  });

  it('puts the record id in place and asks for the page shown, or every row at once', () => {
    const [tagUsers] = tagMemberViews;
    expect(viewRequest(passport, resource('tags'), tagUsers, 'a/b', 3)).toEqual({ method: 'GET', url: '/tags/a%2Fb/users', paging: { count: 10, start: 20 } });
    expect(viewRequest(passport, resource('users'), banHistoryView, 'u1').paging).toEqual({});
    const capped: ViewDecl = { ...banHistoryView, paging: { mode: 'client', pageSize: 10, count: 500 } };
    expect(viewRequest(passport, resource('users'), capped, 'u1').paging).toEqual({ count: 500 });
  });
});

describe('a view’s columns', () => {
  it('take titles and widths from the row schema, in the declared order', () => {
    const specs = viewColumnSpecs(passport, banHistoryView, 'en', t);
    expect(specs.map((s) => [s.field, s.title, s.width])).toEqual([
      ['at', 'Time', 180],
      ['action', 'Action', 110],
      ['reason', 'Reason', undefined],
      ['until', 'Until', 180],
      ['actor', 'By', undefined],
    ]);
    expect(viewColumnSpecs(passport, banHistoryView, 'zh-CN', t)[1].title).toBe('操作');
  });

  it('of records link the title field to the record’s page and title timestamps as the console does', () => {
    const [tagUsers] = tagMemberViews;
    const specs = viewColumnSpecs(passport, tagUsers, 'en', t);
    expect(specs.find((s) => s.field === 'name')?.link).toEqual({ resource: 'users', idField: 'id' });
    expect(specs.find((s) => s.field === 'status')).toMatchObject({ width: 90, link: undefined });
    expect(specs.find((s) => s.field === 'createdAt')?.title).toBe('<engine.createdAt>');
  });
});

describe('a view’s cell', () => {
  const [at, action, , until, actor] = viewColumnSpecs(passport, banHistoryView, 'en', t);
  const ban = { at: '2026-01-02T03:04:05.000Z', action: 'ban', actor: 'owner@example.com', reason: null, until: null, automatic: false };
  const lift = { ...ban, action: 'unban', actor: 'system:ban-expired', automatic: true };

  it('reads declared values as labels, with their tag colour', () => {
    expect(viewCell(action, ban, 'en')).toEqual({ kind: 'label', text: 'Ban', color: 'red' });
    expect(viewCell(action, lift, 'zh-CN')).toEqual({ kind: 'label', text: '解封', color: 'green' });
    expect(viewCell(actor, lift, 'en')).toEqual({ kind: 'label', text: 'Lifted when the ban ended', color: undefined });
    expect(viewCell(actor, ban, 'en')).toEqual({ kind: 'value', value: 'owner@example.com' });
  });

  it('says what an absent value means only on the rows its field applies to', () => {
    expect(viewCell(until, ban, 'en')).toEqual({ kind: 'empty', text: 'Until unbanned' });
    expect(viewCell(until, { ...ban, until: '2026-02-01T00:00:00.000Z' }, 'en')).toEqual({ kind: 'value', value: '2026-02-01T00:00:00.000Z' });
    expect(viewCell(until, lift, 'en')).toEqual({ kind: 'absent' });
    expect(viewCell(at, ban, 'en')).toEqual({ kind: 'value', value: ban.at });
  });

  it('links to the record a row names, by the declared id field', () => {
    const name = viewColumnSpecs(passport, declared.find((d) => d.view.name === 'friends')!.view, 'en', t)[0];
    expect(viewCell(name, { personaId: 'p-9', name: 'Ana' }, 'en')).toEqual({ kind: 'link', resource: 'personas', id: 'p-9', value: 'Ana' });
    expect(viewCell(name, { name: 'Ana' }, 'en')).toEqual({ kind: 'value', value: 'Ana' });
  });

  it('tells rows apart by the declared fields', () => {
    expect(viewRowKey(banHistoryView, ban)).toBe(`${ban.at}|ban`);
    expect(viewRowKey(banHistoryView, lift)).not.toBe(viewRowKey(banHistoryView, ban));
  });
});

describe('views on a record’s page', () => {
  it('share a card as tabs where they share a group, in declared order', () => {
    const groups = viewGroups(resource('personas').views ?? []);
    expect(groups.map((g) => [g.group?.en, g.views.map((v) => v.name)])).toEqual([
      ['Friends', ['friends', 'friendBlacklist']],
      [undefined, ['banActions']],
      [undefined, ['inventory']],
    ]);
  });

  it('are declared soundly: unique names, rows that exist, columns and row keys their rows have', () => {
    const problems = declared.flatMap(({ service, decl, view }) => {
      const where = `${service.name}/${decl.name} view ${view.name}`;
      let schema;
      try {
        schema = viewRows(service, view).schema;
      } catch (e) {
        return [`${where}: ${(e as Error).message}`];
      }
      const own = ['createdAt', 'updatedAt', 'id', 'version'];
      const has = (f: string) => !!propertyOf(schema, f) || (typeof view.row === 'string' && own.includes(f));
      const fields = [...view.columns, ...(Array.isArray(view.rowKey) ? view.rowKey : [view.rowKey])];
      const dup = (decl.views ?? []).filter((v) => v.name === view.name).length > 1 ? [`${where}: name used twice`] : [];
      return [...dup, ...fields.filter((f) => !has(f)).map((f) => `${where}: no field ${f} in its rows`)];
    });
    expect(declared.length).toBeGreaterThanOrEqual(8);
    expect(problems).toEqual([]);
  });
});

describe('a view summary', () => {
  const text = (t: { en: string }) => t.en;
  it('says the total in the locale, and nothing before the answer or without a sentence', () => {
    const view = { summary: { 'zh-CN': '共 {{total}} 条', en: '{{total}} entries (at most 5000)' } };
    expect(viewSummary(view, 12345, text, 'en')).toBe('12,345 entries (at most 5000)');
    expect(viewSummary(view, undefined, text, 'en')).toBeUndefined();
    expect(viewSummary({}, 3, text, 'en')).toBeUndefined();
  });
});
