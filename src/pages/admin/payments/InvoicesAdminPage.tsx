import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Flex, Input, Select, Table } from 'antd';
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '../../../../resources/payments-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiQuery } from '../../../lib/api';
import { InvoiceStatusTag } from '../../payments/tags';
import { invoicePath, useOffice } from './office';

const PAGE_SIZE = 20;

/** `/admin/invoices` and `/bc-admin/invoices`: every organisation's invoice requests, filtered by status and text. */
export default function InvoicesAdminPage() {
  const { t } = useLocale();
  usePageTitle(t('payments.admin.invoices.title'));
  const office = useOffice();
  const [status, setStatus] = useState<InvoiceStatus>();
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const query = useMemo(() => ({ status, q, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE }), [status, q, page]);
  const { data, loading } = useApiQuery<{ TotalCount: number; Items: Invoice[] }>('/api/invoices', { query });

  return (
    <>
      <PageHeader title={t('payments.admin.invoices.title')} subtitle={t('payments.admin.invoices.subtitle')} />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            maxLength={100}
            style={{ width: 320 }}
            placeholder={t('payments.admin.invoices.search')}
            aria-label={t('payments.admin.invoices.search')}
            onSearch={(v) => {
              setQ(v.trim() || undefined);
              setPage(1);
            }}
            data-testid="invoices-search"
          />
          <Select<InvoiceStatus>
            allowClear
            style={{ width: 160 }}
            placeholder={t('payments.admin.invoices.status')}
            options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`payments.invoice.statuses.${s}`) }))}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            data-testid="invoices-status-filter"
          />
        </Flex>
        <Table<Invoice>
          rowKey="Id"
          loading={loading}
          dataSource={data?.Items ?? []}
          scroll={{ x: 1300 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payments.admin.invoices.empty')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalCount ?? 0, onChange: setPage, showSizeChanger: false }}
          data-testid="invoices-table"
          columns={[
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
      </Card>
    </>
  );
}
