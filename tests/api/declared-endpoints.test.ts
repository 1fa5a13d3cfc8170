import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../resources/call-shapes';
import { defineResource } from '../../resources/define';
import type { CommandDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import { Api } from '../../server/engine/api';
import { mountDeclaredCalls, type CallHandlers, type CallInput } from '../../server/engine/declared-calls';
import { type ServiceModule } from '../../server/services';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

/**
 * A resource's declared endpoints the service performs (a command without `kind`, an action `implementedBy:
 * 'service'`), given their behaviour by name in the module's `calls` map (`<resource>.<name>`): the engine mounts
 * each from its declaration, and refuses at start-up one without behaviour, behaviour for no declared name, and a
 * declared call that repeats an endpoint.
 */
const dim: CommandDecl = {
  name: 'dim',
  label: { 'zh-CN': '调暗', en: 'Dim' },
  on: 'item',
  method: 'POST',
  path: '/dim',
  fields: { type: 'object', additionalProperties: false, required: ['level'], properties: { level: { type: 'integer', minimum: 1, maximum: 9 } } },
  api: { summary: 'Dim a lamp to a level' },
};

const lamps: ResourceDecl = defineResource({
  name: 'lamps',
  label: { 'zh-CN': '灯', en: 'Lamps' },
  service: 'trial',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', pattern: '^[a-z-]+$' }, state: { type: 'string', enum: ['on', 'broken'], readOnly: true } },
  },
  status: { field: 'state', initial: 'broken', values: { on: { color: 'green', label: { 'zh-CN': '亮', en: 'On' } }, broken: { color: 'red', label: { 'zh-CN': '坏', en: 'Broken' } } } },
  actions: [
    {
      name: 'repair',
      label: { 'zh-CN': '修理', en: 'Repair' },
      from: ['broken'],
      to: 'on',
      method: 'POST',
      implementedBy: 'service',
      api: { summary: 'Repair a broken lamp', answer: ok('the lamp, repaired') },
    },
  ],
  commands: [dim],
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
});

const trial = trialService({
  resources: [lamps],
  calls: { peek: { method: 'GET', path: '/lamps/peek', caller: 'service', summary: 'Peek at the lamps', answer: ok('the lamps'), errors: [401, 403] } },
});

const seen: CallInput[] = [];
const give: CallHandlers = {
  peek: async () => ({ lamps: [] }),
  'lamps.dim': async (call) => {
    seen.push(call);
    return { lamp: call.record?.name, level: call.input.level, in: call.scopeId, by: call.actor };
  },
  'lamps.repair': async ({ record }) => ({ repaired: record?.name }),
};
const trialModule: ServiceModule = { service: 'trial', calls: () => give };

let h: Harness;
let appId: string;
let basic: string;
let lampId: string;

beforeAll(async () => {
  ({ h, appId, basic } = await startTrial(trial, trialModule));
  lampId = String((await h.ctx.store.insert(h.ctx.models.get('trial/lamps')!, appId, 'lamp-1', { name: 'desk-lamp' }, null)).id);
});
afterAll(() => h.close());

const post = (url: string, payload?: unknown) =>
  h.req({ method: 'POST', url, headers: { authorization: basic, ...(payload ? { 'content-type': 'application/json' } : {}) }, payload: payload ? JSON.stringify(payload) : undefined });

describe("a resource's declared endpoints, given behaviour by name", () => {
  it('serve a command without kind at its declared path, with the record, the checked body and the caller', async () => {
    const res = await post(`/utrial/v1/lamps/${lampId}/dim`, { level: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lamp: 'desk-lamp', level: 3, in: appId, by: `app:${appId}` });
  });

  it('refuse what the declaration refuses before the behaviour runs', async () => {
    seen.length = 0;
    expect((await post(`/utrial/v1/lamps/${lampId}/dim`, { level: 12 })).statusCode).toBe(400);
    expect((await post(`/utrial/v1/lamps/${lampId}/dim`, { level: 2, glow: true })).statusCode).toBe(400);
    expect((await post('/utrial/v1/lamps/no-such-lamp/dim', { level: 2 })).statusCode).toBe(404);
    expect(seen).toEqual([]);
  });

  it('serve an action the service performs at its declared call', async () => {
    const res = await post(`/utrial/v1/lamps/${lampId}/repair`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ repaired: 'desk-lamp' });
  });

  it('are documented with the summary and answer their declarations give', () => {
    const route = (url: string) => h.api.routes.find((r) => r.method === 'POST' && r.url === url);
    expect(route('/utrial/v1/lamps/:id/dim')).toMatchObject({ summary: 'Dim a lamp to a level', tag: 'trial', auth: 'service' });
    expect(route('/utrial/v1/lamps/:id/repair')?.summary).toBe('Repair a broken lamp');
    expect(route('/utrial/v1/lamps/:id/repair')?.responses[200].description).toBe('the lamp, repaired');
  });

  it('refuse at start-up an endpoint without behaviour, behaviour for no declared name, and a call repeating an endpoint', () => {
    const mount = (service: ServiceDecl, handlers: CallHandlers) => () => mountDeclaredCalls(new Api(Fastify()), h.ctx, service, handlers);
    const { 'lamps.dim': _dim, ...withoutDim } = give;
    expect(mount(trial, withoutDim)).toThrow(/'lamps.dim' is performed by the service but no module gives its behaviour/);
    expect(mount(trial, { ...give, 'lamps.polish': give.peek })).toThrow(/'lamps.polish', which is not a declared call or endpoint/);
    const peek = trial.calls!.peek;
    const byName = { ...trial, calls: { ...trial.calls, 'lamps.dim': { ...peek, path: '/lamps/dim-all' } } };
    expect(mount(byName, give)).toThrow(/call 'lamps.dim' repeats the resource's declared endpoint 'lamps.dim'/);
    const byPath = { ...trial, calls: { ...trial.calls, dimLamp: { ...peek, method: 'POST', path: '/lamps/:lampId/dim' } } } as ServiceDecl;
    expect(mount(byPath, { ...give, dimLamp: give.peek })).toThrow(/call 'dimLamp' repeats the resource's declared endpoint 'lamps.dim'/);
  });

  it('refuse at start-up an endpoint without a summary, or one said to be served by a call not declared', () => {
    const mount = (commands: CommandDecl[]) => () =>
      mountDeclaredCalls(new Api(Fastify()), h.ctx, { ...trial, resources: [{ ...lamps, commands }] }, give);
    expect(mount([{ ...dim, api: undefined }])).toThrow(/'lamps.dim': the service performs it, so its declaration says its api.summary/);
    const { 'lamps.dim': _dim, ...rest } = give;
    const served = () => mountDeclaredCalls(new Api(Fastify()), h.ctx, { ...trial, resources: [{ ...lamps, commands: [{ ...dim, api: { call: 'dimAll' } }] }] }, rest);
    expect(served).toThrow(/'lamps.dim' is served by call 'dimAll', which is not declared/);
  });
});
