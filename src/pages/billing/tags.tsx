import { Tag } from 'antd';
import type { TransactionStatus } from '../../../resources/billing-api';
import { TRANSACTION_STATUS_COLORS, type TransactionItem } from '../../../resources/transactions-api';
import { useLocale } from '../../lib/useLocale';

export function TransactionStatusTag({ status, testId }: { status: TransactionStatus; testId?: string }) {
  const { t } = useLocale();
  return (
    <Tag color={TRANSACTION_STATUS_COLORS[status]} data-testid={testId}>
      {t(`billing.statuses.${status}`)}
    </Tag>
  );
}

/** The type, and for an adjustment its direction. */
export function transactionTypeText(t: (key: string) => string, tx: Pick<TransactionItem, 'Type' | 'AdjustmentType'>): string {
  const type = t(`billing.types.${tx.Type}`);
  return tx.AdjustmentType ? `${type} · ${t(`billing.adjustmentTypes.${tx.AdjustmentType}`)}` : type;
}
