/**
 * Asset streaming's records (spec 001 "CDN", §7): buckets, and under each bucket its entries (path → content
 * hash), its releases (immutable snapshots of the entries) and its badges (a name pointing at a release). The
 * content itself is stored once per deployment by its hash; see `server/services/cdn/`.
 */
import type { AccessDecl, ResourceDecl } from '../types';
import bucketSchema from '../../schemas/cdn/bucket.json' with { type: 'json' };
import entrySchema from '../../schemas/cdn/entry.json' with { type: 'json' };
import releaseSchema from '../../schemas/cdn/release.json' with { type: 'json' };
import badgeSchema from '../../schemas/cdn/badge.json' with { type: 'json' };
import { releaseCommand, setBadgeCommand } from './commands';
import { clearProxyCacheCommand, proxyCacheView } from './proxy-cache';

/** The console's routes of the service (spec 001 §2: `asset/bucket`, `asset/bucket/{bucketId}`). */
export const CDN_ROUTES = { buckets: 'asset/bucket', bucket: 'asset/bucket/:id', tutorial: 'asset/bucket/tutorial' } as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

/** Entries, releases and badges live under one bucket: `/buckets/:id/<path>`. */
const underBucket = (onDelete: 'cascade' | 'restrict') => ({ resource: 'buckets', param: 'id', field: 'bucketId', onDelete }) as const;

export const buckets: ResourceDecl = {
  name: 'buckets',
  label: { 'zh-CN': '存储桶', en: 'Buckets' },
  singular: { 'zh-CN': '存储桶', en: 'bucket' },
  schema: bucketSchema,
  path: '/buckets',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  unique: ['name'],
  // Refused while badges point into it (409 IN_USE), unless `?force=true`.
  forceDelete: { param: 'force' },
  list: { columns: ['name', 'description', 'private', 'releaseCount', 'createdAt'], filters: ['private'], sorters: ['name'], search: ['name', 'description'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  readOnly: ['releaseCount'],
  // The console's folder upload and the deliveries chart (src/pages/cdn).
  panels: ['cdnBucketUpload', 'cdnBucketStatistics'],
  // What this server keeps hot of the bucket's content, with its clear.
  views: [proxyCacheView],
  commands: [clearProxyCacheCommand],
  access: access(),
  routes: { list: CDN_ROUTES.buckets, show: CDN_ROUTES.bucket },
};

export const entries: ResourceDecl = {
  name: 'entries',
  label: { 'zh-CN': '文件', en: 'Entries' },
  singular: { 'zh-CN': '文件', en: 'entry' },
  schema: entrySchema,
  path: '/entries',
  idField: 'id',
  idParam: 'eid',
  titleField: 'path',
  scope: 'app',
  operations: ['list', 'create', 'show', 'update', 'delete'],
  parent: underBucket('cascade'),
  list: {
    columns: ['path', 'contentSize', 'contentType', 'labels', 'updatedAt'],
    filters: ['contentType'],
    sorters: ['path', 'contentSize'],
    search: ['path'],
    defaultSort: { field: 'path', order: 'asc' },
    pageSize: 50,
    // On the bucket's page, one directory at a time (`entries_by_directory/?dir=`).
    directories: { field: 'path', call: 'entries.byDirectory', param: 'dir' },
  },
  readOnly: ['contentMd5', 'contentSize'],
  access: access(),
};

export const releases: ResourceDecl = {
  name: 'releases',
  label: { 'zh-CN': '版本', en: 'Releases' },
  singular: { 'zh-CN': '版本', en: 'release' },
  schema: releaseSchema,
  path: '/releases',
  idField: 'id',
  idParam: 'rid',
  titleField: 'releaseNum',
  scope: 'app',
  // Created by `releases.create` (it freezes the bucket's entries); never changed afterwards.
  operations: ['list', 'show'],
  parent: underBucket('cascade'),
  list: { columns: ['releaseNum', 'notes', 'entryCount', 'totalSize', 'createdAt'], sorters: ['releaseNum'], search: ['notes'], defaultSort: { field: 'releaseNum', order: 'desc' }, pageSize: 20 },
  commands: [releaseCommand],
  access: access(),
};

export const badges: ResourceDecl = {
  name: 'badges',
  label: { 'zh-CN': '标签', en: 'Badges' },
  singular: { 'zh-CN': '标签', en: 'badge' },
  schema: badgeSchema,
  path: '/badges',
  idField: 'id',
  idParam: 'name',
  titleField: 'name',
  scope: 'app',
  // Set with `badges.set` (create or move, onto a release of the same bucket) and removed with `badges.delete`, by
  // name. Releases are never deleted on their own, so a badge always points at one.
  operations: ['list'],
  // A bucket that badges point into is not deleted unless the delete is forced.
  parent: underBucket('restrict'),
  list: { columns: ['name', 'releaseNum', 'releaseId', 'updatedAt'], sorters: ['name'], defaultSort: { field: 'name', order: 'asc' }, pageSize: 50 },
  commands: [setBadgeCommand],
  access: access(),
};

export const cdnResources: ResourceDecl[] = [buckets, entries, releases, badges];
