import { describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { achievementProgressView, friendRelationsView, inboxRecordsView } from '../../resources/passport/page-views';
import { guildMemberViews } from '../../resources/passport/views';
import { filterFromQuery, pageViewRequest, rowCommandAllowed, rowCommandBody, rowCommandCall, rowCommandUrl } from '../../resources/page-view-call';
import type { PageViewDecl, ResourceDecl } from '../../resources/types';
import { viewCell, viewColumnSpecs } from '../../src/engine/view-columns';

const resource = (name: string) => passport.resources.find((r) => r.name === name)!;
const t = (key: string) => key;
const [members] = guildMemberViews;
const command = (view: { rowCommands?: { name: string }[] }, name: string) => view.rowCommands!.find((c) => c.name === name)! as never;

describe('a row command’s address', () => {
  it('is the record view’s path with the record in place, then the row’s fields', () => {
    const guilds = resource('guilds');
    expect(rowCommandCall(passport, guilds, members, command(members, 'setRole'))).toEqual({ method: 'PUT', path: '/guilds/:id/members/:personaId/role' });
    const row = { personaId: 'p/1', isLeader: false };
    expect(rowCommandUrl(passport, guilds, members, command(members, 'setRole'), row, { recordId: 'g 1', appId: 'a' })).toBe('/guilds/g%201/members/p%2F1/role');
    expect(rowCommandUrl(passport, guilds, members, command(members, 'remove'), row, { recordId: 'g1', appId: 'a' })).toBe('/guilds/g1/members/p%2F1');
  });

  it('tells the record’s id from a row field of the same name (a quest’s item)', () => {
    const quests: ResourceDecl = resource('quests');
    const items = { ...members, name: 'items', path: '/items', rowCommands: [{ name: 'publish', label: members.label, method: 'POST' as const, path: '/:id/publish' }] };
    expect(rowCommandUrl(passport, quests, items, items.rowCommands[0], { id: 'item-7' }, { recordId: 'quest-1', appId: 'a' })).toBe('/quests/quest-1/items/item-7/publish');
  });

  it('on a page’s view starts from the view’s path, not its search', () => {
    expect(rowCommandCall(passport, undefined, friendRelationsView, command(friendRelationsView, 'remove')).path).toBe('/friends/:personaId/:friendId');
    expect(rowCommandUrl(passport, undefined, inboxRecordsView, command(inboxRecordsView, 'recall'), { id: 'r1' }, { appId: 'a' })).toBe('/inbox/records/r1/recall');
  });

  it('refuses a row without the field its path needs', () => {
    expect(() => rowCommandUrl(passport, undefined, inboxRecordsView, command(inboxRecordsView, 'recall'), { title: 'x' }, { appId: 'a' })).toThrow(/no id/);
  });

  it('is offered on the rows its condition allows', () => {
    const recall = command(inboxRecordsView, 'recall');
    expect(rowCommandAllowed(recall, { status: 'Sent' })).toBe(true);
    expect(rowCommandAllowed(recall, { status: 'Recalled' })).toBe(false);
    expect(rowCommandAllowed(command(members, 'remove'), { isLeader: true })).toBe(false);
    expect(rowCommandAllowed(command(friendRelationsView, 'remove'), {})).toBe(true);
  });

  it('sends a nullable field left empty as null (a role taken away)', () => {
    const { fields } = command(members, 'setRole') as { fields: Record<string, unknown> };
    expect(rowCommandBody(fields as never, {})).toEqual({ roleId: null });
    expect(rowCommandBody(fields as never, { roleId: 'r1' })).toEqual({ roleId: 'r1' });
  });
});

describe('a page view’s call under its filters', () => {
  it('sends the set filters beside the paging, as the query or the search body', () => {
    expect(pageViewRequest(passport, inboxRecordsView, {}, 'app', 2)).toEqual({ method: 'GET', url: '/inbox/records', params: { count: 20, start: 20 }, missing: [], filtered: false });
    expect(pageViewRequest(passport, inboxRecordsView, { status: 'Sent' }, 'app')).toMatchObject({ params: { count: 20, start: 0, status: 'Sent' }, filtered: true });
    expect(pageViewRequest(passport, friendRelationsView, { state: 'requested', personaId: 'p1' }, 'app')).toMatchObject({
      method: 'POST',
      url: '/friends/search',
      params: { count: 20, start: 0, state: 'requested', personaId: 'p1' },
    });
    expect(pageViewRequest(passport, friendRelationsView, { state: undefined, personaId: '' }, 'app').params).toEqual({ count: 20, start: 0 });
  });

  it('puts the filters its path names and the app in place, and waits while one is unset', () => {
    expect(pageViewRequest(passport, achievementProgressView, { state: 'redeemed' }, 'app')).toMatchObject({ url: undefined, missing: ['personaId'] });
    expect(pageViewRequest(passport, achievementProgressView, { personaId: 'p 1', state: 'redeemed' }, 'app')).toEqual({
      method: 'GET',
      url: '/personas/p%201/achievements',
      params: { count: 20, start: 0, state: 'redeemed' },
      missing: [],
      filtered: true,
    });
    const logs: PageViewDecl = { ...inboxRecordsView, path: '/id-domains/:appId/logs', filters: [] };
    expect(pageViewRequest(passport, logs, {}, 'app-9').url).toBe('/id-domains/app-9/logs');
  });

  it('sends a date range as its two parameters, either end alone', () => {
    const ranged: PageViewDecl = { ...inboxRecordsView, filters: [{ name: 'sent', kind: 'dateRange', label: inboxRecordsView.label, range: ['from', 'to'] }] };
    expect(pageViewRequest(passport, ranged, { sent: ['2026-01-01T00:00:00.000Z', ''] }, 'app').params).toEqual({ count: 20, start: 0, from: '2026-01-01T00:00:00.000Z' });
    expect(pageViewRequest(passport, ranged, { sent: ['a', 'b'] }, 'app').params).toMatchObject({ from: 'a', to: 'b' });
  });

  it('reads a filter from the page address only where it declares a parameter', () => {
    const [persona, state] = achievementProgressView.filters!;
    const query = new URLSearchParams('persona=p9&state=redeemed');
    expect(filterFromQuery(persona, query)).toBe('p9');
    expect(filterFromQuery(state, query)).toBeUndefined();
  });
});

describe('a page view’s cells', () => {
  const specs = viewColumnSpecs(passport, inboxRecordsView, 'en', t);
  const spec = (field: string) => specs.find((s) => s.field === field)!;
  const sent = { id: 'r1', title: 'Hi', target: { type: 'personas', personaIds: ['a', 'b'] }, attachments: [{ resource: 'gold', amount: 5 }], refused: [{ personaId: 'p1' }], delivered: 2, status: 'Recalled', recalled: 3 };

  it('name a value by a part of it, and fill labels from the row', () => {
    expect(viewCell(spec('target'), sent, 'en')).toEqual({ kind: 'label', text: '2 chosen personas', color: undefined });
    expect(viewCell(spec('target'), { ...sent, target: { type: 'tag', tagId: 'vip' } }, 'zh-CN')).toMatchObject({ text: '标签 vip' });
    expect(viewCell(spec('status'), sent, 'en')).toEqual({ kind: 'label', text: 'Recalled · 3 removed', color: 'default' });
  });

  it('show lists as tags, or as one tag saying how many', () => {
    expect(viewCell(spec('attachments'), sent, 'en')).toEqual({ kind: 'tags', items: ['gold × 5'], color: 'gold', collapsed: undefined });
    expect(viewCell(spec('attachments'), { ...sent, attachments: [] }, 'en')).toEqual({ kind: 'empty', text: 'None' });
    expect(viewCell(spec('refused'), sent, 'en')).toEqual({ kind: 'tags', items: ['p1'], color: 'red', collapsed: '1 skipped' });
  });

  it("read a list's tags by its items' summary, as a detail reads an object", () => {
    const attachments = [{ resource: 'gold', amount: 12000 }, { resource: 'gem' }];
    expect(viewCell(spec('attachments'), { ...sent, attachments }, 'en')).toMatchObject({ items: ['gold × 12,000', '{"resource":"gem"}'] });
  });

  it('link a value to another page of the service, and show progress out of its goal', () => {
    expect(viewCell(spec('delivered'), sent, 'en')).toEqual({ kind: 'page', route: 'passport/inbox/message', query: { record: 'r1' }, value: 2 });
    const progress = viewColumnSpecs(passport, achievementProgressView, 'en', t).find((s) => s.field === 'progress')!;
    expect(viewCell(progress, { progress: 3, goal: 10 }, 'en')).toEqual({ kind: 'progress', value: 3, of: 10 });
  });
});
