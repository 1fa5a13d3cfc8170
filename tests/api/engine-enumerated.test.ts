import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCommand } from '../../resources/command-call';
import { defineResource } from '../../resources/define';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

/**
 * Two parts of the declaration format, on a service declared here alone: a resource with one record per value of
 * an enum (`enumerated`: push channels, one per platform, the key write-only and masked), and a `choose` command (one voice
 * region of an app is the default).
 */
const channelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['platform', 'enabled'],
  'x-ui': { label: { 'zh-CN': '推送通道', en: 'Push channels' }, title: { 'zh-CN': '推送通道', en: 'push channel' } },
  properties: {
    platform: { type: 'string', enum: ['apns', 'fcm', 'hms'], readOnly: true },
    enabled: { type: 'boolean', default: false },
    topic: { type: 'string', maxLength: 100, default: 'game' },
    key: { type: 'string', maxLength: 200, writeOnly: true },
    keyLength: { type: 'integer', readOnly: true, default: 0 },
    keyShown: { type: 'string', readOnly: true, default: '', 'x-mask-of': 'key' },
  },
};

const regionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  'x-ui': { label: { 'zh-CN': '语音区域', en: 'Voice regions' }, title: { 'zh-CN': '语音区域', en: 'voice region' } },
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 40 },
    isDefault: { type: 'boolean', readOnly: true, default: false },
    state: { type: 'string', readOnly: true },
  },
};

const channels = defineResource({ name: 'channels', schema: channelSchema, service: 'trial', list: {} });
const regions = defineResource({ name: 'regions', schema: regionSchema, service: 'trial', list: {} });
const trial = trialService({
  resources: [
    { ...channels, operations: ['list', 'show', 'update'], unique: ['platform'], addressBy: 'platform', enumerated: true, list: { ...channels.list, unpaged: true } },
    {
      ...regions,
      status: { field: 'state', initial: 'testing', values: { testing: { color: 'blue', label: { 'zh-CN': '测试', en: 'Testing' } }, live: { color: 'green', label: { 'zh-CN': '上线', en: 'Live' } } } },
      actions: [{ name: 'launch', label: { 'zh-CN': '上线', en: 'Launch' }, from: ['testing'], to: 'live' }],
      commands: [
        chooseCommand('makeDefault', { 'zh-CN': '设为默认', en: 'Make default' }, { field: 'isDefault', from: ['live'], refused: 'only a live region can be the default', replaced: { name: 'replaceDefault', label: { 'zh-CN': '取消默认', en: 'No longer default' } } }),
      ],
    },
  ],
});

const CHANNELS = `${trial.base}/channels`;
const REGIONS = `${trial.base}/regions`;
let h: Harness;
let basic: string;
let appId: string;

beforeAll(async () => {
  ({ h, basic, appId } = await startTrial(trial, {
    service: 'trial',
    hooks: { channels: { derive: ({ data }) => (data.key === undefined ? {} : { keyLength: String(data.key).length }) } },
  }));
});
afterAll(() => h.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  h.req({ method, url, headers: { authorization: basic, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) }, payload: payload === undefined ? undefined : JSON.stringify(payload) });
const historyOf = async (target: string) =>
  (await h.db.query<{ action: string }>('SELECT action FROM audit_log WHERE app_id = $1 AND target = $2 ORDER BY id', [appId, target])).rows.map((r) => r.action);

describe('an enumerated resource', () => {
  it('lists every value in the enum order, those never saved with their defaults at version 0', async () => {
    const list = await call('GET', CHANNELS);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(3);
    expect(list.json().channels).toEqual([
      expect.objectContaining({ id: 'apns', platform: 'apns', enabled: false, topic: 'game', keySet: false, keyLength: 0, version: 0, updatedAt: null }),
      expect.objectContaining({ id: 'fcm', version: 0 }),
      expect.objectContaining({ id: 'hms', version: 0 }),
    ]);
    expect((await call('GET', `${CHANNELS}/fcm`)).json()).toMatchObject({ id: 'fcm', platform: 'fcm', version: 0 });
    expect((await call('GET', `${CHANNELS}/sms`)).statusCode).toBe(404);
    expect((await call('PUT', `${CHANNELS}/sms`, { enabled: true })).statusCode).toBe(404);
  });

  it('creates a value on its first save and updates it after, keeping what a save leaves out', async () => {
    expect((await call('PUT', `${CHANNELS}/apns`, { enabled: true, version: 3 })).statusCode).toBe(409);
    const first = await call('PUT', `${CHANNELS}/apns`, { enabled: true, key: 'apns-key-123', version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: 'apns', enabled: true, topic: 'game', keySet: true, keyLength: 12, keyShown: '••••••-123', version: 1 });
    expect(first.body).not.toContain('apns-key-123');
    const second = await call('PUT', `${CHANNELS}/apns`, { enabled: false, topic: 'news', version: 1 });
    expect(second.json()).toMatchObject({ enabled: false, topic: 'news', keySet: true, keyLength: 12, keyShown: '••••••-123', version: 2 });
    const short = await call('PUT', `${CHANNELS}/apns`, { enabled: false, key: 'k9', version: 2 });
    expect(short.json()).toMatchObject({ keySet: true, keyShown: '••••••', version: 3 });
    expect((await call('PUT', `${CHANNELS}/apns`, { enabled: true, version: 1 })).statusCode).toBe(409);
    expect((await call('PUT', `${CHANNELS}/apns`, { enabled: true, bogus: 1 })).statusCode).toBe(400);
    expect((await call('GET', CHANNELS)).json().channels.map((c: { version: number }) => c.version)).toEqual([3, 0, 0]);
    expect(await historyOf('apns')).toEqual(Array(3).fill('trial.channels.update'));
  });

  it('stores one record for first saves racing each other', async () => {
    const saves = await Promise.all(Array.from({ length: 8 }, (_, i) => call('PUT', `${CHANNELS}/hms`, { enabled: true, topic: `t${i}` })));
    expect(saves.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(saves.map((r) => r.json().version).sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await call('GET', `${CHANNELS}/hms`)).json().version).toBe(8);
  });
});

describe('a choose command', () => {
  it('makes one record the chosen one, only from its states, and unmarks the one before', async () => {
    const make = async (name: string) => (await call('POST', REGIONS, { name })).json() as { id: string };
    const [a, b] = [await make('Shanghai'), await make('Frankfurt')];
    const refused = await call('POST', `${REGIONS}/${a.id}/make-default`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('only a live region can be the default');
    for (const r of [a, b]) expect((await call('PUT', `${REGIONS}/${r.id}/launch`)).statusCode).toBe(200);

    expect((await call('POST', `${REGIONS}/${a.id}/make-default`)).json()).toMatchObject({ isDefault: true });
    const chosen = await call('POST', `${REGIONS}/${b.id}/make-default`, { version: 2 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ isDefault: true, version: 3 });
    expect((await call('GET', `${REGIONS}/${a.id}`)).json().isDefault).toBe(false);
    expect((await call('POST', `${REGIONS}/${a.id}/make-default`, { version: 1 })).statusCode).toBe(409);
    expect(await historyOf(a.id)).toEqual(['trial.regions.create', 'trial.regions.launch', 'trial.regions.makeDefault', 'trial.regions.replaceDefault']);
  });
});
