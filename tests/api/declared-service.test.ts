import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/define';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

/**
 * A service declared here and nowhere else, with one plain resource: the server gives it a working API from the
 * declaration alone, the same way the README's "How to add a resource" says.
 */
const channelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  'x-ui': { label: { 'zh-CN': '语音频道', en: 'Channels' }, title: { 'zh-CN': '语音频道', en: 'channel' } },
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 64, 'x-ui': { title: { 'zh-CN': '名称', en: 'Name' } } },
    maxMembers: { type: 'integer', minimum: 2, maximum: 100, 'x-ui': { title: { 'zh-CN': '人数上限', en: 'Members at most' } } },
    recorded: { type: 'boolean', 'x-ui': { title: { 'zh-CN': '录制', en: 'Recorded' } } },
  },
};

const trial = trialService({
  resources: [
    defineResource({
      name: 'channels',
      schema: channelSchema,
      service: 'trial',
      list: { filters: ['recorded'], sorters: ['name', 'maxMembers'], search: ['name'] },
    }),
  ],
});

const CHANNELS = `${trial.base}/channels`;

let h: Harness;
let basic: string;

beforeAll(async () => {
  ({ h, basic } = await startTrial(trial));
});
afterAll(() => h.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, authorization = basic) =>
  h.req({ method, url, headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, payload: payload === undefined ? undefined : JSON.stringify(payload) });

describe('a service declared with one plain resource', () => {
  it('creates, lists, shows, updates and deletes its records', async () => {
    const created = await call('POST', CHANNELS, { name: 'Lobby', maxMembers: 8 });
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json() as { id: string; version: number };
    expect(version).toBe(1);

    const list = (await call('GET', CHANNELS)).json() as { total: number; items: { id: string; name: string }[] };
    expect(list.total).toBe(1);
    expect(list.items.map((c) => [c.id, c.name])).toEqual([[id, 'Lobby']]);
    expect((await call('GET', `${CHANNELS}/${id}`)).json()).toMatchObject({ id, name: 'Lobby', maxMembers: 8 });

    const updated = await call('PUT', `${CHANNELS}/${id}`, { name: 'Lobby', maxMembers: 16, recorded: true, version });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ maxMembers: 16, recorded: true, version: 2 });
    expect((await call('PUT', `${CHANNELS}/${id}`, { name: 'Stale', version })).statusCode).toBe(409);

    expect((await call('DELETE', `${CHANNELS}/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `${CHANNELS}/${id}`)).statusCode).toBe(404);
  });

  it('filters, sorts and searches its list as declared', async () => {
    for (const body of [{ name: 'Raid', maxMembers: 40, recorded: true }, { name: 'Duo', maxMembers: 2 }, { name: 'Squad', maxMembers: 4, recorded: true }]) {
      expect((await call('POST', CHANNELS, body)).statusCode).toBe(201);
    }
    const names = async (query: string) => ((await call('GET', `${CHANNELS}?${query}`)).json() as { items: { name: string }[] }).items.map((c) => c.name);
    expect(await names('recorded=true&sort=maxMembers&order=asc')).toEqual(['Squad', 'Raid']);
    expect(await names('sort=name&order=desc')).toEqual(['Squad', 'Raid', 'Duo']);
    expect(await names('q=ua')).toEqual(['Squad']);
    expect((await call('GET', `${CHANNELS}?sort=recorded`)).statusCode).toBe(400);
  });

  it('validates what is written against the schema', async () => {
    for (const body of [{ name: '' }, { maxMembers: 4 }, { name: 'Big', maxMembers: 1000 }, { name: 'Odd', colour: 'red' }]) {
      expect((await call('POST', CHANNELS, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers only apps that have the service enabled', async () => {
    expect((await call('GET', CHANNELS, undefined, h.basic)).statusCode).toBe(403);
  });

  it('documents its calls in the API reference', async () => {
    const doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths[CHANNELS]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${CHANNELS}/{id}`]).sort()).toEqual(['delete', 'get', 'put']);
  });
});
