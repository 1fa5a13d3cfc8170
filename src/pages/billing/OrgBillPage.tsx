import { useLocale } from '../../lib/useLocale';
import { MonthlyBillsTab } from '../metering/MonthlyBillsTab';
import { OrgBillView } from './OrgBillView';

/**
 * `/apps/bill`, the organisation's billing page. The slots of `OrgBillView` are where the other billing pages plug
 * in: `balanceActions` (top up, request an invoice), `rowActions` (a transaction's invoice) and `extraTabs`
 * (monthly bills).
 */
export default function OrgBillPage() {
  const { t } = useLocale();
  return <OrgBillView extraTabs={(c) => [{ key: 'monthly', label: t('metering.monthly.tab'), children: <MonthlyBillsTab orgId={c.orgId} /> }]} />;
}
