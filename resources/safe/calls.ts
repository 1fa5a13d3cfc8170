/**
 * Safe's own calls (spec 001 §7, every path under `/safe/:id`, `:id` the app id): enable, protect (a package
 * upload), the detect board, statistics, usage and metrics, the token URL of a protection's integrity manifest,
 * the manifest's public key, and the credential refresh. The behaviour is `server/services/safe/`.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, ok, recordOf, topK, uploadFileNameQuery } from '../call-shapes';
import type { JsonSchema } from '../types';
import { HIGHEST_SEVERITIES, riskItem } from './risk-labels';

const onApp = { resource: 'apps', missing: 'safe is not enabled for this app' } as const;

const SEVERITY = { type: 'string', enum: ['high', 'medium', 'low'] } as const;
const count = { type: 'integer', minimum: 0 } as const;

/** One package on the detect board: its signer, whether the app registered it, and its risks. */
export const detectRow: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    fileName: { type: 'string', 'x-ui': { title: { 'zh-CN': '文件名', en: 'File' } } },
    package: { type: 'string', 'x-ui': { title: { 'zh-CN': '包名', en: 'Package' } } },
    versionName: { type: 'string', 'x-ui': { title: { 'zh-CN': '版本', en: 'Version' } } },
    signerSha1: { type: 'string', 'x-ui': { title: { 'zh-CN': '签名 SHA-1', en: 'Signer SHA-1' } } },
    signatureVerified: { type: 'boolean', 'x-ui': { title: { 'zh-CN': '签名校验', en: 'Signature' }, values: { true: { label: { 'zh-CN': '通过', en: 'Verified' }, color: 'green' }, false: { label: { 'zh-CN': '未通过', en: 'Not verified' }, color: 'red' } } } },
    signerRegistered: { type: 'boolean', 'x-ui': { title: { 'zh-CN': '签名已登记', en: 'Signer registered' }, values: { true: { label: { 'zh-CN': '已登记', en: 'Registered' }, color: 'green' }, false: { label: { 'zh-CN': '未登记', en: 'Unknown' }, color: 'orange' } } } },
    highestSeverity: {
      type: 'string',
      'x-ui': { title: { 'zh-CN': '最高风险', en: 'Highest risk' }, values: HIGHEST_SEVERITIES },
    },
    riskCount: { type: 'integer', 'x-ui': { title: { 'zh-CN': '风险数', en: 'Risks' } } },
    risks: { type: 'array', items: riskItem, 'x-ui': { title: { 'zh-CN': '风险', en: 'Risks' } } },
    createdAt: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '上传时间', en: 'Uploaded' } } },
  },
};

const usageDay: JsonSchema = { type: 'object', properties: { day: { type: 'string' }, packages: count, bytes: count } };

