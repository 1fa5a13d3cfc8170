import type { Ctx } from '../context';
import type { Api } from '../engine/api';

/** Payments, invoices and enterprise certification. */
export function mountPayments(api: Api, ctx: Ctx): void {
  void api;
  void ctx;
}
