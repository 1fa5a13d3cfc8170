/**
 * Device's calls (spec 001 §7 "Device, UPR, Wind (platform API)", every one under `/api/device`, `appId` being the
 * caller's own app): packages uploaded and read by their hash, the app's device config, a device client's token,
 * the devices attached, test sessions, and usage. The behaviour is `server/services/device/`.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, listAnswer, ok, pageQuery, recordOf, topK, uploadFileNameQuery } from '../call-shapes';
import type { JsonSchema } from '../types';
import sessionSchema from '../../schemas/device/session.json' with { type: 'json' };
import { configSchema, SESSION_STATES } from './resources';

/** The package types spec 001 §5 accepts for Device: an APK or a HAP (both zip files). */
export const PACKAGE_TYPES = ['application/vnd.android.package-archive', 'application/zip', 'application/x-zip-compressed'];

const hash: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{64}$', description: "the package's SHA-256 (lower-case hex)" };
const onHash = { hash };

/** The devices adb sees, and in plain words why there are none. */
export const devicesAnswer: JsonSchema = {
  type: 'object',
  required: ['available', 'devices'],
  properties: {
    available: { type: 'boolean', description: 'whether the adb server of the host answered' },
    message: { type: 'string', description: 'why no device can be used, when none can' },
    devices: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          serial: { type: 'string', 'x-ui': { title: { 'zh-CN': '序列号', en: 'Serial' } } },
          state: { type: 'string', description: "adb's state: device, offline, unauthorized...", 'x-ui': { title: { 'zh-CN': '连接状态', en: 'State' } } },
          model: { type: 'string', 'x-ui': { title: { 'zh-CN': '型号', en: 'Model' } } },
          allowed: { type: 'boolean', description: "whether the app's config lets it use the device", 'x-ui': { title: { 'zh-CN': '允许使用', en: 'Allowed' } } },
          busy: { type: 'boolean', description: 'whether a session is running on it', 'x-ui': { title: { 'zh-CN': '忙碌', en: 'Busy' } } },
        },
      },
    },
  },
};

const tokenAnswer: JsonSchema = {
  type: 'object',
  required: ['token', 'expiresAt'],
  properties: {
    token: { type: 'string', description: 'sent by a device client as `Authorization: Bearer <token>`' },
    expiresAt: { type: 'string', format: 'date-time' },
    expiresIn: { type: 'integer', description: 'seconds' },
  },
};

export const sessionBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['packageHash'],
  properties: { packageHash: sessionSchema.properties.packageHash, serial: sessionSchema.properties.serial, events: sessionSchema.properties.events },
  examples: sessionSchema.examples,
};

const minutes: JsonSchema = { type: 'number', minimum: 0, description: 'device-minutes' };
const usageAnswer: JsonSchema = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    deviceMinutes: minutes,
    days: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' }, deviceMinutes: minutes } } },
  },
};

/** Packages, the app's device config and a device client's token. */
export const packageCallDecls: Record<string, CallDecl> = {
  packages: {
    method: 'GET',
    path: '/:appId/packages',
    caller: 'service',
    appParam: 'appId',
    summary: "The app's uploaded packages, newest first",
    query: pageQuery(),
    answer: listAnswer('packages', recordOf('packages')),
    errors: [400, 401, 403, 404],
  },
  upload: {
    method: 'POST',
    path: '/:appId/package',
    caller: 'service',
    appParam: 'appId',
    summary: "Upload an APK or a HAP (the body is the file's bytes): read at once (package name, version, SDK levels, signer), kept in the blob store by its SHA-256; the same file uploaded again answers the package kept",
    upload: { types: PACKAGE_TYPES, extensions: ['.apk', '.hap'] },
    query: uploadFileNameQuery,
    status: 201,
    answer: ok('the package as read', recordOf('packages')),
    errors: [400, 401, 403, 404, 413, 415],
  },
  package: {
    method: 'GET',
    path: '/:appId/package/:hash',
    caller: 'service',
    appParam: 'appId',
    params: onHash,
    summary: 'One uploaded package, by its SHA-256 (the address the inventory names as a GET; DELETE at the same address removes it)',
    answer: ok('the package', recordOf('packages')),
    errors: [400, 401, 403, 404],
  },
  'package.delete': {
    method: 'DELETE',
    path: '/:appId/package/:hash',
    caller: 'service',
    appParam: 'appId',
    params: onHash,
    summary: "Remove an uploaded package and its file (its finished sessions are kept); refused while a session is testing it",
    answer: ok('the package removed', recordOf('packages')),
    errors: [400, 401, 403, 404, 409],
  },
  token: {
    method: 'GET',
    path: '/:appId/token',
    caller: 'service',
    appParam: 'appId',
    summary: "A short-lived token (10 minutes) the app hands a device client: the app's id, its expiry and the deployment's signature, so the client holds no lasting credential",
    answer: ok('the token and when it expires', tokenAnswer),
    errors: [401, 403, 404],
  },
  config: {
    method: 'GET',
    path: '/:appId',
    caller: 'service',
    appParam: 'appId',
    summary: "The app's device config: monkey events, pause between events, the longest test, the devices it may use (the defaults before the first PUT)",
    answer: ok('the config', configSchema),
    errors: [401, 403, 404],
  },
  'config.save': {
    method: 'PUT',
    path: '/:appId',
    caller: 'service',
    appParam: 'appId',
    summary: "Replace the app's device config (fields left out take their defaults)",
    body: configSchema,
    answer: ok('the config saved', configSchema),
    errors: [400, 401, 403, 404],
  },
};

