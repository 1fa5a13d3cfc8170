import type { Ctx } from '../context';
import type { Api } from '../engine/api';

/** Transactions, balances and administrators' adjustments. */
export function mountBilling(api: Api, ctx: Ctx): void {
  void api;
  void ctx;
}
