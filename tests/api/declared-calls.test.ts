import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { fieldsBody, ok, recordOf } from '../../resources/call-shapes';
import { passport } from '../../resources/passport';
import type { ServiceDecl } from '../../resources/types';
import { Api } from '../../server/engine/api';
import { mountDeclaredCalls, type CallInput } from '../../server/engine/declared-calls';
import { createApp } from '../../server/platform/accounts';
import { serviceModules, type ServiceModule } from '../../server/services';
import { basicOf, startHarness, type Harness } from './harness';

/**
 * A service's own calls declared as data and given their behaviour by a module: the engine mounts them with the
 * declared shapes, callers and errors, documents them, and refuses at start-up a call without behaviour.
 */
const trial: ServiceDecl = {
  name: 'trial',
  base: '/utrial/v1',
  convention: 'rest',
  catalogue: {
    icon: 'AudioOutlined',
    displayName: { 'zh-CN': '试用', en: 'Trial' },
    label: { 'zh-CN': '试用', en: 'Trial' },
    description: { 'zh-CN': '仅用于测试的服务。', en: 'A service for this test only.' },
    mainService: false,
  },
  resources: [],
  calls: {
    ring: {
      method: 'POST',
      path: '/bells/:bellId/ring',
      caller: 'service',
      summary: 'Ring a bell a number of times',
      body: fieldsBody({ times: { type: 'integer', minimum: 1, maximum: 3 } }),
      answer: ok('what rang'),
      status: 202,
      errors: [400, 401, 403],
    },
    peek: {
      method: 'GET',
      path: '/bells',
      caller: 'service',
      summary: 'Which bells there are',
      query: { type: 'object', additionalProperties: false, properties: { loud: { type: 'boolean' } } },
      answer: ok('the bells'),
      errors: [400, 401, 403],
    },
  },
};

const seen: CallInput[] = [];
const trialModule: ServiceModule = {
  service: 'trial',
  calls: () => ({
    ring: async (call) => {
      seen.push(call);
      return { bell: call.params.bellId, rang: call.input.times, in: call.scopeId, by: call.actor };
    },
    peek: async ({ input }) => ({ bells: input.loud ? ['big'] : ['big', 'small'] }),
  }),
};

let h: Harness;
let appId: string;
let basic: string;

beforeAll(async () => {
  h = await startHarness({ services: [...services, trial], modules: [...serviceModules, trialModule] });
  const org = (await h.db.query<{ org_id: string }>('SELECT org_id FROM apps WHERE app_id = $1', [h.appId])).rows[0].org_id;
  appId = await createApp(h.db, org, 'Trial Game', ['trial']);
  const secret = (await h.db.query<{ app_service_secret: string }>('SELECT app_service_secret FROM apps WHERE app_id = $1', [appId])).rows[0];
  basic = basicOf(appId, secret.app_service_secret);
});
afterAll(() => h.close());

const post = (url: string, payload: unknown, authorization?: string) =>
  h.req({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) } });

describe('declared calls', () => {
  it('serve the declared path, status and body to the behaviour, acting in the credential’s app', async () => {
    const res = await post('/utrial/v1/bells/b-7/ring', { times: 2 }, basic);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ bell: 'b-7', rang: 2, in: appId, by: `app:${appId}` });
    expect((await h.req({ method: 'GET', url: '/utrial/v1/bells?loud=true', headers: { authorization: basic } })).json()).toEqual({ bells: ['big'] });
  });

  it('refuse what the declaration refuses before the behaviour runs', async () => {
    seen.length = 0;
    expect((await post('/utrial/v1/bells/b-7/ring', { times: 9 }, basic)).statusCode).toBe(400);
    expect((await post('/utrial/v1/bells/b-7/ring', { times: 1, extra: true }, basic)).statusCode).toBe(400);
    expect((await post('/utrial/v1/bells/b 7/ring', { times: 1 }, basic)).statusCode).toBe(400);
    expect((await post('/utrial/v1/bells/b-7/ring', { times: 1 })).statusCode).toBe(401);
    // The demo app has not enabled the service.
    expect((await post('/utrial/v1/bells/b-7/ring', { times: 1 }, h.basic)).statusCode).toBe(403);
    expect((await h.req({ method: 'GET', url: '/utrial/v1/bells?loud=maybe', headers: { authorization: basic } })).statusCode).toBe(400);
    expect(seen).toEqual([]);
  });

  it('are documented from the declaration', () => {
    const route = h.api.routes.find((r) => r.url === '/utrial/v1/bells/:bellId/ring');
    expect(route).toMatchObject({ method: 'POST', summary: 'Ring a bell a number of times', tag: 'trial', auth: 'service' });
    expect(Object.keys(route!.responses).sort()).toEqual(['202', '400', '401', '403']);
  });

  it('refuse at start-up a call without behaviour, behaviour without a call, and a parameter not in the path', () => {
    const api = () => new Api(Fastify());
    const give = { ring: async () => ({}), peek: async () => ({}) };
    expect(() => mountDeclaredCalls(api(), h.ctx, trial, { ring: give.ring })).toThrow(/'peek' is declared but no module gives/);
    expect(() => mountDeclaredCalls(api(), h.ctx, trial, { ...give, toll: give.ring })).toThrow(/'toll', which is not a declared call/);
    const typed = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, params: { size: { type: 'string' } } } } } as ServiceDecl;
    expect(() => mountDeclaredCalls(api(), h.ctx, typed, give)).toThrow(/parameter 'size' is not in its path/);
    const player = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, caller: 'player' } } } as ServiceDecl;
    expect(() => mountDeclaredCalls(api(), h.ctx, player, give)).toThrow(/no player principal/);
    const records = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, answer: ok('a bell', recordOf('bells')) } } };
    expect(() => mountDeclaredCalls(api(), h.ctx, records, give)).toThrow(/answer names 'bells', not a resource of the service/);
  });

  it('document a record an answer names by its resource with that resource’s record schema, also inside an answer', () => {
    const route = (method: string, url: string) => h.api.routes.find((r) => r.method === method && r.url === `${passport.base}/sdk${url}`)!;
    const personas = h.ctx.models.get('passport/personas')!.recordSchema;
    expect(route('POST', '/personas').responses[201].schema).toEqual(personas);
    expect((personas.required as string[]).slice(0, 2)).toEqual(['id', 'version']);
    const me = route('GET', '/me').responses[200].schema as { properties: Record<string, unknown> };
    expect(me.properties.user).toEqual(h.ctx.models.get('passport/users')!.recordSchema);
    expect(JSON.stringify(me)).not.toContain('x-record');
  });
});
