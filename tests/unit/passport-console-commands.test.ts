import { describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import type { CommandDecl } from '../../resources/types';
import { dispositionName } from '../../providers/http';
import { operationsOf, allows } from '../../providers/access';
import { commandArguments, commandPath } from '../../src/engine/useDeclaredCommands';
import type { DeclaredScope } from '../../src/engine/useDeclared';
import { formatOf } from '../../src/engine/UploadDialog';
import { isImportResult } from '../../src/engine/ImportReport';

const command = (over: Partial<CommandDecl>): CommandDecl => ({ name: 'c', label: { 'zh-CN': 'c', en: 'c' }, on: 'collection', method: 'POST', path: '/c', ...over });
const scope = {
  service: { name: 'passport', base: '/svc/v1' },
  decl: { name: 'tokenInstances', path: '/token/instances', idField: 'id' },
  meta: {},
  idOf: (r: Record<string, unknown>) => String(r.id),
} as unknown as DeclaredScope;

describe('command calls', () => {
  it('append an item command to the record path and the others to the collection path', () => {
    expect(commandPath(scope, command({ on: 'item', path: '/used-info' }), { id: 'a/b' })).toBe('/svc/v1/token/instances/a%2Fb/used-info');
    expect(commandPath(scope, command({ on: 'collection', path: '/generate' }))).toBe('/svc/v1/token/instances/generate');
    expect(commandPath(scope, command({ on: 'selection', path: '/batch-invalidate' }))).toBe('/svc/v1/token/instances/batch-invalidate');
    expect(() => commandPath(scope, command({ on: 'item' }))).toThrow();
  });

  it('send the ticked ids with a selection, the dialog values as the body, or as the query for GET', () => {
    expect(commandArguments(command({ on: 'selection' }), { ids: [1, 'b'] }, { reason: 'leak' })).toEqual({ query: undefined, body: { reason: 'leak', ids: ['1', 'b'] } });
    expect(commandArguments(command({ method: 'GET', download: true }), {}, { tokenClassId: 'k' })).toEqual({ query: { tokenClassId: 'k' }, body: undefined });
    expect(commandArguments(command({}), {})).toEqual({ query: undefined, body: {} });
  });

  it('read the name of a downloaded file from Content-Disposition', () => {
    expect(dispositionName('attachment; filename="codes.csv"')).toBe('codes.csv');
    expect(dispositionName("attachment; filename=codes.csv; filename*=UTF-8''%E5%85%91%E6%8D%A2%E7%A0%81.csv")).toBe('兑换码.csv');
    expect(dispositionName('attachment')).toBeUndefined();
    expect(dispositionName(null)).toBeUndefined();
  });

  it("take an import's format from the file name", () => {
    expect(formatOf('rows.CSV')).toBe('csv');
    expect(formatOf('rows.json')).toBe('json');
    expect(formatOf('rows.xlsx')).toBeUndefined();
  });

  it('recognise an import report', () => {
    expect(isImportResult({ total: 2, imported: 1, failed: [{ row: 2, errors: [] }] })).toBe(true);
    expect(isImportResult({ total: 2 })).toBe(false);
    expect(isImportResult(null)).toBe(false);
  });
});

describe('access to declared calls', () => {
  const decl = {
    name: 'tokenInstances',
    operations: ['list', 'show'],
    access: { read: ['app', 'member'], write: ['app'] },
    commands: [command({ name: 'export', method: 'GET', download: true }), command({ name: 'generate' })],
    actions: [],
  } as never;

  it('lets a reading command follow read access and any other write access', () => {
    expect(allows(decl, 'export', ['member'])).toBe(true);
    expect(allows(decl, 'generate', ['member'])).toBe(false);
    expect(allows(decl, 'generate', ['app'])).toBe(true);
    expect(allows(decl, 'unknown', ['app'])).toBe(false);
  });

  it('offers a singleton for reading and replacing whatever its operations say', () => {
    const settings = { operations: [], singleton: { write: 'PUT' }, access: { read: ['app'], write: ['app'] } } as never;
    expect(operationsOf(settings)).toEqual(['list', 'show', 'update']);
    expect(allows(settings, 'edit', ['app'])).toBe(true);
    expect(allows(settings, 'create', ['app'])).toBe(false);
  });
});
