import { useState } from 'react';
import { Link } from 'react-router';
import Decimal from 'decimal.js';
import { Alert, Button, Card, Empty, Flex, Input, Table, Typography } from 'antd';
import type { BalanceItem } from '../../../../resources/transactions-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useBalances } from '../../billing/api';
import { useOffice } from './office';

const PAGE_SIZE = 20;
const MONEY_COLUMNS = ['Balance', 'PendingAmount', 'DepositAmount', 'TotalBillAmount', 'RefundAmount', 'AdjustmentAmount', 'LastMonthBalance'] as const;

/** `/admin/balance` and `/bc-admin`: every organisation's balance, searchable by organisation id, name and company. */
export default function BalancesPage() {
  const { t } = useLocale();
  usePageTitle(t('billing.office.balancesTitle'));
  const { orgPath } = useOffice();
  const [search, setSearch] = useState<{ q?: string; orgName?: string; companyName?: string }>({});
  const [page, setPage] = useState(1);
  const list = useBalances({ ...search, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE });
  const filtered = Object.values(search).some(Boolean);
  const setField = (field: keyof typeof search) => (v: string) => {
    setSearch((s) => ({ ...s, [field]: v.trim() || undefined }));
    setPage(1);
  };

  const columns = [
    {
      title: t('billing.office.orgName'),
      dataIndex: 'OrgName',
      render: (name: string, b: BalanceItem) => (
        <Flex vertical>
          <Link to={orgPath(b.OrgId)} data-testid={`balance-org-${b.OrgId}`}>
            {name}
          </Link>
          <Typography.Text type="secondary" copyable={{ text: b.OrgId }} style={{ fontSize: 12 }}>
            {b.OrgId}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('billing.office.companyName'), dataIndex: 'CompanyName', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    ...MONEY_COLUMNS.map((field) => ({
      title: t(`billing.balance.${field}`),
      dataIndex: field,
      align: 'right' as const,
      render: (v: string) => (
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: field === 'Balance' && new Decimal(v).isNegative() ? '#cf1322' : undefined }}>{formatAmount(v)}</span>
      ),
    })),
    { title: t('common.actions'), key: 'actions', fixed: 'right' as const, render: (_: unknown, b: BalanceItem) => <Link to={orgPath(b.OrgId)}>{t('billing.office.view')}</Link> },
  ];

  return (
    <>
      <PageHeader title={t('billing.office.balancesTitle')} subtitle={t('billing.office.balancesSubtitle')} />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('billing.office.search')} onSearch={setField('q')} style={{ maxWidth: 320 }} data-testid="balances-search" />
          <Input.Search allowClear placeholder={t('billing.office.orgName')} onSearch={setField('orgName')} style={{ maxWidth: 220 }} data-testid="balances-org-name" />
          <Input.Search allowClear placeholder={t('billing.office.companyName')} onSearch={setField('companyName')} style={{ maxWidth: 220 }} data-testid="balances-company" />
        </Flex>
        {list.error && (
          <Alert type="error" showIcon message={list.error.message} action={<Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>} style={{ marginBottom: 16 }} />
        )}
        <Table<BalanceItem>
          rowKey="OrgId"
          loading={list.loading}
          columns={columns}
          dataSource={list.data?.Items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('billing.office.noMatch') : t('billing.office.empty')} /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.TotalCount ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('common.total', { total }),
            onChange: setPage,
          }}
          onRow={(b) => ({ 'data-testid': `balance-row-${b.OrgId}` }) as object}
          data-testid="balances-table"
        />
      </Card>
    </>
  );
}
