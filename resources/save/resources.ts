/**
 * Cloud saves' records (spec 002 §7 "CRUD Save"): a player's saves (JSON slots and files), the uploads upload tokens
 * open, profile pictures, and the app's save settings (progress type and quotas). The behaviour is
 * `server/services/save/`.
 */
import { defineResource } from '../define';
import type { ResourceDecl } from '../types';
import saveSchema from '../../schemas/save/save.json' with { type: 'json' };
import uploadSchema from '../../schemas/save/upload.json' with { type: 'json' };
import pfpSchema from '../../schemas/save/pfp.json' with { type: 'json' };
import appConfigSchema from '../../schemas/save/app-config.json' with { type: 'json' };

/** The console's routes (spec 002 §2: `crud/save`, route name saveManagement; `crud/save/profilePicture`). */
export const SAVE_ROUTES = {
  saves: 'crud/save',
  save: 'crud/save/saves/:id',
  uploads: 'crud/save/uploads',
  upload: 'crud/save/uploads/:id',
  pfps: 'crud/save/profilePicture',
  pfp: 'crud/save/profilePicture/:id',
  config: 'crud/save/config',
  usage: 'crud/save/usage',
} as const;

export const saves = defineResource({
  name: 'saves',
  schema: saveSchema,
  titleField: 'slot',
  // Written through `POST /saves` and the upload token (a version checked, the player's quota held): `saves.write`.
  operations: ['list', 'show', 'delete', 'bulkDelete'],
  bulkDeleteParam: 'ids',
  list: {
    columns: ['playerId', 'slot', 'kind', 'size', 'fileName', 'updatedAt'],
    filters: ['playerId', 'kind', 'slot'],
    sorters: ['playerId', 'slot', 'size'],
    search: ['playerId', 'slot', 'description', 'fileName'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
  },
  player: [
    { path: '/sdk/saves', summary: "The signed-in player's own saves, most recently written first", owner: { playerId: 'user' }, orderBy: '-updatedAt', listKey: 'saves', unpaged: 100 },
  ],
  routes: { list: SAVE_ROUTES.saves, show: SAVE_ROUTES.save },
});

export const uploads = defineResource({
  name: 'uploads',
  schema: uploadSchema,
  titleField: 'fileName',
  // Opened by an upload token, filled chunk by chunk, finished or failed by its own calls.
  operations: ['list', 'show', 'delete'],
  list: {
    columns: ['playerId', 'target', 'slot', 'fileName', 'size', 'chunks', 'status', 'expiresAt', 'updatedAt'],
    filters: ['playerId', 'target', 'status'],
    search: ['playerId', 'fileName'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  status: {
    field: 'status',
    initial: 'open',
    values: {
      open: { color: 'processing', label: { 'zh-CN': '上传中', en: 'Open' } },
      done: { color: 'green', label: { 'zh-CN': '已完成', en: 'Done' } },
      failed: { color: 'red', label: { 'zh-CN': '失败', en: 'Failed' } },
    },
  },
  routes: { list: SAVE_ROUTES.uploads, show: SAVE_ROUTES.upload },
});

export const pfps = defineResource({
  name: 'pfps',
  schema: pfpSchema,
  titleField: 'playerId',
  // Made from an image (`POST /pfps`, or an upload token's upload): `pfps.create`.
  operations: ['list', 'show', 'delete'],
  list: {
    columns: ['playerId', 'format', 'width', 'height', 'size', 'updatedAt'],
    filters: ['playerId', 'format'],
    search: ['playerId'],
    defaultSort: { field: 'updatedAt', order: 'desc' },
  },
  routes: { list: SAVE_ROUTES.pfps, show: SAVE_ROUTES.pfp },
});

export const appConfig = defineResource({
  name: 'app-config',
  schema: appConfigSchema,
  titleField: 'progressType',
  operations: [],
  singleton: { write: 'POST' },
  list: { columns: [] },
  routes: { list: SAVE_ROUTES.config },
});

export const saveResources: ResourceDecl[] = [saves, uploads, pfps, appConfig];
