import { Button, Descriptions } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Invoice } from '../../../resources/payments-api';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { InvoiceStatusTag } from './tags';

/** The link that downloads an issued invoice's document (the session cookie goes along). */
export function InvoiceDownload({ invoice }: { invoice: Invoice }) {
  const { t } = useLocale();
  if (invoice.Status !== 'Finished' || !invoice.DocumentName) return null;
  return (
    <Button icon={<DownloadOutlined />} href={`/api/invoices/${encodeURIComponent(invoice.Id)}/document`} download={invoice.DocumentName} data-testid="invoice-download">
      {t('payments.invoice.download')} ({invoice.Format})
    </Button>
  );
}

/** What an invoice request says, for the requester's and the back office's invoice pages. */
export function InvoiceDescriptions({ invoice, showOrg }: { invoice: Invoice; showOrg?: boolean }) {
  const { t } = useLocale();
  const vat = invoice.Type === 'VAT';
  const items = [
    { key: 'status', label: t('payments.invoice.status'), children: <InvoiceStatusTag status={invoice.Status} /> },
    { key: 'number', label: t('payments.invoice.number'), children: invoice.Number ?? '—' },
    ...(showOrg ? [{ key: 'org', label: t('payments.invoice.org'), children: invoice.OrgName }] : []),
    { key: 'amount', label: t('payments.invoice.amount'), children: `¥ ${formatAmount(invoice.Amount)}` },
    { key: 'type', label: t('payments.invoice.type'), children: t(`payments.invoice.types.${invoice.Type}`) },
    { key: 'format', label: t('payments.invoice.format'), children: invoice.Format },
    { key: 'title', label: t('payments.invoice.titleLabel'), children: invoice.Title },
    { key: 'taxId', label: t('payments.invoice.taxId'), children: invoice.TaxId || '—' },
    ...(vat
      ? [
          { key: 'bank', label: t('payments.invoice.bankName'), children: invoice.BankName },
          { key: 'account', label: t('payments.invoice.bankAccount'), children: invoice.BankAccount },
          { key: 'address', label: t('payments.invoice.address'), children: invoice.Address },
          { key: 'phone', label: t('payments.invoice.phone'), children: invoice.Phone },
        ]
      : []),
    { key: 'email', label: t('payments.invoice.email'), children: invoice.Email || '—' },
    { key: 'requestedBy', label: t('payments.invoice.requestedBy'), children: invoice.RequestedBy.replace(/^\w+:/, '') },
    { key: 'createdAt', label: t('payments.invoice.createdAt'), children: formatDateTime(invoice.CreatedAt) },
    ...(invoice.FinishedAt
      ? [
          { key: 'finishedAt', label: t('payments.invoice.finishedAt'), children: formatDateTime(invoice.FinishedAt) },
          { key: 'finishedBy', label: t('payments.invoice.finishedBy'), children: (invoice.FinishedBy ?? '').replace(/^\w+:/, '') },
        ]
      : []),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} data-testid="invoice-details" />;
}
