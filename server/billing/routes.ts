import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { mountBalanceRoutes } from './balance-routes';
import { mountTransactionRoutes } from './transactions-routes';

/** Transactions, balances and administrators' adjustments. */
export function mountBilling(api: Api, ctx: Ctx): void {
  mountTransactionRoutes(api, ctx);
  mountBalanceRoutes(api, ctx);
}
