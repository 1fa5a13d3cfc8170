import { Card, Empty, Table, Tag, Typography } from 'antd';
import { INVENTORY_CAPACITY } from '../../../resources/passport/economy-flow';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { usePassportQuery } from './passport-api';

interface Entry {
  id: string;
  resource: string;
  amount: string;
  properties?: Record<string, unknown>;
  updatedAt: string;
}

/** On a persona's page: every inventory entry it holds (GET /personas/:id/inventory). */
export default function EconomyPersonaInventory({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const { data, loading, error } = usePassportQuery<{ total: number; inventory: Entry[] }>(appId, `/personas/${encodeURIComponent(String(record.id))}/inventory`);
  return (
    <Card
      title={t('passportEconomy.inventory.title')}
      size="small"
      extra={data && <Typography.Text type="secondary">{t('passportEconomy.inventory.count', { count: data.total, capacity: INVENTORY_CAPACITY })}</Typography.Text>}
      data-testid="persona-inventory"
    >
      <Table
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={data?.inventory ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error ? t('passportEconomy.inventory.loadFailed') : t('passportEconomy.inventory.empty')} /> }}
        columns={[
          { title: t('passportEconomy.inventory.resource'), dataIndex: 'resource', render: (r: string) => <Tag>{r}</Tag> },
          { title: t('passportEconomy.inventory.amount'), dataIndex: 'amount', align: 'right' },
          {
            title: t('passportEconomy.inventory.properties'),
            dataIndex: 'properties',
            render: (p?: Record<string, unknown>) => (p && Object.keys(p).length ? <Typography.Text code>{JSON.stringify(p)}</Typography.Text> : '—'),
          },
          { title: t('passportEconomy.inventory.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}
