import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../resources/call-shapes';
import type { CallDecl } from '../../resources/call-types';
import { defineResource } from '../../resources/define';
import { Api } from '../../server/engine/api';
import { mountDeclaredCalls, type CallInput } from '../../server/engine/declared-calls';
import { type ServiceModule } from '../../server/services';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

/**
 * Declared calls on one record (`CallDecl.record`): the engine finds the record the path names in the caller's
 * scope, by id or `addressBy`, answers 404 without one, and takes the resource's access for a service call.
 */
const bellSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', pattern: '^[a-z-]+$' } },
};

const look: CallDecl = {
  method: 'GET',
  path: '/bells/:id/look',
  caller: 'service',
  summary: 'Look at a bell',
  record: { resource: 'bells', missing: 'no such bell' },
  answer: ok('the bell'),
  errors: [400, 401, 403, 404],
};

const trial = trialService({
  resources: [
    defineResource({
      name: 'bells',
      label: { 'zh-CN': '钟', en: 'Bells' },
      schema: bellSchema,
      service: 'trial',
      unique: ['name'],
      addressBy: 'name',
      // The game's server reads bells; only administrators change them.
      access: { read: ['app', 'admin'], write: ['admin'] },
    }),
  ],
  calls: {
    look,
    toll: { ...look, method: 'POST', path: '/bells/:id/toll', summary: 'Toll a bell', record: { resource: 'bells' } },
    hear: { ...look, path: '/bells/:id/hear', caller: 'player', summary: 'A player hears a bell', errors: [401, 404] },
  },
});

/** A player of the app named by the `x-trial-player` header (`<appId>/<userId>`). */
const trialModule: ServiceModule = {
  service: 'trial',
  player: async (_ctx, req) => {
    const [scopeId, userId] = String(req.headers['x-trial-player']).split('/');
    return { scopeId, userId, personaId: null };
  },
  calls: () => ({
    look: async ({ record, scopeId }: CallInput) => ({ bell: record, in: scopeId }),
    toll: async ({ record }: CallInput) => ({ tolled: record?.name }),
    hear: async ({ record, actor }: CallInput) => ({ heard: record?.name, by: actor }),
  }),
};

let h: Harness;
let appId: string;
let basic: string;
let bellId: string;

beforeAll(async () => {
  ({ h, appId, basic } = await startTrial(trial, trialModule));
  const bells = h.ctx.models.get('trial/bells')!;
  bellId = String((await h.ctx.store.insert(bells, appId, 'bell-1', { name: 'great-tom' }, null)).id);
});
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string>) => h.req({ method: 'GET', url, headers });

describe('declared calls on a record', () => {
  it('give the behaviour the record the path names, by id or by its address', async () => {
    for (const key of [bellId, 'great-tom']) {
      const res = await get(`/utrial/v1/bells/${key}/look`, { authorization: basic });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ bell: { id: bellId, name: 'great-tom' }, in: appId });
    }
  });

  it("answer 404, with the declared message, for a record not in the caller's scope", async () => {
    const missing = await get('/utrial/v1/bells/big-ben/look', { authorization: basic });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('no such bell');
    // The player's app holds no such bell: the record is looked for in the player's scope only.
    const elsewhere = await get(`/utrial/v1/sdk/bells/${bellId}/hear`, { 'x-trial-player': `${h.appId}/u-1` });
    expect(elsewhere.statusCode).toBe(404);
    const heard = await get(`/utrial/v1/sdk/bells/great-tom/hear`, { 'x-trial-player': `${appId}/u-1` });
    expect(heard.json()).toEqual({ heard: 'great-tom', by: 'player:u-1' });
  });

  it("take the resource's write access for a change, and document it", async () => {
    const toll = await h.req({ method: 'POST', url: `/utrial/v1/bells/${bellId}/toll`, headers: { authorization: basic } });
    expect(toll.statusCode).toBe(403);
    expect(h.api.routes.find((r) => r.url === '/utrial/v1/bells/:id/toll')?.access).toEqual(['admin']);
    expect(h.api.routes.find((r) => r.url === '/utrial/v1/bells/:id/look')?.access).toEqual(['app', 'admin']);
  });

  it('refuse at start-up a record of no resource of the service, or a path off its item path', () => {
    const give = { look: async () => ({}), toll: async () => ({}), hear: async () => ({}) };
    const mount = (calls: Record<string, CallDecl>) => () => mountDeclaredCalls(new Api(Fastify()), h.ctx, { ...trial, calls }, give);
    expect(mount({ ...trial.calls, look: { ...look, record: { resource: 'gongs' } } })).toThrow(/'gongs', not a resource of the service/);
    expect(mount({ ...trial.calls, look: { ...look, path: '/look/:id' } })).toThrow(/must start with \/bells\/:id/);
  });
});
