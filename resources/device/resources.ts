/**
 * Device's records: the packages an app uploaded (addressed by their SHA-256), its test sessions on real devices,
 * and its device config (one per app, at the spec's `GET|PUT /api/device/{appId}`).
 */
import type { JsonSchema, ResourceDecl } from '../types';
import packageSchema from '../../schemas/device/package.json' with { type: 'json' };
import sessionSchema from '../../schemas/device/session.json' with { type: 'json' };

/** The console's routes (spec 001 §2: `device`, the sessions history, and `device/packages`; `device/devices` besides). */
export const DEVICE_ROUTES = { sessions: 'device', session: 'device/sessions/:id', packages: 'device/packages', devices: 'device/devices' } as const;

const access = { read: ['app', 'admin'], write: ['app', 'admin'] } as ResourceDecl['access'];

/** The states of a test session, each reached by what the device did (`server/services/device/session-run.ts`). */
export const SESSION_STATES = ['queued', 'installing', 'running', 'passed', 'failed', 'cancelled'] as const;
export const FINISHED_STATES = ['passed', 'failed', 'cancelled'];

export const devicePackages: ResourceDecl = {
  name: 'packages',
  label: { 'zh-CN': '安装包', en: 'Packages' },
  singular: { 'zh-CN': '安装包', en: 'package' },
  schema: packageSchema,
  path: '/packages',
  idField: 'id',
  titleField: 'fileName',
  scope: 'app',
  // Made by the upload call, read and removed at the spec's package/{hash}.
  operations: [],
  implementedBy: 'service',
  list: { columns: ['fileName', 'kind', 'package', 'versionName', 'targetSdk', 'size', 'createdAt'] },
  access,
};

export const deviceSessions: ResourceDecl = {
  name: 'sessions',
  label: { 'zh-CN': '测试记录', en: 'Test sessions' },
  singular: { 'zh-CN': '测试记录', en: 'test session' },
  schema: sessionSchema,
  path: '/sessions',
  idField: 'id',
  titleField: 'fileName',
  scope: 'app',
  operations: ['show'],
  list: { columns: ['fileName', 'package', 'model', 'status', 'deviceSeconds', 'createdAt'], defaultSort: { field: 'createdAt', order: 'desc' } },
  status: {
    field: 'status',
    initial: 'queued',
    values: {
      queued: { color: 'default', label: { 'zh-CN': '排队中', en: 'Queued' } },
      installing: { color: 'processing', label: { 'zh-CN': '安装中', en: 'Installing' } },
      running: { color: 'processing', label: { 'zh-CN': '测试中', en: 'Running' } },
      passed: { color: 'green', label: { 'zh-CN': '通过', en: 'Passed' } },
      failed: { color: 'red', label: { 'zh-CN': '失败', en: 'Failed' } },
      cancelled: { color: 'default', label: { 'zh-CN': '已取消', en: 'Cancelled' } },
    },
  },
  // Its screenshot and log (src/pages/device).
  panels: ['deviceSessionOutput'],
  access,
  routes: { show: DEVICE_ROUTES.session },
};

/** An app's device config: how a session runs by default and which devices the app may use. */
export const configSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    monkeyEvents: { type: 'integer', minimum: 1, maximum: 100000, default: 500, description: 'monkey events a session sends unless it names its own', 'x-ui': { title: { 'zh-CN': '随机事件数', en: 'Monkey events' } } },
    throttleMs: { type: 'integer', minimum: 0, maximum: 5000, default: 100, description: 'pause between monkey events, in milliseconds', 'x-ui': { title: { 'zh-CN': '事件间隔（毫秒）', en: 'Pause between events (ms)' } } },
    timeoutSeconds: { type: 'integer', minimum: 10, maximum: 3600, default: 300, description: 'the longest a session may hold a device before it fails', 'x-ui': { title: { 'zh-CN': '测试时长上限（秒）', en: 'Longest test (s)' } } },
    devices: {
      type: 'array',
      maxItems: 100,
      uniqueItems: true,
      default: [],
      items: { type: 'string', minLength: 1, maxLength: 100 },
      description: 'the adb serials of the devices the app may use (any attached device when empty)',
      'x-ui': { title: { 'zh-CN': '可用设备', en: 'Devices allowed' } },
    },
  },
  examples: [{ monkeyEvents: 800, throttleMs: 50, timeoutSeconds: 600, devices: ['emulator-5554'] }, { monkeyEvents: 200, devices: [] }],
};

export const deviceConfigs: ResourceDecl = {
  name: 'configs',
  label: { 'zh-CN': '真机配置', en: 'Device configs' },
  singular: { 'zh-CN': '真机配置', en: 'device config' },
  schema: configSchema,
  path: '/configs',
  idField: 'id',
  titleField: 'id',
  scope: 'app',
  // Read and replaced at the spec's GET|PUT /api/device/{appId}.
  operations: [],
  implementedBy: 'service',
  list: { columns: ['monkeyEvents', 'timeoutSeconds'] },
  access,
};

export const deviceResources: ResourceDecl[] = [devicePackages, deviceSessions, deviceConfigs];
