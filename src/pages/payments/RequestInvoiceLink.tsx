import { Link } from 'react-router';
import type { Transaction } from '../../../resources/billing-api';
import { useLocale } from '../../lib/useLocale';

/**
 * The way to a transaction's invoice, for a row of the organisation bill page: shown for Active deposits only.
 * Usage: `render: (_, row) => <RequestInvoiceLink transaction={row} />`.
 */
export function RequestInvoiceLink({ transaction }: { transaction: Pick<Transaction, 'Id' | 'Type' | 'Status'> }) {
  const { t } = useLocale();
  if (transaction.Type !== 'Deposit' || transaction.Status !== 'Active') return null;
  return (
    <Link to={`/apps/bill/${encodeURIComponent(transaction.Id)}/invoice`} data-testid={`request-invoice-${transaction.Id}`}>
      {t('payments.requestInvoice')}
    </Link>
  );
}
