import { Empty, Table, Tag } from 'antd';
import type { BillItem } from '../../../resources/bills-api';
import { formatAmount, formatBigNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useMeterText } from './api';

/** A bill's lines by service and meter, with the total as the table's last row. */
export function BillLines({ items, total, loading, printable }: { items: BillItem[]; total: string; loading?: boolean; printable?: boolean }) {
  const { t, locale } = useLocale();
  const { serviceName, meterName, unitName } = useMeterText();
  return (
    <Table<BillItem>
      data-testid="bill-lines"
      size={printable ? 'small' : 'middle'}
      rowKey={(r) => `${r.Service}/${r.Meter}`}
      loading={loading}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.appBill.empty')} /> }}
      columns={[
        { title: t('metering.common.service'), dataIndex: 'Service', render: (s: string) => serviceName(s) },
        { title: t('metering.common.meter'), key: 'meter', render: (_, r) => meterName(r.Service, r.Meter) },
        {
          title: t('metering.common.units'),
          key: 'units',
          align: 'right',
          render: (_, r) => `${formatBigNumber(Number(r.Units), locale, 4)} ${unitName(r.Service, r.Meter)}`,
        },
        { title: t('metering.common.unitPrice'), dataIndex: 'UnitPrice', align: 'right' },
        { title: t('metering.common.gross'), dataIndex: 'Gross', align: 'right', render: (v: string) => formatAmount(v) },
        {
          title: t('metering.common.credit'),
          dataIndex: 'Credit',
          align: 'right',
          render: (v: string) => (Number(v) === 0 ? '—' : <Tag color="green">-{formatAmount(v)}</Tag>),
        },
        { title: t('metering.common.amount'), dataIndex: 'Amount', align: 'right', render: (v: string) => formatAmount(v) },
      ]}
      summary={() =>
        items.length ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6}>
              <b>{t('metering.common.total')}</b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <b data-testid="bill-total">{formatAmount(total)}</b>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
