import { useLocation } from 'react-router';
import { BACK_OFFICES, type BackOffice } from '../../../routes/guards';

/** Which back office a page is shown in (the same pages serve /admin and /bc-admin). */
export function useOffice(): BackOffice {
  return useLocation().pathname.startsWith(`${BACK_OFFICES.finance.base}/`) ? 'finance' : 'admin';
}

/** A transaction's invoice page in this back office (spec 000 §2: /admin/balance/invoice/:id, /bc-admin/invoice/:id). */
export const invoicePath = (office: BackOffice, transactionId: string) =>
  office === 'finance' ? `${BACK_OFFICES.finance.base}/invoice/${encodeURIComponent(transactionId)}` : `/admin/balance/invoice/${encodeURIComponent(transactionId)}`;

export const invoicesPath = (office: BackOffice) => `${BACK_OFFICES[office].base}/invoices`;
