import type { Ctx } from '../context';
import type { Api } from '../engine/api';
import { mountAlipay } from './alipay/routes';
import { mountCertification } from './certification/routes';
import { mountInvoices } from './invoices/routes';

/** Payments, invoices and enterprise certification. */
export function mountPayments(api: Api, ctx: Ctx): void {
  mountAlipay(api, ctx);
  mountInvoices(api, ctx);
  mountCertification(api, ctx);
}
