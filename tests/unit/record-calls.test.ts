import type { FastifyReply, FastifyRequest } from 'fastify';
import { fakeFastify } from './fake-fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import { Api } from '../../server/engine/api';
import { ApiError, conflict, notFound } from '../../server/engine/errors';
import { buildModel } from '../../server/engine/model';
import { mountRecordCall, type RecordCall, type RecordCallDef } from '../../server/engine/record-calls';

vi.mock('../../server/engine/guard', () => ({
  authorize: async (_ctx: unknown, _req: unknown, _m: unknown, mode: string) => ({ scopeId: 'app-1', principal: { kind: 'app', actor: `app:${mode}` } }),
}));

const label = { 'zh-CN': 'x', en: 'X' };
const service = { name: 'arena', base: '/arena/v1', convention: 'passport', resources: [] } as unknown as ServiceDecl;
const decl: ResourceDecl = {
  name: 'boards',
  label,
  singular: label,
  schema: { type: 'object', properties: { slug: { type: 'string' } } },
  path: '/boards',
  idField: 'id',
  titleField: 'slug',
  scope: 'app',
  operations: ['list'],
  list: { columns: ['slug'] },
  unique: ['slug'],
  addressBy: 'slug',
  access: { read: ['app', 'admin', 'member'], write: ['app', 'admin'] },
};

const stored = { id: 'b-1', slug: 'spring-cup' };

/** A store holding one record, found by its id or its slug; `fail` replaces what reading it throws. */
function setUp(fail?: ApiError) {
  const store = {
    resolveId: async (_m: unknown, scope: string, key: string) => {
      if (scope === 'app-1' && (key === stored.id || key === stored.slug)) return stored.id;
      throw notFound();
    },
    get: async (_m: unknown, _scope: string, id: string) => {
      if (fail) throw fail;
      return { ...stored, id };
    },
  };
  const api = new Api(fakeFastify());
  const ctx = { store, models: new Map() } as unknown as Ctx;
  return { api, ctx, m: buildModel(service, decl) };
}

const ranking: RecordCallDef = {
  method: 'GET',
  path: '/members/:memberId/scores',
  summary: 'a member',
  access: 'read',
  params: { memberId: { type: 'string', maxLength: 64 } },
  answer: { description: 'the standing', schema: { type: 'object' } },
  errors: [400, 404],
};

const call = (api: Api, id: string) =>
  api.routes[0].handler({ params: { id, memberId: 'm-1' } } as unknown as FastifyRequest, {} as FastifyReply);

describe("a service's own call on one record", () => {
  it("is documented under the item path, with the item's and its own parameters and the resource's access", () => {
    const { api, ctx, m } = setUp();
    mountRecordCall(api, ctx, m, ranking, async () => ({}));
    mountRecordCall(api, ctx, m, { ...ranking, method: 'POST', path: '/reset', params: undefined, access: 'write', errors: [409] }, async () => ({}));
    expect(api.routes.map((r) => `${r.method} ${r.url} ${r.access?.join('+')}`)).toEqual([
      'GET /arena/v1/boards/:id/members/:memberId/scores app+admin+member',
      'POST /arena/v1/boards/:id/reset app+admin',
    ]);
    expect(api.routes[0].params).toMatchObject({ required: ['id', 'memberId'], properties: { memberId: { maxLength: 64 } } });
    expect(api.routes[1].params).toMatchObject({ required: ['id'] });
    expect(Object.keys(api.routes[0].responses)).toEqual(['200', '400', '404']);
    expect(api.routes[1].responses[409]).toBeDefined();
  });

  it('answers with the record the path names by id or by its address, and who calls', async () => {
    const { api, ctx, m } = setUp();
    const seen: RecordCall[] = [];
    mountRecordCall(api, ctx, m, ranking, async (c) => seen.push(c));
    await call(api, 'spring-cup');
    await call(api, 'b-1');
    expect(seen.map((c) => [c.record.id, c.access.scopeId, c.access.principal.actor])).toEqual([
      ['b-1', 'app-1', 'app:read'],
      ['b-1', 'app-1', 'app:read'],
    ]);
  });

  it("answers 404 with the call's own message when the path names no record, and passes other errors on", async () => {
    const { api, ctx, m } = setUp();
    const answer = vi.fn(async () => ({}));
    mountRecordCall(api, ctx, m, { ...ranking, missing: 'board not found' }, answer);
    await expect(call(api, 'autumn-cup')).rejects.toMatchObject({ status: 404, message: 'board not found' });
    const plain = setUp();
    mountRecordCall(plain.api, plain.ctx, plain.m, ranking, answer);
    await expect(call(plain.api, 'autumn-cup')).rejects.toMatchObject({ status: 404, message: 'not found' });
    const busy = setUp(conflict('VERSION_CONFLICT', 'busy'));
    mountRecordCall(busy.api, busy.ctx, busy.m, { ...ranking, missing: 'board not found' }, answer);
    await expect(call(busy.api, 'b-1')).rejects.toMatchObject({ status: 409, message: 'busy' });
    expect(answer).not.toHaveBeenCalled();
  });
});
