/**
 * A bucket's proxy cache on its page: what this server keeps hot of the bucket's content (the spec's `proxycache/`
 * call, shown as a view of the bucket) and a button that clears it, asking first.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import type { CommandDecl, ViewDecl } from '../types';
import { SHA256_HEX } from './calls';

/** One content the cache holds, with the path of the bucket it was served from. */
const cachedRow = {
  type: 'object',
  properties: {
    path: { type: 'string', 'x-ui': { title: { 'zh-CN': '路径', en: 'Path' } } },
    bytes: { type: 'integer', 'x-ui': { title: { 'zh-CN': '大小（字节）', en: 'Size (bytes)' }, align: 'right' } },
    cachedAt: { type: 'string', format: 'date-time', 'x-ui': { title: { 'zh-CN': '缓存于', en: 'Cached at' } } },
    contentHash: { ...SHA256_HEX, 'x-ui': { title: { 'zh-CN': '内容哈希', en: 'Content hash' }, widget: 'code' } },
  },
};

export const proxyCacheView: ViewDecl = {
  name: 'proxyCache',
  label: { 'zh-CN': '代理缓存', en: 'Proxy cache' },
  path: '/proxycache/',
  listKey: 'items',
  row: cachedRow,
  columns: ['path', 'bytes', 'cachedAt', 'contentHash'],
  rowKey: ['contentHash', 'path'],
  empty: { 'zh-CN': '代理缓存中还没有此存储桶的内容：内容被下载后会保留在这里', en: "Nothing of this bucket is cached yet: content stays here once it has been downloaded" },
  paging: { mode: 'client', pageSize: 10 },
  recordCommands: ['clearProxyCache'],
  api: { call: 'buckets.proxyCache' },
};

export const clearProxyCacheCommand: CommandDecl = {
  name: 'clearProxyCache',
  label: { 'zh-CN': '清空缓存', en: 'Clear the cache' },
  on: 'item',
  method: 'POST',
  path: '/proxycache/clear',
  confirm: {
    'zh-CN': '从每台服务器的代理缓存中清除此存储桶的内容？之后的下载会先从存储中读取。',
    en: "Drop this bucket's content from every server's proxy cache? The next downloads read it from storage first.",
  },
  danger: true,
  api: { call: 'buckets.clearProxyCache' },
};

export const proxyCacheCalls: Record<string, CallDecl> = {
  'buckets.clearProxyCache': {
    method: 'POST',
    path: '/buckets/:id/proxycache/clear',
    caller: 'service',
    summary: "Drop the bucket's content from every server's proxy cache (as GET /api/cdn/{id}/clear-proxy-cache does)",
    answer: ok('how many contents this server dropped', { type: 'object', properties: { cleared: { type: 'integer' } } }),
    errors: [401, 403, 404],
    record: { resource: 'buckets', missing: 'no such bucket' },
  },
};
