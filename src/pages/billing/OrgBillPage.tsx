import { useLocale } from '../../lib/useLocale';
import { MonthlyBillsTab } from '../metering/MonthlyBillsTab';
import { RequestInvoiceLink } from '../payments/RequestInvoiceLink';
import { TopUpButton } from '../payments/TopUpButton';
import { OrgBillView } from './OrgBillView';

/**
 * `/apps/bill`, the organisation's billing page: balance with top-up, transactions with their invoices, and the
 * monthly bills — the parts of the three billing areas composed through `OrgBillView`'s slots.
 */
export default function OrgBillPage() {
  const { t } = useLocale();
  return (
    <OrgBillView
      balanceActions={(c) => c.canManage && <TopUpButton orgId={c.orgId} onPaid={c.reload} />}
      rowActions={(tx, c) => c.canManage && <RequestInvoiceLink transaction={tx} />}
      extraTabs={(c) => [{ key: 'monthly', label: t('metering.monthly.tab'), children: <MonthlyBillsTab orgId={c.orgId} /> }]}
    />
  );
}
