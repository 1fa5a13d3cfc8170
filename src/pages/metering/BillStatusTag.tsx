import { Tag } from 'antd';
import { shanghaiMonth, type BillSummary } from '../../../resources/bills-api';
import { useLocale } from '../../lib/useLocale';

/** Billed (with a transaction, or nothing to charge), accruing (the current month) or not billed yet. */
export function BillStatusTag({ bill }: { bill: Pick<BillSummary, 'Billed' | 'Month' | 'TransactionId'> }) {
  const { t } = useLocale();
  if (bill.Billed)
    return (
      <Tag color={bill.TransactionId ? 'green' : 'default'} data-testid="bill-status">
        {t(bill.TransactionId ? 'metering.common.billed' : 'metering.common.noCharge')}
      </Tag>
    );
  const current = bill.Month === shanghaiMonth();
  return (
    <Tag color={current ? 'blue' : 'orange'} data-testid="bill-status">
      {t(current ? 'metering.common.accruing' : 'metering.common.notBilled')}
    </Tag>
  );
}
