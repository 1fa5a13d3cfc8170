import Decimal from 'decimal.js';
import { ACROSS_APPS_USAGE_PATH, AMOUNT, usageAnswerSchema, type AcrossAppsUsage, type AppUsage } from '../../resources/across-apps-usage';
import type { Ctx } from '../context';
import { requireAdmin } from '../auth/callers';
import { usageRange, usageReport } from '../billing/metering';
import { sumAmounts } from '../billing/prices';
import { appFields, appsOf } from './across-apps';
import { errorResponses, type Api } from './api';
import type { ResourceModel } from './model';

const dateTime = { type: 'string', format: 'date-time', maxLength: 40 } as const;

/**
 * The back office's usage of a service across apps (`acrossApps.usage`, `resources/across-apps-usage.ts`), for
 * administrators only: billing's usage report (what the console's usage page reads) narrowed to the service, over
 * every organisation, each app named with its organisation, its meters' units and their amount at list price.
 */
export function mountAcrossAppsUsage(api: Api, ctx: Ctx, m: ResourceModel): void {
  if (!m.res.acrossApps?.usage) return;
  const service = m.service;
  const meters = (service.meters ?? []).map((x) => x.meter);
  api.route({
    method: 'GET',
    url: `${service.base}${ACROSS_APPS_USAGE_PATH}`,
    summary: `Every app's ${service.catalogue.displayName.en} usage over a range: units per meter and period, and per app with its organisation and the amount at list price (administrators)`,
    tag: service.name,
    auth: 'admin',
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        start: { ...dateTime, description: 'inclusive; default 30 days before end' },
        end: { ...dateTime, description: 'exclusive; default the end of today (Asia/Shanghai)' },
      },
    },
    responses: { 200: { description: 'per period and per app, the largest amount first', schema: usageAnswerSchema(service) }, ...errorResponses(400, 401, 403) },
    handler: async (req): Promise<AcrossAppsUsage> => {
      await requireAdmin(ctx, req);
      const report = await usageReport(ctx.db, { service: service.name }, usageRange(req.query as { start?: string; end?: string }));
      const apps = await appsOf(ctx, report.Apps.map((a) => a.AppId));
      const byApp = new Map<string, AppUsage>();
      for (const a of report.Apps) {
        const row = byApp.get(a.AppId) ?? ({ ...appFields(apps, a.AppId), ...Object.fromEntries(meters.map((x) => [x, '0'])), [AMOUNT]: '0.00' } as AppUsage);
        row[a.Meter] = a.Units;
        row[AMOUNT] = sumAmounts([row[AMOUNT], a.Amount]);
        byApp.set(a.AppId, row);
      }
      const items = [...byApp.values()].sort((x, y) => new Decimal(y[AMOUNT]).comparedTo(x[AMOUNT]) || x.appName.localeCompare(y.appName));
      const total = (meter: string) => items.reduce((s, r) => s.plus(r[meter] ?? 0), new Decimal(0)).toFixed();
      return {
        start: report.Start,
        end: report.End,
        granularity: report.Granularity,
        series: report.Series.map((s) => ({ period: s.Period, meter: s.Meter, units: Number(s.Units) })),
        items,
        all: { apps: items.length, ...Object.fromEntries(meters.map((x) => [x, total(x)])), [AMOUNT]: sumAmounts(items.map((r) => r[AMOUNT])) },
      };
    },
  });
}
