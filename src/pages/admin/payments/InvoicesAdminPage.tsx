import { Link } from 'react-router';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '../../../../resources/payments-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { InvoiceStatusTag } from '../../payments/tags';
import { invoicePath, useOffice } from './office';
import { ReviewQueue } from './ReviewQueue';

/** `/admin/invoices` and `/bc-admin/invoices`: every organisation's invoice requests, filtered by status and text. */
export default function InvoicesAdminPage() {
  const { t } = useLocale();
  usePageTitle(t('payments.admin.invoices.title'));
  const office = useOffice();

  return (
    <>
      <PageHeader title={t('payments.admin.invoices.title')} subtitle={t('payments.admin.invoices.subtitle')} />
      <ReviewQueue<Invoice, InvoiceStatus>
        url="/api/invoices"
        id="invoices"
        searchLabel={t('payments.admin.invoices.search')}
        statusLabel={t('payments.admin.invoices.status')}
        statuses={INVOICE_STATUSES}
        statusText={(s) => t(`payments.invoice.statuses.${s}`)}
        emptyText={t('payments.admin.invoices.empty')}
        width={1300}
        columns={() => [
          { title: t('payments.admin.columns.createdAt'), dataIndex: 'CreatedAt', width: 170, render: (v: string) => formatDateTime(v) },
          { title: t('payments.admin.columns.org'), dataIndex: 'OrgName', width: 160, ellipsis: true },
          { title: t('payments.admin.columns.title'), dataIndex: 'Title', width: 220, ellipsis: true },
          { title: t('payments.admin.columns.type'), dataIndex: 'Type', width: 130, render: (v: string) => t(`payments.invoice.types.${v}`) },
          { title: t('payments.admin.columns.format'), dataIndex: 'Format', width: 80 },
          { title: t('payments.admin.columns.amount'), dataIndex: 'Amount', width: 130, align: 'right', render: (v: string) => formatAmount(v) },
          { title: t('payments.admin.columns.number'), dataIndex: 'Number', width: 140, render: (v: string | null) => v ?? '—' },
          { title: t('payments.admin.columns.status'), dataIndex: 'Status', width: 100, render: (v: InvoiceStatus) => <InvoiceStatusTag status={v} /> },
          {
            key: 'actions',
            title: t('payments.admin.columns.actions'),
            width: 90,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Link to={invoicePath(office, r.TransactionId)} data-testid={`invoice-open-${r.Id}`}>
                {t('payments.admin.invoices.open')}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
