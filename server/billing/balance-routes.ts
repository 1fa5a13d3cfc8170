import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { forbidden, notFound } from '../engine/errors';
import type { Paging } from '../platform/org/sql';
import { existingOrgs, listBalances, memberOrgs } from './balance-store';
import { moneyCaller } from '../auth/callers';
import { balanceListSchema, balanceQuerySchema, err, moneyErrors } from './transactions-schemas';
import { MONEY_READERS } from '../engine/access';

interface BalanceQuery extends Paging {
  orgId?: string[];
  'orgId[]'?: string[];
  orgName?: string;
  companyName?: string;
}

export function mountBalanceRoutes(api: Api, ctx: Ctx): void {
  api.route({
    method: 'GET',
    url: '/api/balance',
    summary:
      "Organisations' balances (orgId[] or orgId, repeated): members only their own organisations; the back office any, and without ids every organisation with its search options",
    tag: 'billing',
    auth: 'session',
    access: MONEY_READERS,
    querystring: balanceQuerySchema,
    responses: {
      200: { description: 'balances by organisation name, with the number of all that match', schema: balanceListSchema },
      400: err('bad input'),
      ...moneyErrors,
      404: err('an organisation asked for does not exist (back office)'),
    },
    handler: async (req) => {
      const caller = await moneyCaller(ctx, req);
      const { orgId, 'orgId[]': bracketed, ...rest } = req.query as BalanceQuery;
      const asked = [...new Set([...(orgId ?? []), ...(bracketed ?? [])])];
      if (caller.office) {
        if (asked.length) {
          const found = await existingOrgs(ctx.db, asked);
          if (asked.some((id) => !found.has(id))) throw notFound();
        }
        return listBalances(ctx.db, { ...rest, orgIds: asked.length ? asked : undefined });
      }
      if (rest.orgName || rest.companyName) throw forbidden();
      const mine = await memberOrgs(ctx.db, caller.user!.id);
      if (asked.some((id) => !mine.includes(id))) throw forbidden();
      return listBalances(ctx.db, { ...rest, orgIds: asked.length ? asked : mine });
    },
  });
}
