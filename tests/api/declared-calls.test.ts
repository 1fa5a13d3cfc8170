import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsBody, idParam, ok, recordOf } from '../../resources/call-shapes';
import { passport } from '../../resources/passport';
import type { ServiceDecl } from '../../resources/types';
import { Api } from '../../server/engine/api';
import { mountDeclaredCalls, type CallInput } from '../../server/engine/declared-calls';
import { type ServiceModule } from '../../server/services';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

/**
 * A service's own calls declared as data and given their behaviour by a module: the engine mounts them with the
 * declared shapes, callers and errors, documents them, and refuses at start-up a call without behaviour.
 */
const trial = trialService({
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
    knock: {
      method: 'POST',
      path: '/doors/knock',
      caller: 'public',
      summary: 'Knock at the door of the app named',
      body: fieldsBody({ appId: idParam }),
      answer: ok('who opened'),
      errors: [400, 403, 404],
    },
    enter: {
      method: 'POST',
      path: '/sdk/doors/enter',
      caller: 'public',
      appCredential: { serverOnly: { as: ['keeper'] } },
      summary: "Enter: a guest names the app, the keeper comes with the app's credential",
      body: { type: 'object', additionalProperties: false, required: ['as'], properties: { appId: idParam, as: { enum: ['guest', 'keeper'] } } },
      answer: ok('who entered'),
      errors: [400, 401, 403, 404],
    },
  },
});

const seen: CallInput[] = [];
const trialModule: ServiceModule = {
  service: 'trial',
  calls: () => ({
    ring: async (call) => {
      seen.push(call);
      return { bell: call.params.bellId, rang: call.input.times, in: call.scopeId, by: call.actor };
    },
    peek: async ({ input }) => ({ bells: input.loud ? ['big'] : ['big', 'small'] }),
    knock: async ({ scopeId, actor }) => ({ in: scopeId, by: actor }),
    enter: async ({ scopeId, actor }) => ({ in: scopeId, by: actor }),
  }),
};

let h: Harness;
let appId: string;
let basic: string;

beforeAll(async () => {
  ({ h, appId, basic } = await startTrial(trial, trialModule));
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
    const give = { ring: async () => ({}), peek: async () => ({}), knock: async () => ({}), enter: async () => ({}) };
    expect(() => mountDeclaredCalls(api(), h.ctx, trial, { ring: give.ring })).toThrow(/'peek' is declared but no module gives/);
    expect(() => mountDeclaredCalls(api(), h.ctx, trial, { ...give, toll: give.ring })).toThrow(/'toll', which is not a declared call/);
    const typed = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, params: { size: { type: 'string' } } } } } as ServiceDecl;
    expect(() => mountDeclaredCalls(api(), h.ctx, typed, give)).toThrow(/parameter 'size' is not in its path/);
    const player = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, caller: 'player' } } } as ServiceDecl;
    expect(() => mountDeclaredCalls(api(), h.ctx, player, give)).toThrow(/no player principal/);
    const account = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, caller: 'account', record: { resource: 'bells' } } } } as ServiceDecl;
    expect(() => mountDeclaredCalls(api(), h.ctx, account, give)).toThrow(/an account call acts in no app/);
    const records = { ...trial, calls: { ...trial.calls, peek: { ...trial.calls!.peek, answer: ok('a bell', recordOf('bells')) } } };
    expect(() => mountDeclaredCalls(api(), h.ctx, records, give)).toThrow(/answer names 'bells', not a resource of the service/);
    const knock = (change: object) => ({ ...trial, calls: { ...trial.calls, knock: { ...trial.calls!.knock, ...change } } }) as ServiceDecl;
    expect(() => mountDeclaredCalls(api(), h.ctx, knock({ body: fieldsBody({ door: idParam }) }), give)).toThrow(/names its app by appId/);
    const optional = { type: 'object', properties: { appId: idParam } };
    expect(() => mountDeclaredCalls(api(), h.ctx, knock({ body: optional }), give)).toThrow(/appId must be required/);
    expect(() => mountDeclaredCalls(api(), h.ctx, knock({ body: optional, appCredential: {} }), give)).not.toThrow();
    expect(() => mountDeclaredCalls(api(), h.ctx, knock({ caller: 'service', appCredential: {} }), give)).toThrow(/only a public call/);
  });

  it('serve a public call in the app it names, without a credential, and document it as such', async () => {
    expect((await post('/utrial/v1/doors/knock', { appId })).json()).toEqual({ in: appId, by: '' });
    // A credential sent along changes nothing: the call is the app's it names.
    expect((await post('/utrial/v1/doors/knock', { appId }, h.basic)).json()).toEqual({ in: appId, by: '' });
    expect((await post('/utrial/v1/doors/knock', { appId: 'no-such-app' })).statusCode).toBe(404);
    expect((await post('/utrial/v1/doors/knock', { appId: h.appId })).statusCode).toBe(403);
    expect((await post('/utrial/v1/doors/knock', {})).statusCode).toBe(400);
    expect(h.api.routes.find((r) => r.url === '/utrial/v1/doors/knock')).toMatchObject({ method: 'POST', auth: 'none' });
  });

  it('let the app credential stand in for the app named, and require it for what only the game server sends', async () => {
    const enter = (body: object, authorization?: string) => post('/utrial/v1/sdk/doors/enter', body, authorization);
    expect((await enter({ as: 'guest', appId })).json()).toEqual({ in: appId, by: '' });
    expect((await enter({ as: 'guest' }, basic)).json()).toEqual({ in: appId, by: `app:${appId}` });
    const unnamed = await enter({ as: 'guest' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().details[0].field).toBe('/appId');
    expect((await enter({ as: 'keeper', appId })).statusCode).toBe(401);
    expect((await enter({ as: 'keeper', appId }, basic)).json()).toEqual({ in: appId, by: `app:${appId}` });
    expect((await enter({ as: 'keeper', appId: h.appId }, basic)).statusCode).toBe(403);
    // The demo app's credential: its app has not enabled the service.
    expect((await enter({ as: 'keeper' }, h.basic)).statusCode).toBe(403);
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
