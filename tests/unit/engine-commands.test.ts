import { describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import { bulkCommand, exportCommand, importCommand, kindCall } from '../../resources/command-call';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { checkKind } from '../../server/engine/commands';
import { checkRows } from '../../server/engine/command-import';
import type { Ctx } from '../../server/context';
import { bulkAction } from '../../server/engine/command-bulk';
import { exportReferences } from '../../server/engine/command-export';
import { parseRows } from '../../server/engine/import-rows';
import { buildModel } from '../../server/engine/model';
import { bulkRefused } from '../../src/engine/useDeclaredCommands';

const label = { 'zh-CN': 'x', en: 'x' };
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    groupId: { type: 'string', 'x-ui': { optionsFrom: { resource: 'groups', value: 'id', label: 'name' } } },
    size: { type: 'integer' },
    open: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    status: { type: 'string', enum: ['on', 'off'] },
  },
};
const decl = (over: Partial<ResourceDecl>): ResourceDecl => ({
  name: 'things',
  label,
  singular: label,
  schema,
  path: '/things',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'delete'],
  list: { columns: ['name', 'size'] },
  status: { field: 'status', initial: 'on', values: { on: { color: 'green', label }, off: { color: 'default', label } } },
  actions: [{ name: 'switchOff', label, from: ['on'], to: 'off' }],
  access: { read: ['app'], write: ['app'] },
  ...over,
});
const service = { name: 'svc', base: '/svc', convention: 'passport', resources: [] } as unknown as ServiceDecl;
const model = (over: Partial<ResourceDecl> = {}) => buildModel(service, decl(over));

describe('generic commands in the declaration', () => {
  it('are called as their kind says: import and export on the list, bulk on the ticked records', () => {
    expect(kindCall('import')).toEqual({ on: 'collection', method: 'POST', path: '/import', upload: true });
    expect(kindCall('export')).toEqual({ on: 'collection', method: 'GET', path: '/export', download: true });
    expect(kindCall('bulk', { apply: 'switchOff' })).toEqual({ on: 'selection', method: 'POST', path: '/batch-switch-off' });
    expect(bulkCommand('off', label, { apply: 'switchOff' }, { danger: true })).toMatchObject({ kind: 'bulk', on: 'selection', path: '/batch-switch-off', danger: true });
  });

  it('are refused at start-up when the declaration disagrees with its kind or names what does not exist', () => {
    expect(() => checkKind(model(), importCommand(label))).not.toThrow();
    expect(() => checkKind(model(), { ...importCommand(label), method: 'GET' })).toThrow(/method/);
    expect(() => checkKind(model(), { ...exportCommand(label), upload: true })).toThrow(/upload/);
    expect(() => checkKind(model({ operations: ['list'] }), importCommand(label))).toThrow(/create/);
    expect(bulkAction(model(), bulkCommand('off', label, { apply: 'switchOff' }))?.to).toBe('off');
    expect(bulkAction(model(), bulkCommand('rm', label, { apply: 'delete' }))).toBeUndefined();
    expect(() => bulkAction(model(), bulkCommand('x', label, { apply: 'explode' }))).toThrow(/explode/);
    expect(() => bulkAction(model({ operations: ['list'] }), bulkCommand('rm', label, { apply: 'delete' }))).toThrow(/delete/);
  });

  it("resolve an export's label columns through the field's optionsFrom", () => {
    const m = model();
    const groups = buildModel(service, decl({ name: 'groups', path: '/groups' }));
    const models = new Map([['svc/groups', groups]]);
    const refs = exportReferences(m, exportCommand(label, { columns: ['name', { name: 'groupName', labelOf: 'groupId' }, 'createdAt'] }), models);
    expect(refs.map((r) => [r.name, r.field, r.target.res.name, r.label])).toEqual([['groupName', 'groupId', 'groups', 'name']]);
    expect(() => exportReferences(m, exportCommand(label, { columns: ['nope'] }), models)).toThrow(/nope/);
    expect(() => exportReferences(m, exportCommand(label, { columns: [{ name: 'n', labelOf: 'name' }] }), models)).toThrow(/optionsFrom/);
    expect(() => exportReferences(m, exportCommand(label, { filters: ['nope'] }), models)).toThrow(/nope/);
  });
});

describe('import files', () => {
  it("read CSV cells as their field's type, leaving empty cells out and what does not convert as text", () => {
    const csv = 'name,size,open,tags\nA,3,TRUE,"[""x""]"\nB,,false,\nC,many,maybe,[bad';
    expect(parseRows('csv', csv, schema)).toEqual({
      rows: [{ name: 'A', size: 3, open: true, tags: ['x'] }, { name: 'B', open: false }, { name: 'C', size: 'many', open: 'maybe', tags: '[bad' }],
    });
  });

  it('refuse a file that is not a list of records, or has no rows', () => {
    expect(parseRows('json', '{"name":"A"}', schema)).toEqual({ error: { field: '/content', message: 'expected a list of records' } });
    expect(parseRows('json', '[]', schema)).toEqual({ error: { field: '/content', message: 'the file has no rows' } });
    expect(parseRows('json', '[1]', schema)).toEqual({ error: { field: '/content', message: 'expected a list of records' } });
    expect('error' in parseRows('json', '{oops', schema)).toBe(true);
  });
});

describe('import rows', () => {
  it("are checked by the schema, then the service's validate and importRow hooks, which see the rows accepted before", async () => {
    const seen: unknown[][] = [];
    const hooks = {
      validate: ({ data }: { data: Record<string, unknown> }) => (data.name === 'bad' ? [{ field: '/name', message: 'invalid' }] : []),
      importRow: ({ data, earlier, row }: { data: Record<string, unknown>; earlier: Record<string, unknown>[]; row: number }) => {
        seen.push([row, earlier.map((e) => e.name)]);
        return data.size === 13 ? [{ field: '/size', message: 'invalid' }] : [];
      },
    };
    // A resource without unique fields reads nothing from the database.
    const { good, failed } = await checkRows({} as Ctx, model(), hooks, 'app', [{ name: 'a' }, { name: 'bad' }, { size: 'x' }, { name: 'c', size: 13 }, { name: 'd' }]);
    expect(good.map((g) => g.name)).toEqual(['a', 'd']);
    expect(failed.map((f) => [f.row, f.errors.map((e) => e.field)])).toEqual([[2, ['/name']], [3, ['/size']], [4, ['/size']]]);
    expect(seen).toEqual([[1, []], [4, ['a']], [5, ['a']]]);
  });
});

describe('bulk answers in the console', () => {
  it("list the ids a bulk command refused, and nothing for another command's answer", () => {
    const failed = [{ id: 'a', code: 'NOT_FOUND', message: 'not found' }];
    expect(bulkRefused(bulkCommand('off', label, { apply: 'switchOff' }), { total: 2, done: 1, failed })).toEqual(failed);
    expect(bulkRefused(importCommand(label), { total: 2, imported: 1, failed: [{ row: 1, errors: [] }] })).toEqual([]);
    expect(bulkRefused(bulkCommand('off', label, { apply: 'switchOff' }), null)).toEqual([]);
  });
});
