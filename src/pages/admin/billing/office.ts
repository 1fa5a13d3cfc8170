import { useLocation } from 'react-router';
import { BACK_OFFICES, type BackOffice } from '../../../routes/guards';

/** The back office a page is shown in (the same pages serve /admin and /bc-admin), and its money pages' paths. */
export function useOffice(): { office: BackOffice; balancesPath: string; orgPath: (orgId: string) => string; invoicePath: (transactionId: string) => string } {
  const { pathname } = useLocation();
  const office: BackOffice = pathname.startsWith(BACK_OFFICES.finance.base) ? 'finance' : 'admin';
  const base = BACK_OFFICES[office].base;
  const orgBase = office === 'finance' ? `${base}/org` : `${base}/balance`;
  return {
    office,
    balancesPath: office === 'finance' ? base : `${base}/balance`,
    orgPath: (orgId) => `${orgBase}/${encodeURIComponent(orgId)}`,
    invoicePath: (id) => `${office === 'finance' ? base : `${base}/balance`}/invoice/${encodeURIComponent(id)}`,
  };
}
