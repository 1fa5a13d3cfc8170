import { BILL_LOG_STATUSES, monthEnded, shanghaiMonth, type BillLogStatus, type OrgMonthBills } from '../../resources/bills-api';
import type { Ctx } from '../context';
import { paramsSchema, type Api } from '../engine/api';
import { badRequest } from '../engine/errors';
import { appBill, groupBy, listBills } from './bills';
import { listBillLogs, processBill } from './bills-process';
import { monthsOf } from './bills-stats';
import { sumAmounts } from './prices';
import { appMoneyReader, orgMoneyReader, readableOrgs, requireBackOffice } from './metering-access';
import { appBillSchema, billLogSchema, billSummarySchema, failures, id, listOf, month, paging, query, year } from './metering-schemas';
import { BACK_OFFICE, MONEY_READERS } from '../engine/access';

export function mountBillRoutes(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: '/api/process-bill',
    summary: "Bill a month that has ended: each app's usage × price as bill lines and one Active Bill transaction (back office)",
    tag: 'billing',
    auth: 'admin',
    access: BACK_OFFICE,
    body: { type: 'object', additionalProperties: false, required: ['Month'], properties: { Month: month } },
    responses: {
      200: {
        description: "the run's log and every bill of the month; a second run bills nothing new and answers the same bills",
        schema: { type: 'object', properties: { Log: billLogSchema, Bills: { type: 'array', items: billSummarySchema } } },
      },
      ...failures,
    },
    handler: async (req) => {
      const { actor } = await requireBackOffice(ctx, req);
      const { Month } = req.body as { Month: string };
      if (!monthEnded(Month)) throw badRequest([{ field: 'body.Month', message: 'the month has not ended' }]);
      return processBill(ctx.db, Month, actor);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/bills',
    summary: 'Monthly bills, one per app and month (members: their organisations; back office: all)',
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    querystring: query({
      month,
      orgId: id,
      appId: id,
      q: { type: 'string', maxLength: 100, description: "app name or id, or the organisation's name" },
      sort: { type: 'string', enum: ['month', 'amount', 'projectName'], default: 'month' },
      order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
      ...paging,
    }),
    responses: { 200: { description: 'the bills', schema: listOf(billSummarySchema) }, ...failures },
    handler: async (req) => {
      const q = req.query as { month?: string; orgId?: string; appId?: string; q?: string; sort?: 'month'; order?: 'asc'; count: number; start: number };
      let orgIds = await readableOrgs(ctx, req, q.orgId);
      if (q.appId) {
        const { orgId } = await appMoneyReader(ctx, req, q.appId);
        if (orgIds && !orgIds.includes(orgId)) throw badRequest([{ field: 'query.appId', message: 'the app is not in this organization' }]);
        orgIds = [orgId];
      }
      return listBills(ctx.db, { months: q.month ? [q.month] : undefined, orgIds, appId: q.appId, text: q.q || undefined, sort: q.sort, order: q.order, count: q.count, start: q.start });
    },
  });

  api.route({
    method: 'GET',
    url: '/api/app/:id/bill',
    summary: "One app's bill for a month: its lines by service and meter (a month not billed yet: what usage accrued so far)",
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('id'),
    querystring: query({ month: { ...month, description: 'YYYY-MM; default the current month' } }),
    responses: { 200: { description: 'the bill', schema: appBillSchema }, ...failures },
    handler: async (req) => {
      const appId = (req.params as { id: string }).id;
      await appMoneyReader(ctx, req, appId);
      return appBill(ctx.db, appId, (req.query as { month?: string }).month ?? shanghaiMonth());
    },
  });

  api.route({
    method: 'GET',
    url: '/api/organizations/:id/bills',
    summary: "The organisation's written bills month by month, newest first (bill-year filter: a year, or the last 12 months)",
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    params: paramsSchema('id'),
    querystring: query({ year }),
    responses: {
      200: {
        description: 'months with bills',
        schema: listOf({ type: 'object', properties: { Month: { type: 'string' }, Amount: { type: 'string' }, Apps: { type: 'array', items: billSummarySchema } } }),
      },
      ...failures,
    },
    handler: async (req): Promise<OrgMonthBills> => {
      const orgId = (req.params as { id: string }).id;
      await orgMoneyReader(ctx, req, orgId);
      const bills = await listBills(ctx.db, { months: monthsOf((req.query as { year?: string }).year), orgIds: [orgId], count: 1_000_000, start: 0, sort: 'month', order: 'desc' });
      const items = [...groupBy(bills.Items, (b) => b.Month)].map(([Month, apps]) => ({ Month, Amount: sumAmounts(apps.map((a) => a.Amount)), Apps: apps }));
      return { TotalCount: items.length, Items: items };
    },
  });

  api.route({
    method: 'GET',
    url: '/api/bill-logs',
    summary: 'Runs of the monthly billing, newest first (back office)',
    tag: 'billing',
    auth: 'admin',
    access: BACK_OFFICE,
    querystring: query({ month, status: { type: 'string', enum: [...BILL_LOG_STATUSES] }, ...paging }),
    responses: { 200: { description: 'the runs', schema: listOf(billLogSchema) }, ...failures },
    handler: async (req) => {
      await requireBackOffice(ctx, req);
      return listBillLogs(ctx.db, req.query as { month?: string; status?: BillLogStatus; count: number; start: number });
    },
  });
}
