/**
 * Multiverse's operator records (spec 001 §7: resource-factor, usage-adjust-factor, location-ratios; §6: written by
 * administrators): an app's two factors — on the resources its servers are given, and on the usage recorded for it —
 * and the deployment's location ratios. Beside them, the per-game daily usage the statistics read: the same
 * core-seconds billing records, kept by game (`server/services/multiverse/usage.ts`).
 */
import type { ResourceDecl, Text } from '../types';
import resourceFactorSchema from '../../schemas/multiverse/resource-factor.json' with { type: 'json' };
import usageAdjustSchema from '../../schemas/multiverse/usage-adjust-factor.json' with { type: 'json' };
import locationRatioSchema from '../../schemas/multiverse/location-ratio.json' with { type: 'json' };
import gameUsageSchema from '../../schemas/multiverse/game-usage.json' with { type: 'json' };

/** The console's routes of the operator's settings. */
export const MULTIVERSE_OPERATOR_ROUTES = {
  resourceFactor: 'multiverse/resource-factor',
  usageAdjustFactor: 'multiverse/usage-adjust-factor',
  /** The back office's page (under /admin). */
  locationRatios: 'multiverse-location-ratios',
} as const;

/** Read by the app and administrators, written by administrators only (spec 001 §6). */
const adminWrites = { read: ['app', 'admin'], write: ['admin'] } as ResourceDecl['access'];

const factor = (name: string, path: string, schema: Record<string, unknown>, label: Text, route: string): ResourceDecl => ({
  name,
  label,
  singular: label,
  schema,
  path,
  idField: 'id',
  titleField: 'factor',
  scope: 'app',
  operations: [],
  singleton: { write: 'PUT' },
  list: { columns: [] },
  access: adminWrites,
  routes: { list: route },
});

export const resourceFactor = factor('resource-factor', '/resource-factor', resourceFactorSchema, { 'zh-CN': '资源系数', en: 'Resource factor' }, MULTIVERSE_OPERATOR_ROUTES.resourceFactor);
export const usageAdjustFactor = factor('usage-adjust-factor', '/usage-adjust-factor', usageAdjustSchema, { 'zh-CN': '用量调整系数', en: 'Usage adjust factor' }, MULTIVERSE_OPERATOR_ROUTES.usageAdjustFactor);

export const locationRatios: ResourceDecl = {
  name: 'location-ratios',
  label: { 'zh-CN': '位置比例', en: 'Location ratios' },
  singular: { 'zh-CN': '位置比例', en: 'location ratio' },
  schema: locationRatioSchema,
  path: '/location-ratios',
  idField: 'id',
  titleField: 'location',
  scope: 'platform',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  list: { columns: ['region', 'location', 'ratio', 'updatedAt'], filters: ['region', 'location'], search: ['region', 'location'], defaultSort: { field: 'region', order: 'asc' }, pageSize: 20 },
  access: adminWrites,
  routes: { admin: MULTIVERSE_OPERATOR_ROUTES.locationRatios },
};

/** Kept by the supervisor as it bills; read by the statistics calls, never written through the API. */
export const gameUsage: ResourceDecl = {
  name: 'game-usage',
  label: { 'zh-CN': '游戏用量', en: 'Game usage' },
  singular: { 'zh-CN': '游戏用量', en: 'game usage' },
  schema: gameUsageSchema,
  path: '/game-usage',
  idField: 'id',
  titleField: 'day',
  scope: 'app',
  // No call of its own: billing writes it, the statistics calls read it.
  operations: [],
  implementedBy: 'service',
  list: { columns: ['gameId', 'day', 'cpuSeconds'] },
  access: { read: ['app', 'admin'], write: [] },
};

export const multiverseOperatorResources: ResourceDecl[] = [resourceFactor, usageAdjustFactor, locationRatios, gameUsage];
