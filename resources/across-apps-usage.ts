/**
 * The usage tab of a back-office page of resources across apps (`acrossApps.usage`): the service's declared meters
 * per app over a period, as billing records them and at its list prices (`server/billing/metering.ts`, the reading
 * of the console's usage page, narrowed to the service). One reading for the server (`server/engine/across-apps-usage.ts`
 * mounts the call), the console (the engine's view table and a chart per meter) and the tests.
 */
import type { JsonSchema, ServiceDecl, Text } from './types';
import type { UsageGranularity } from './bills-api';
import type { ViewDecl } from './view-types';
import { APP_FIELDS } from './across-apps';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The call under the service base (`/lobby/admin/usage`). */
export const ACROSS_APPS_USAGE_PATH = '/admin/usage';

/** The amount column, the usage at list price. */
export const AMOUNT = 'amount';

/**
 * One app's usage over the period: units of each meter (by the meter's name) and their amount, decimals written out
 * as billing counts them (a few bytes of traffic are millionths of a GB, not nothing).
 */
export type AppUsage = { appId: string; appName: string; orgId: string; orgName: string; amount: string } & Record<string, string>;

/** The call's answer. */
export interface AcrossAppsUsage {
  start: string;
  end: string;
  /** Day periods for ranges on Asia/Shanghai midnights, hours otherwise (the last 24 hours). */
  granularity: UsageGranularity;
  /** Every app's units per period and meter (`YYYY-MM-DD` or `YYYY-MM-DD HH:00`). */
  series: { period: string; meter: string; units: number }[];
  /** Per app, the largest amount first. */
  items: AppUsage[];
  /** In all: the apps with usage, each meter's units and the amount. */
  all: { apps: number; amount: string } & Record<string, number | string>;
}

/** A meter's column title: its label and billable unit (`Network traffic (GB)`). */
const meterTitle = (label: Text, unit: Text): Text => ({ 'zh-CN': `${label['zh-CN']}（${unit['zh-CN']}）`, en: `${label.en} (${unit.en})` });

/** The row of the per-app table: the app and organisation, each meter's units, and the amount. */
export function usageRowSchema(service: ServiceDecl): JsonSchema {
  const meters = Object.fromEntries((service.meters ?? []).map((m) => [m.meter, { type: 'string', 'x-ui': { title: meterTitle(m.label, m.unit), width: 260 } }]));
  return {
    type: 'object',
    properties: { ...APP_FIELDS, ...meters, [AMOUNT]: { type: 'string', 'x-ui': { title: t('金额（目录价）', 'Amount (list price)'), widget: 'money', width: 180 } } },
  };
}

/** The per-app usage as a view the engine's view table draws (paged in the console). */
export function usageView(service: ServiceDecl): Pick<ViewDecl, 'name' | 'row' | 'columns' | 'rowKey' | 'empty' | 'paging' | 'listKey'> {
  return {
    name: `${service.name}-usage-across-apps`,
    row: usageRowSchema(service),
    listKey: 'items',
    columns: ['appName', 'orgName', ...(service.meters ?? []).map((m) => m.meter), AMOUNT],
    rowKey: 'appId',
    empty: t('这段时间没有应用产生用量', 'No app used it in this period'),
    paging: { mode: 'client', pageSize: 10 },
  };
}

/** The answer's schema, for the API document. */
export function usageAnswerSchema(service: ServiceDecl): JsonSchema {
  const meters = Object.fromEntries((service.meters ?? []).map((m) => [m.meter, { type: 'string', description: 'units, a decimal' }]));
  return {
    type: 'object',
    required: ['start', 'end', 'granularity', 'series', 'items', 'all'],
    properties: {
      start: { type: 'string', format: 'date-time' },
      end: { type: 'string', format: 'date-time' },
      granularity: { type: 'string', enum: ['day', 'hour'] },
      series: { type: 'array', items: { type: 'object', properties: { period: { type: 'string' }, meter: { type: 'string' }, units: { type: 'number' } } } },
      items: { type: 'array', items: { type: 'object', properties: { appId: { type: 'string' }, appName: { type: 'string' }, orgId: { type: 'string' }, orgName: { type: 'string' }, ...meters, [AMOUNT]: { type: 'string' } } } },
      all: { type: 'object', properties: { apps: { type: 'integer' }, ...meters, [AMOUNT]: { type: 'string' } } },
    },
  };
}
