/**
 * A database's backups (spec 002 §7 `POST /databases/{id}/backup`, `GET /databases/{id}/backups`, `GET
 * /databases/{id}/backups/{backupId}/download-urls`; §4 states SUCCESS, FAILED, RUNNING, UNKNOWN): a logical dump of
 * the database made by an asynchronous request, kept compressed in the blob store, downloaded through a signed link
 * that expires, and restored into the database it came from (ADR 0042). Listed on the database's page.
 */
import type { ActionDecl, CommandDecl, JsonSchema, ResourceDecl, Text } from '../types';
import { ok } from '../call-shapes';
import backupSchema from '../../schemas/storage/backup.json' with { type: 'json' };

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** How long a download link stays usable when the call does not say (seconds), and at most. */
export const BACKUP_LINK_SECONDS = 3600;
export const BACKUP_LINK_MAX_SECONDS = 7 * 24 * 3600;

/** `POST /databases/{id}/backup`: on the database, from running; the database stays running while it is made. */
export const backupAction: ActionDecl = {
  name: 'backup',
  label: t('立即备份', 'Back up now'),
  from: ['running'],
  to: 'running',
  method: 'POST',
  path: '/backup',
  refused: 'only a running database can do this',
  implementedBy: 'service',
  api: {
    summary:
      'Make a backup of the database now (an asynchronous request): a logical dump — pg_dump for PostgreSQL, mariadb-dump for MySQL, every key of the prefix with DUMP and its time to live for Redis, every collection’s documents, options and indexes as Extended JSON for MongoDB — compressed with gzip into the blob store. Answers the database, with requestId naming the request to poll and backupId the new backup',
    answer: ok('the database, its requestId naming the request to poll and backupId the backup being made'),
    errors: [400, 401, 403, 404, 409],
  },
};

/** One file of a backup and its signed link (a backup is one gzip file today; the answer lists each file). */
const downloadFile: JsonSchema = {
  type: 'object',
  required: ['name', 'size', 'url', 'expiresAt'],
  properties: {
    name: { type: 'string', description: 'the file’s name', 'x-ui': { title: t('文件名', 'File name') } },
    size: { type: 'integer', description: 'bytes', 'x-ui': { title: t('大小（字节）', 'Size (bytes)') } },
    url: { type: 'string', description: 'a signed link to the gzip file, usable by anyone who has it until expiresAt', 'x-ui': { title: t('下载链接', 'Download link'), widget: 'download' } },
    expiresAt: { type: 'string', format: 'date-time', 'x-ui': { title: t('有效期至', 'Valid until') } },
  },
};

const downloadAnswer: JsonSchema = {
  type: 'object',
  required: ['urls'],
  properties: {
    urls: { type: 'array', description: 'one signed link per file of the backup', items: downloadFile, 'x-ui': { title: t('下载链接', 'Download links') } },
  },
};

const linkQuery: JsonSchema = {
    type: 'object',
  additionalProperties: false,
  properties: {
    expiresIn: {
      type: 'integer',
      minimum: 1,
      maximum: BACKUP_LINK_MAX_SECONDS,
      default: BACKUP_LINK_SECONDS,
      description: 'how long the link stays usable, in seconds (one hour unless said)',
      'x-ui': { title: t('链接有效期（秒）', 'Link valid for (seconds)') },
    },
  },
};

export const downloadCommand: CommandDecl = {
  name: 'downloadUrls',
  label: t('下载', 'Download'),
  on: 'item',
  method: 'GET',
  path: '/download-urls',
  answer: downloadAnswer,
  api: {
    summary: "Signed links to the backup's compressed files in the blob store (`urls`, one per file: its name, size, link and when the link expires — after an hour unless expiresIn says otherwise); a backup not finished is refused",
    answer: ok('the links, one per file', downloadAnswer),
    errors: [400, 401, 403, 404, 409],
    query: linkQuery,
  },
};

export const restoreAction: ActionDecl = {
  name: 'restore',
  label: t('恢复', 'Restore'),
  from: ['SUCCESS'],
  to: 'SUCCESS',
  method: 'POST',
  path: '/restore',
  refused: 'only a finished backup can be restored',
  implementedBy: 'service',
  danger: true,
  confirm: t(
    '恢复会断开目标数据库的所有连接，并用这个备份替换其中现在的全部数据（备份之后写入的数据会丢失）。确定恢复吗？',
    'Restoring ends every connection to the target database and replaces all of its data with this backup (what was written after the backup is lost). Restore it?',
  ),
  // Into the database it was made of, or another of the app's of the same engine (a copy to look into, or a move).
  fields: {
    type: 'object',
    additionalProperties: false,
    properties: {
      databaseId: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        description: 'the database to restore into: another running database of the app, of the backup’s engine (default: the one the backup was made of)',
        'x-ui': { title: t('恢复到', 'Restore into'), optionsFrom: { service: 'storage', resource: 'databases', value: 'id', label: 'name' } },
      },
    },
  },
  api: {
    summary:
      'Restore the database from this backup, or another running database of the app of the same engine named by databaseId (an asynchronous request): its sessions are ended and its data replaced by the backup’s — PostgreSQL schemas and MySQL tables dropped and loaded from the dump, the Redis prefix’s keys deleted and restored with RESTORE. Answers the backup, with requestId naming the request to poll',
    answer: ok('the backup, its requestId naming the restore to poll'),
    errors: [400, 401, 403, 404, 409],
  },
};

export const backups: ResourceDecl = {
  name: 'backups',
  label: t('备份', 'Backups'),
  singular: t('备份', 'backup'),
  schema: backupSchema,
  path: '/backups',
  idField: 'id',
  idParam: 'backupId',
  titleField: 'fileName',
  scope: 'app',
  // Made by the database's backup action; deleting one removes its file.
  operations: ['list', 'show', 'delete'],
  parent: { resource: 'databases', param: 'id', field: 'databaseId', onDelete: 'cascade' },
  list: {
    columns: ['status', 'finishedAt', 'size', 'format', 'restoredAt', 'message'],
    filters: ['status'],
    sorters: ['finishedAt', 'size'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: 'RUNNING',
    watch: ['RUNNING'],
    values: {
      RUNNING: { color: 'processing', label: t('备份中', 'Running') },
      SUCCESS: { color: 'green', label: t('成功', 'Succeeded') },
      FAILED: { color: 'red', label: t('失败', 'Failed') },
      UNKNOWN: { color: 'default', label: t('未知', 'Unknown') },
    },
  },
  actions: [restoreAction],
  commands: [downloadCommand],
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
};
