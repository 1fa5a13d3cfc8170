import { fakeFastify } from './fake-fastify';
import { describe, expect, it } from 'vitest';
import { fillCommandPath } from '../../resources/command-call';
import type { ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import { Api } from '../../server/engine/api';
import { buildModel } from '../../server/engine/model';
import { mountActionCall, mountCommandCall, mountDetailCall, mountViewCall, type ServiceCallDef } from '../../server/engine/service-calls';

const label = { 'zh-CN': 'x', en: 'X' };
const service = { name: 'shop', base: '/shop/v1', convention: 'passport', resources: [] } as unknown as ServiceDecl;
const view: ViewDecl = {
  name: 'uses',
  label,
  path: '/uses',
  listKey: 'uses',
  row: { type: 'object', properties: { at: { type: 'string' } } },
  columns: ['at'],
  rowKey: 'at',
  empty: label,
  paging: { mode: 'client', pageSize: 10 },
};
const decl: ResourceDecl = {
  name: 'crates',
  label,
  singular: label,
  schema: { type: 'object', properties: { name: { type: 'string' }, status: { type: 'string', enum: ['shut', 'open'] } } },
  path: '/crates',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list'],
  list: { columns: ['name'] },
  status: { field: 'status', initial: 'shut', values: { shut: { color: 'default', label }, open: { color: 'green', label } } },
  actions: [
    { name: 'open', label, from: ['shut'], to: 'open' },
    { name: 'reopen', label, from: ['open'], to: 'open', path: '/re-open', implementedBy: 'service', access: ['admin'] },
  ],
  commands: [
    {
      name: 'fill',
      label,
      on: 'item',
      method: 'POST',
      path: '/fill',
      fields: {
        type: 'object',
        additionalProperties: false,
        required: ['count'],
        properties: { count: { type: 'integer', minimum: 1, default: 10, 'x-ui': { title: label } } },
      },
    },
    { name: 'sweep', label, on: 'collection', method: 'POST', path: '/sweep' },
    { name: 'import', label, on: 'collection', method: 'POST', path: '/import', kind: 'import', upload: true },
  ],
  details: [{ name: 'label', label, path: '/label', answer: { type: 'object', properties: { text: { type: 'string' } } } }],
  views: [view, { ...view, name: 'paged', path: '/paged', paging: { mode: 'server', pageSize: 10 } }],
  access: { read: ['app', 'admin', 'member'], write: ['app', 'admin'] },
};

const mounted = () => {
  const api = new Api(fakeFastify());
  return { api, ctx: { models: new Map() } as unknown as Ctx, m: buildModel(service, decl) };
};
const def: ServiceCallDef = { summary: 'does it', handler: async () => ({}) };

describe("a call the service's code answers, from its declaration", () => {
  it('is mounted at the declared method and path, its body the declared fields without what only the console reads', () => {
    const { api, ctx, m } = mounted();
    mountCommandCall(api, ctx, m, 'fill', def);
    mountCommandCall(api, ctx, m, 'sweep', def);
    mountActionCall(api, ctx, m, 'reopen', def);
    mountDetailCall(api, ctx, m, 'label', def);
    mountViewCall(api, ctx, m, 'uses', def);
    expect(api.routes.map((r) => `${r.method} ${r.url} ${r.access?.join('+')}`)).toEqual([
      'POST /shop/v1/crates/:id/fill app+admin',
      'POST /shop/v1/crates/sweep app+admin',
      'POST /shop/v1/crates/:id/re-open admin',
      'GET /shop/v1/crates/:id/label app+admin+member',
      'GET /shop/v1/crates/:id/uses app+admin+member',
    ]);
    const [fill, sweep] = api.routes;
    expect(fill.body).toEqual({ type: 'object', additionalProperties: false, required: ['count'], properties: { count: { type: 'integer', minimum: 1 } } });
    expect(sweep.body).toBeUndefined();
    expect(api.routes[3].responses[200].schema).toEqual(decl.details![0].answer);
    expect(api.routes[4].responses[200].schema).toMatchObject({ properties: { uses: { items: view.row } } });
  });

  it("takes a `:name` of an item command's path from its dialog's field of that name, the rest as the body", () => {
    const { api, ctx } = mounted();
    const bin = { type: 'string', minLength: 1, maxLength: 8, 'x-ui': { title: label } };
    const fields = { type: 'object', additionalProperties: false, required: ['bin', 'count'], properties: { bin, count: { type: 'integer' } } };
    const put = { name: 'put', label, on: 'item', method: 'POST', path: '/bins/:bin/put', fields } as const;
    mountCommandCall(api, ctx, buildModel(service, { ...decl, commands: [put] }), 'put', def);
    const [route] = api.routes;
    expect(route.url).toBe('/shop/v1/crates/:id/bins/:bin/put');
    expect(route.params).toMatchObject({ required: ['id', 'bin'], properties: { bin: { type: 'string', minLength: 1, maxLength: 8 } } });
    expect(route.body).toEqual({ type: 'object', additionalProperties: false, required: ['count'], properties: { count: { type: 'integer' } } });
    expect(fillCommandPath(put.path, { bin: 'a/b', count: 2 })).toEqual({ path: '/bins/a%2Fb/put', rest: { count: 2 } });
    // A path name that is not a required field of the dialog is refused at start-up.
    const loose = { ...put, fields: { ...fields, required: ['count'] } };
    expect(() => mountCommandCall(api, ctx, buildModel(service, { ...decl, commands: [loose] }), 'put', def)).toThrow(/':bin' of its path/);
  });

  it("takes the query the service names (a view's own filter), and none otherwise", () => {
    const { api, ctx, m } = mounted();
    const query = { type: 'object', additionalProperties: false, properties: { kind: { type: 'string', enum: ['a', 'b'] } } };
    mountViewCall(api, ctx, m, 'uses', { ...def, query });
    mountDetailCall(api, ctx, m, 'label', def);
    expect(api.routes.map((r) => r.querystring)).toEqual([query, undefined]);
  });

  it('is refused at start-up when the declaration has no such call, or the engine serves it', () => {
    const { api, ctx, m } = mounted();
    expect(() => mountCommandCall(api, ctx, m, 'empty', def)).toThrow(/no command 'empty'/);
    expect(() => mountCommandCall(api, ctx, m, 'import', def)).toThrow(/engine mounts/);
    expect(() => mountActionCall(api, ctx, m, 'open', def)).toThrow(/engine mounts/);
    expect(() => mountDetailCall(api, ctx, m, 'badge', def)).toThrow(/no detail view/);
    expect(() => mountViewCall(api, ctx, m, 'paged', def)).toThrow(/one GET/);
    expect(api.routes).toEqual([]);
  });
});
