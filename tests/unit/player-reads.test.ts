import { describe, expect, it } from 'vitest';
import type { PlayerCaller } from '../../server/engine/hooks';
import type { PlayerReadDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import { buildModel } from '../../server/engine/model';
import { playerWhere } from '../../server/engine/player-routes';

const decl = (over: Partial<ResourceDecl> = {}): ResourceDecl => ({
  name: 'gifts',
  label: { 'zh-CN': '礼物', en: 'Gifts' },
  singular: { 'zh-CN': '礼物', en: 'gift' },
  schema: {
    type: 'object',
    properties: { name: { type: 'string' }, kind: { type: 'string', enum: ['a', 'b'] }, userId: { type: 'string' }, personaId: { type: 'string' }, shown: { type: 'string' } },
  },
  path: '/gifts',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list'],
  list: { columns: ['name'] },
  access: { read: ['app'], write: ['app'] },
  ...over,
});
const service = { name: 'test', base: '/test/v1', convention: 'passport', resources: [] } as unknown as ServiceDecl;
const read: PlayerReadDecl = { path: '/sdk/gifts', summary: 'gifts', owner: { userId: 'user' }, orderBy: '-createdAt', listKey: 'gifts' };
const player: PlayerCaller = { scopeId: 'app1', userId: 'u1', personaId: 'p1' };

describe('a declared player read', () => {
  it('is checked at start-up: every field it names is the resource’s', () => {
    expect(() => buildModel(service, decl({ player: [read] }))).not.toThrow();
    expect(() => buildModel(service, decl({ player: [{ ...read, owner: { ownerId: 'user' } }] }))).toThrow(/ownerId/);
    expect(() => buildModel(service, decl({ player: [{ ...read, filters: ['colour'] }] }))).toThrow(/colour/);
    expect(() => buildModel(service, decl({ player: [{ ...read, orderBy: '-rank' }] }))).toThrow(/rank/);
    expect(() => buildModel(service, decl({ player: [{ ...read, owner: {} }] }))).toThrow(/owner/);
    expect(() => buildModel(service, decl({ player: [{ ...read, owner: 'app' }] }))).not.toThrow();
    expect(() => buildModel(service, decl({ player: [{ ...read, search: 50 }] }))).toThrow(/search/);
    expect(() => buildModel(service, decl({ player: [{ ...read, search: 50 }], list: { columns: ['name'], search: ['name'] } }))).not.toThrow();
  });

  it('is checked at start-up: what it answers beside its list are records of the service, ordered by their fields', () => {
    const svc = { ...service, resources: [decl({ name: 'shelves' })] } as ServiceDecl;
    const beside = (b: object) => decl({ player: [{ ...read, alongside: { shelves: { resource: 'shelves', orderBy: 'name', limit: 10, ...b } } }] });
    expect(() => buildModel(svc, beside({}))).not.toThrow();
    expect(() => buildModel(svc, beside({ orderBy: ['-createdAt', 'kind'] }))).not.toThrow();
    expect(() => buildModel(svc, beside({ resource: 'racks' }))).toThrow(/no resource/);
    expect(() => buildModel(svc, beside({ orderBy: '-height' }))).toThrow(/height/);
    const clash = decl({ player: [{ ...read, alongside: { gifts: { resource: 'shelves', orderBy: 'name', limit: 10 } } }] });
    expect(() => buildModel(svc, clash)).toThrow(/already a key/);
  });

  it('confines the query to the player, its fixed conditions and the filters asked for', () => {
    const where = playerWhere({ ...read, owner: { userId: 'user', personaId: 'persona-or-none' }, where: { shown: ['yes', 'soon'] }, filters: ['kind'] }, player, { kind: 'a', count: 5 });
    expect(where).toEqual({ userId: 'u1', shown: { $in: ['yes', 'soon'] }, kind: 'a', $and: [{ $or: [{ personaId: null }, { personaId: 'p1' }] }] });
    expect(playerWhere({ ...read, owner: { personaId: 'persona' }, filters: ['kind'] }, player, {})).toEqual({ personaId: 'p1' });
    expect(playerWhere({ ...read, owner: 'app', search: 50 }, player, { q: 'ab' }, ['name', 'shown'])).toEqual({ $and: [{ $or: [{ name: { $search: 'ab' } }, { shown: { $search: 'ab' } }] }] });
    expect(playerWhere({ ...read, owner: 'app', search: 50 }, player, {}, ['name'])).toEqual({});
  });
});

describe('a declared lookup', () => {
  it('is checked at start-up: one kind, over fields of the resource', () => {
    const names = { path: '/gifts/names', summary: 'names', listKey: 'names' };
    expect(() => buildModel(service, decl({ lookups: [{ ...names, fields: ['id', 'name'] }, { ...names, groupBy: 'kind', enumerate: true }] }))).not.toThrow();
    expect(() => buildModel(service, decl({ lookups: [names] }))).toThrow(/either/);
    expect(() => buildModel(service, decl({ lookups: [{ ...names, fields: ['id'], groupBy: 'kind' }] }))).toThrow(/either/);
    expect(() => buildModel(service, decl({ lookups: [{ ...names, fields: ['title'] }] }))).toThrow(/title/);
    expect(() => buildModel(service, decl({ lookups: [{ ...names, groupBy: 'name', enumerate: true }] }))).toThrow(/enum/);
  });
});

describe('a view the engine serves', () => {
  const view = {
    name: 'mine',
    label: { 'zh-CN': '我的', en: 'Mine' },
    path: '/mine',
    listKey: 'gifts',
    row: 'gifts',
    columns: ['name'],
    rowKey: 'id',
    empty: { 'zh-CN': '无', en: 'None' },
    paging: { mode: 'server' as const, pageSize: 10 },
    rowsOf: { field: 'userId', orderBy: '-createdAt', summary: 'mine' },
  };
  it('is checked at start-up: its rows are records of a resource of the service that has the field', () => {
    const svc = { ...service, resources: [decl()] } as ServiceDecl;
    expect(() => buildModel(svc, decl({ name: 'owners', views: [view] }))).not.toThrow();
    expect(() => buildModel(svc, decl({ name: 'owners', views: [{ ...view, row: 'parcels' }] }))).toThrow(/row resource/);
    expect(() => buildModel(svc, decl({ name: 'owners', views: [{ ...view, rowsOf: { ...view.rowsOf, field: 'ownerId' } }] }))).toThrow(/ownerId/);
    expect(() => buildModel(svc, decl({ name: 'owners', views: [{ ...view, method: 'POST' }] }))).toThrow(/GET/);
  });
});
