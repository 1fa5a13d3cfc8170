/**
 * Wind's calls (spec 000 §7 and 001 §7: `POST` and `GET /api/wind/{id}/publish`, the id being the app's), and the
 * runtime functions list of the console's `wind/runtime`.
 */
import type { CallDecl } from '../call-types';
import { listAnswer, ok, recordOf } from '../call-shapes';
import type { JsonSchema } from '../types';
import publishSchema from '../../schemas/wind/publish.json' with { type: 'json' };
import channelSchema from '../../schemas/wind/channel.json' with { type: 'json' };
import { assetStreaming } from '../asset-streaming';
import { RUNTIME_FUNCTIONS } from './runtime-functions';

const fields = publishSchema.properties;
const id: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };

const channel = channelSchema.properties.channel;

/**
 * A publish: the build (a release of one of the app's asset streaming buckets), its version, and which channels. The
 * console's publish form is this body: the bucket chosen among asset streaming's buckets, the release among the
 * chosen bucket's releases (`x-ui.optionsFrom`).
 */
export const publishBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['bucketId', 'releaseId', 'versionName'],
  properties: {
    bucketId: {
      ...id,
      description: "the asset streaming bucket holding the build's files",
      'x-ui': { title: { 'zh-CN': '存储桶', en: 'Bucket' }, optionsFrom: { service: assetStreaming.name, resource: 'buckets', value: 'id', label: 'name', hint: 'description' } },
    },
    releaseId: {
      ...id,
      description: 'the release of that bucket to publish (its files as released)',
      'x-ui': {
        title: { 'zh-CN': '资源版本', en: 'Release' },
        optionsFrom: { service: assetStreaming.name, resource: 'releases', value: 'id', label: 'releaseNum', hint: 'notes', parentField: 'bucketId' },
      },
    },
    versionName: fields.versionName,
    description: { ...fields.description, 'x-ui': { ...fields.description['x-ui'], widget: 'textarea' } },
    engineVersion: fields.engineVersion,
    channels: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: channel.enum, 'x-ui': { enumNames: channel['x-ui'].enumNames } },
      description: 'only these of the enabled channels (default: every enabled channel)',
      'x-ui': { title: { 'zh-CN': '渠道（留空为全部已启用渠道）', en: 'Channels (empty: every enabled one)' } },
    },
  },
  examples: [{ bucketId: 'b6d40c81-925b-4459-9472-043987f62b4b', releaseId: '5b2c0e9a-41f7-4d38-9c6e-0a7d1e2f3b4c', versionName: '1.0.0', engineVersion: '2022.3.10f1' }],
};

/** A runtime function, as the list answers it. */
export const runtimeFunctionRow: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', 'x-ui': { title: { 'zh-CN': '函数', en: 'Function' } } },
    category: {
      type: 'string',
      'x-ui': {
        title: { 'zh-CN': '类别', en: 'Category' },
        values: {
          account: { label: { 'zh-CN': '账号', en: 'Account' }, color: 'blue' },
          payment: { label: { 'zh-CN': '支付', en: 'Payment' }, color: 'gold' },
          data: { label: { 'zh-CN': '数据', en: 'Data' }, color: 'green' },
          content: { label: { 'zh-CN': '内容', en: 'Content' }, color: 'purple' },
          diagnostics: { label: { 'zh-CN': '诊断', en: 'Diagnostics' }, color: 'default' },
        },
      },
    },
    // The answer says it in English; the console shows it in its own language.
    summary: { type: 'string', 'x-ui': { title: { 'zh-CN': '说明', en: 'What it does' }, values: Object.fromEntries(RUNTIME_FUNCTIONS.map((f) => [f.summary.en, { label: f.summary }])) } },
    call: { type: 'string', 'x-ui': { title: { 'zh-CN': '平台接口', en: 'Platform call' }, widget: 'code', empty: { 'zh-CN': '仅渠道宿主', en: 'Channel host only' } } },
    wraps: { type: 'array', items: { type: 'string' }, 'x-ui': { title: { 'zh-CN': '封装的渠道接口', en: 'Wraps the host API of' } } },
  },
};

export const windCalls: Record<string, CallDecl> = {
  publish: {
    method: 'POST',
    path: '/:id/publish',
    caller: 'service',
    summary: "Publish a build to the app's enabled channels (id: the app id): a step per channel checks the package against the channel's rules, then uploads it through the channel's adapter; answers the publish with every step's state and messages",
    body: publishBody,
    answer: ok('the publish, its steps done', recordOf('publishes')),
    status: 201,
    appParam: 'id',
    errors: [400, 401, 403, 404, 409],
  },
  publishState: {
    method: 'GET',
    path: '/:id/publish',
    caller: 'service',
    summary: "The app's publish state (id: the app id): its latest publish, or the one `publishId` names, with each channel's step",
    query: { type: 'object', additionalProperties: false, properties: { publishId: { ...id, description: 'a publish of the app (default: the latest)' } } },
    answer: ok('the publish', recordOf('publishes')),
    errors: [400, 401, 403, 404],
    appParam: 'id',
  },
  'runtime.functions': {
    method: 'GET',
    path: '/runtime/functions',
    caller: 'service',
    summary: 'The runtime functions a published mini-game can call on the platform, with the platform call behind each and the channels whose host API it wraps',
    answer: listAnswer('functions', runtimeFunctionRow),
    errors: [401, 403],
  },
};
