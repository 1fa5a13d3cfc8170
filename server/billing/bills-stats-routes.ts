import { shanghaiMonth } from '../../resources/bills-api';
import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { monthStatement } from './bills-statement';
import { monthlyAmount, monthlyBillDiff, monthlyServiceBills, monthlyTotals, monthlyTrend, monthsOf } from './bills-stats';
import { orgMoneyReader } from './metering-access';
import { amountFields, appBillSchema, failures, id, month, monthlySchema, query, year } from './metering-schemas';
import { MONEY_READERS } from '../engine/access';

interface OrgQuery {
  orgId: string;
  month?: string;
  year?: string;
}

/** An organisation's money per month, for the bill pages' figures and charts. */
export function mountBillStatsRoutes(api: Api, ctx: Ctx): void {
  const route = (url: string, summary: string, extra: Record<string, unknown>, schema: Record<string, unknown>, answer: (q: OrgQuery) => Promise<unknown>) =>
    api.route({
      method: 'GET',
      url,
      summary,
      tag: 'billing',
      auth: 'session',
      access: MONEY_READERS,
      querystring: query({ orgId: id, ...extra }, ['orgId']),
      responses: { 200: { description: 'amounts are decimal strings with 2 places', schema }, ...failures },
      handler: async (req) => {
        const q = req.query as OrgQuery;
        await orgMoneyReader(ctx, req, q.orgId);
        return answer(q);
      },
    });

  const thisMonth = { ...month, description: 'YYYY-MM; default the current month' };

  route(
    '/api/monthly-amount',
    "A month's billed total and, for apps not billed yet (the current month), what their usage accrued so far",
    { month: thisMonth },
    { type: 'object', properties: { OrgId: { type: 'string' }, Month: { type: 'string' }, ...amountFields('BilledAmount', 'AccruedAmount', 'Amount') } },
    (q) => monthlyAmount(ctx.db, q.orgId, q.month ?? shanghaiMonth()),
  );

  route(
    '/api/transactions/monthly',
    'Active transactions per month and type (a bill in the month it bills)',
    { year },
    monthlySchema(amountFields('Deposit', 'Bill', 'Refund', 'Increase', 'Reduce')),
    (q) => monthlyTotals(ctx.db, q.orgId, monthsOf(q.year)),
  );

  route(
    '/api/transactions/monthly-bills',
    'Bill amounts per month and service (billed lines, or what unbilled usage accrued)',
    { year },
    monthlySchema({ ...amountFields('Amount'), Services: { type: 'object', additionalProperties: { type: 'string' } } }),
    (q) => monthlyServiceBills(ctx.db, q.orgId, monthsOf(q.year)),
  );

  route(
    '/api/transactions/monthly-bill-diff',
    'A month against the month before: amounts, difference and percent (null when the month before was 0)',
    { month: thisMonth },
    {
      type: 'object',
      properties: { OrgId: { type: 'string' }, Month: { type: 'string' }, PreviousMonth: { type: 'string' }, ...amountFields('Amount', 'PreviousAmount', 'Diff'), Percent: { type: ['string', 'null'] } },
    },
    (q) => monthlyBillDiff(ctx.db, q.orgId, q.month ?? shanghaiMonth()),
  );

  route(
    '/api/month-statement',
    "An organisation's printable statement of a month: every app's lines, the total and the balance at the month's end",
    { month: thisMonth },
    {
      type: 'object',
      properties: {
        OrgId: { type: 'string' },
        OrganizationName: { type: 'string' },
        Month: { type: 'string' },
        Start: { type: 'string' },
        End: { type: 'string' },
        Apps: { type: 'array', items: appBillSchema },
        ...amountFields('Amount', 'BalanceAtEnd'),
      },
    },
    (q) => monthStatement(ctx.db, q.orgId, q.month ?? shanghaiMonth()),
  );

  route('/api/transactions/monthly-trend', 'Bill amounts of the last 12 months, oldest first', {}, monthlySchema(amountFields('Amount')), (q) => monthlyTrend(ctx.db, q.orgId));
}