/** The devices and the test sessions run on them. */
export const sessionCallDecls: Record<string, CallDecl> = {
  devices: {
    method: 'GET',
    path: '/:appId/devices',
    caller: 'service',
    appParam: 'appId',
    summary: "The devices the host's adb server sees, whether the app may use each and whether it is busy; with no adb server or no device, says so",
    answer: ok('the devices', devicesAnswer),
    errors: [401, 403, 404],
  },
  sessions: {
    method: 'GET',
    path: '/:appId/sessions',
    caller: 'service',
    appParam: 'appId',
    summary: "The app's test sessions, newest first, without their logs",
    query: pageQuery({ status: { type: 'string', enum: [...SESSION_STATES] } }),
    answer: listAnswer('sessions', recordOf('sessions')),
    errors: [400, 401, 403, 404],
  },
  'sessions.start': {
    method: 'POST',
    path: '/:appId/sessions',
    caller: 'service',
    appParam: 'appId',
    summary: 'Start a test session: the package installed on a device, launched, sent monkey events, its logcat and a screenshot kept, then uninstalled; answered queued, run in the background',
    body: sessionBody,
    status: 202,
    answer: ok('the session, queued', recordOf('sessions')),
    errors: [400, 401, 403, 404, 409, 503],
  },
  'sessions.cancel': {
    method: 'POST',
    path: '/:appId/sessions/:id/cancel',
    caller: 'service',
    appParam: 'appId',
    summary: 'Cancel a session that has not finished (the package is still uninstalled)',
    answer: ok('the session', recordOf('sessions')),
    errors: [401, 403, 404, 409],
  },
};

/** Device time, per app and over apps. */
export const usageCallDecls: Record<string, CallDecl> = {
  usage: {
    method: 'GET',
    path: '/:appId/usage',
    caller: 'service',
    appParam: 'appId',
    summary: "The app's device time per day over a range of days, in device-minutes (billed 0.1 per device-minute)",
    query: dayRangeQuery(),
    answer: ok('the days and their total', usageAnswer),
    errors: [400, 401, 403, 404],
  },
  aggregation: {
    method: 'GET',
    path: '/aggregation',
    caller: 'service',
    summary: "Device time over a range of days, in all and per day, over the apps of the caller's organisation",
    query: dayRangeQuery(),
    answer: ok('the total and the days', usageAnswer),
    errors: [400, 401, 403],
  },
  'top-k': {
    method: 'GET',
    path: '/top-k',
    caller: 'service',
    summary: "The apps of the caller's organisation that used the most device time over a range of days",
    query: dayRangeQuery(topK),
    answer: ok('the apps, most device time first', { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { appId: { type: 'string' }, deviceMinutes: minutes } } } } }),
    errors: [400, 401, 403],
  },
};

export const deviceCalls: Record<string, CallDecl> = { ...packageCallDecls, ...sessionCallDecls, ...usageCallDecls };