export const safeCalls: Record<string, CallDecl> = {
  enable: {
    method: 'POST',
    path: '/safe/:id/enable',
    caller: 'service',
    appParam: 'id',
    summary: "Enable Safe for the app (id: the app id): makes the app's Safe record, or answers the one it has",
    answer: ok("the app's Safe record", recordOf('apps')),
    errors: [401, 403, 404],
  },
  protect: {
    method: 'POST',
    path: '/safe/:id/protect',
    caller: 'service',
    record: onApp,
    summary:
      "Check and protect a package (body: the APK, AAB or HAP's raw bytes): its manifest, signers and risks are read at once; its protection job (an integrity manifest signed by the platform, and the deployment's hardening command when configured) runs after, processing until it succeeds or fails",
    upload: { types: ['application/vnd.android.package-archive', 'application/zip', 'application/x-zip-compressed'], extensions: ['.apk', '.aab', '.hap'] },
    // `:id` is the app's id: the console's upload puts it there.
    appParam: 'id',
    query: uploadFileNameQuery,
    status: 202,
    answer: ok('the package as checked, its protection processing', recordOf('protections')),
    errors: [400, 401, 403, 404, 413, 415],
  },
  detectList: {
    method: 'GET',
    path: '/safe/:id/detect-list',
    caller: 'service',
    record: onApp,
    summary: "The detect board: each package checked, newest first, with its signer, whether the signer is in the app's SHA-1 list, and its risks",
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
        pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        severity: { type: 'string', enum: ['high', 'medium', 'low', 'none'], description: 'only packages whose highest risk is this' },
      },
    },
    answer: ok('a page of packages', { type: 'object', required: ['total', 'items'], properties: { total: count, items: { type: 'array', items: detectRow } } }),
    errors: [400, 401, 403, 404],
  },
  statistics: {
    method: 'GET',
    path: '/safe/:id/statistics-overview-and-risk',
    caller: 'service',
    record: onApp,
    summary: "The app's overview: packages checked, protections by state, packages by highest risk, signers not registered or not verified, and the most frequent risks",
    answer: ok('the overview', {
      type: 'object',
      properties: {
        packages: count,
        protections: { type: 'object', properties: { processing: count, succeed: count, failed: count } },
        bySeverity: { type: 'object', properties: { high: count, medium: count, low: count, none: count } },
        unregisteredSigners: count,
        unverifiedSignatures: count,
        topRisks: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, severity: SEVERITY, packages: count } } },
      },
    }),
    errors: [401, 403, 404],
  },
  usage: {
    method: 'GET',
    path: '/safe/:id/usage',
    caller: 'service',
    record: onApp,
    summary: 'Packages checked and their bytes per day over a range of days (Safe has no price: measured, not billed)',
    query: dayRangeQuery(),
    answer: ok('the days and their total', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, packages: count, bytes: count, days: { type: 'array', items: usageDay } } }),
    errors: [400, 401, 403, 404],
  },
  'metrics.aggregation': {
    method: 'GET',
    path: '/safe/:id/metrics/aggregation',
    caller: 'service',
    record: onApp,
    summary: 'Packages checked over a range of days, in total and per day, by kind (apk, aab, hap)',
    query: dayRangeQuery(),
    answer: ok('the sums', { type: 'object', properties: { packages: count, bytes: count, byKind: { type: 'object', additionalProperties: count }, days: { type: 'array', items: usageDay } } }),
    errors: [400, 401, 403, 404],
  },
  'metrics.topk': {
    method: 'GET',
    path: '/safe/:id/metrics/topk',
    caller: 'service',
    record: onApp,
    summary: 'The packages (by package name) checked most over a range of days, most first',
    query: dayRangeQuery(topK),
    answer: ok('the packages, most first', { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { package: { type: 'string' }, packages: count, bytes: count } } } } }),
    errors: [400, 401, 403, 404],
  },
  tokenUrl: {
    method: 'GET',
    path: '/safe/:id/token-url',
    caller: 'service',
    record: onApp,
    summary: "A signed link, valid 15 minutes, to download a protection's integrity manifest (no credential needed to fetch it: a build step or a tester can)",
    query: { type: 'object', additionalProperties: false, required: ['protectionId'], properties: { protectionId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } } },
    answer: ok('the link', { type: 'object', required: ['url', 'expiresAt'], properties: { url: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } }),
    errors: [400, 401, 403, 404, 409],
  },
  manifestKey: {
    method: 'GET',
    path: '/safe/:id/manifest-key',
    caller: 'service',
    record: onApp,
    summary: "The platform's public key that signs integrity manifests (Ed25519, PEM and raw base64): what a game verifies a manifest with",
    answer: ok('the key', { type: 'object', required: ['algorithm', 'keyId', 'publicKeyPem', 'publicKey'], properties: { algorithm: { type: 'string' }, keyId: { type: 'string' }, publicKeyPem: { type: 'string' }, publicKey: { type: 'string' } } }),
    errors: [401, 403, 404],
  },
};
