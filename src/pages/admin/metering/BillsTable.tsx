import Decimal from 'decimal.js';
import { Empty, Table, type TableProps } from 'antd';
import type { BillSummary } from '../../../../resources/bills-api';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { BillStatusTag } from '../../metering/BillStatusTag';

/** Bills of the back office, one row per app and month; `sortable` sorts on the page (every row loaded). */
export function BillsTable({ rows, loading, sortable, pagination }: { rows: BillSummary[]; loading: boolean; sortable?: boolean; pagination?: TableProps<BillSummary>['pagination'] }) {
  const { t } = useLocale();
  const sorter = <K extends keyof BillSummary>(key: K) => (sortable ? (a: BillSummary, b: BillSummary) => String(a[key]).localeCompare(String(b[key])) : undefined);
  return (
    <Table<BillSummary>
      data-testid="bills-table"
      rowKey={(r) => `${r.AppId}/${r.Month}`}
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.monthly.empty')} /> }}
      columns={[
        { title: t('metering.common.month'), dataIndex: 'Month', sorter: sorter('Month') },
        { title: t('metering.common.organization'), dataIndex: 'OrganizationName', sorter: sorter('OrganizationName') },
        {
          title: t('metering.common.app'),
          dataIndex: 'ProjectName',
          sorter: sorter('ProjectName'),
          render: (name: string, r) => (
            <>
              {name}
              <div style={{ fontSize: 12, color: '#8c8c8c' }}>{r.AppId}</div>
            </>
          ),
        },
        { title: t('metering.common.status'), key: 'status', render: (_, r) => <BillStatusTag bill={r} /> },
        {
          title: t('metering.common.amount'),
          dataIndex: 'Amount',
          align: 'right',
          render: (v: string) => formatAmount(v),
          sorter: sortable ? (a, b) => new Decimal(a.Amount).comparedTo(b.Amount) : undefined,
          defaultSortOrder: sortable ? 'descend' : undefined,
        },
      ]}
    />
  );
}
