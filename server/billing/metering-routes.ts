import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { badRequest } from '../engine/errors';
import { mountBillRoutes } from './bills-routes';
import { mountBillStatsRoutes } from './bills-stats-routes';
import { appMoneyReader, readableOrgs } from './metering-access';
import { usageRange, usageReport, type UsageScope } from './metering';
import { amountFields, failures, id, query } from './metering-schemas';
import { MONEY_READERS } from '../engine/access';

const dateTime = { type: 'string', format: 'date-time', maxLength: 40 } as const;

/** The scope of a usage report: one app (its organisation's members), one organisation, or everything readable. */
async function usageScope(ctx: Ctx, req: FastifyRequest, q: { orgId?: string; appId?: string }): Promise<UsageScope> {
  if (q.appId) {
    const { orgId } = await appMoneyReader(ctx, req, q.appId);
    if (q.orgId && q.orgId !== orgId) throw badRequest([{ field: 'query.appId', message: 'the app is not in this organization' }]);
    return { appId: q.appId };
  }
  return { orgIds: await readableOrgs(ctx, req, q.orgId) };
}

/** Usage, monthly bills, bill logs and the month statistics. */
export function mountMetering(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/usage',
    summary: "Usage of an organisation's apps (or one app) per day or hour, service and meter, with list-price amounts",
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    querystring: query({
      orgId: { ...id, description: 'default: every organisation the caller reads' },
      appId: id,
      start: { ...dateTime, description: 'inclusive; default 30 days before end' },
      end: { ...dateTime, description: 'exclusive; default the end of today (Asia/Shanghai)' },
    }),
    responses: {
      200: {
        description: 'day rows for ranges on Asia/Shanghai midnights, hour rows otherwise (at most 7 days)',
        schema: {
          type: 'object',
          properties: {
            Start: { type: 'string' },
            End: { type: 'string' },
            Granularity: { type: 'string', enum: ['day', 'hour'] },
            Series: { type: 'array', items: { type: 'object' } },
            Apps: { type: 'array', items: { type: 'object' } },
            Services: { type: 'array', items: { type: 'object', properties: { Service: { type: 'string' }, ...amountFields('Amount') } } },
            ...amountFields('TotalAmount'),
          },
        },
      },
      ...failures,
    },
    handler: async (req) => {
      const q = req.query as { orgId?: string; appId?: string; start?: string; end?: string };
      const scope = await usageScope(ctx, req, q);
      return usageReport(ctx.db, scope, usageRange(q));
    },
  });

  mountBillRoutes(api, ctx);
  mountBillStatsRoutes(api, ctx);
}
