/**
 * The buttons of a bucket's releases and badges lists: making a release and setting (creating or moving) a badge.
 * Each is the service's declared call at the list's own address (`api.call`), so the engine mounts nothing more.
 */
import type { CommandDecl } from '../command-types';
import { RELEASE_NOTES } from './calls';

export const releaseCommand: CommandDecl = {
  name: 'release',
  label: { 'zh-CN': '发布版本', en: 'Make a release' },
  on: 'collection',
  method: 'POST',
  path: '/',
  api: { call: 'releases.create' },
  fields: {
    type: 'object',
    additionalProperties: false,
    properties: { notes: { ...RELEASE_NOTES, 'x-ui': { title: { 'zh-CN': '说明', en: 'Notes' }, widget: 'textarea' } } },
  },
  confirm: { 'zh-CN': '用存储桶当前的文件发布一个新版本？latest 标签会指向它。', en: "Freeze the bucket's current entries as a new release? The latest badge moves to it." },
};

export const setBadgeCommand: CommandDecl = {
  name: 'set',
  label: { 'zh-CN': '设置标签', en: 'Set a badge' },
  on: 'collection',
  method: 'PUT',
  path: '/',
  api: { call: 'badges.set' },
  fields: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'releaseId'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$', 'x-ui': { title: { 'zh-CN': '标签名', en: 'Badge' } } },
      // Chosen among the bucket's releases (the list the badge is set from is under the bucket), by number and notes.
      releaseId: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        'x-ui': { title: { 'zh-CN': '版本', en: 'Release' }, optionsFrom: { resource: 'releases', value: 'id', label: 'releaseNum', hint: 'notes' } },
      },
    },
  },
};
