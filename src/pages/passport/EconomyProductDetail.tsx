import { Card, Descriptions, List, Skeleton, Tag, Typography } from 'antd';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { useEconomyLabels } from './economy-api';
import { usePassportQuery } from './passport-api';
import { useRefetchOnChange } from './players-api';

interface Resolved {
  resource: string;
  amount: string;
  name: string | null;
  type: string | null;
  properties?: Record<string, unknown>;
  available?: boolean;
  currencyCode?: string | null;
}

interface Detail {
  category: { name: string } | null;
  transactionType: string | null;
  price: Resolved;
  contents: Resolved[];
}

/** On a product's page: its transaction type, its price and contents resolved to resources, its category. */
export default function EconomyProductDetail({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const labels = useEconomyLabels();
  const { data, loading, error, refetch } = usePassportQuery<Detail>(appId, `/products/${encodeURIComponent(String(record.id))}/detail`);
  useRefetchOnChange(refetch, record.version);
  const nameOf = (r: Resolved) => (r.name ? `${r.name} (${r.resource})` : r.resource);
  return (
    <Card title={t('passportEconomy.product.title')} size="small" data-testid="product-detail">
      {loading ? (
        <Skeleton active />
      ) : !data ? (
        <Typography.Text type="danger">{error ? t('passportEconomy.product.loadFailed') : '—'}</Typography.Text>
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('passportEconomy.product.transactionType')}>
            {data.transactionType ? <Tag color={data.transactionType === 'RealMoneyPurchase' ? 'gold' : 'blue'}>{labels.transactionType(data.transactionType)}</Tag> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('passportEconomy.product.price')}>
            {data.price.currencyCode ? `${formatAmount(data.price.amount)} ${data.price.currencyCode}` : `${data.price.amount} × ${nameOf(data.price)}`}
            {!data.price.name && <Tag color="red" style={{ marginLeft: 8 }}>{t('passportEconomy.product.missing')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('passportEconomy.product.category')}>{data.category?.name ?? t('passportEconomy.product.noCategory')}</Descriptions.Item>
          <Descriptions.Item label={t('passportEconomy.product.contents')}>
            <List
              size="small"
              split={false}
              dataSource={data.contents}
              renderItem={(c) => (
                <List.Item style={{ padding: '2px 0' }}>
                  {c.amount} × {nameOf(c)} {c.type && <Tag>{labels.resourceType(c.type)}</Tag>}
                  {!c.available && <Tag color="red">{c.name ? t('passportEconomy.product.notHoldable') : t('passportEconomy.product.missing')}</Tag>}
                </List.Item>
              )}
            />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
