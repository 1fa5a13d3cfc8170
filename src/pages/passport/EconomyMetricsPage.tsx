import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Col, Empty, Result, Row, Segmented, Skeleton, Statistic, Table, Tag } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { formatAmount, formatBigNumber, shanghaiDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useEconomyLabels } from './economy-api';
import { usePassportQuery } from './passport-api';

const StackedColumns = lazy(() => import('../metering/charts').then((m) => ({ default: m.StackedColumns })));
const SharePie = lazy(() => import('../metering/charts').then((m) => ({ default: m.SharePie })));

/** Spec 002 §9: duration filters of 7, 30 and 90 days. */
const RANGES = [7, 30, 90];

interface Money {
  currencyCode: string;
  amount: string;
}

interface TransactionMetrics {
  daily: { date: string; realMoney: number; virtual: number }[];
  dailyRevenue: (Money & { date: string })[];
  byStatus: { status: string; count: number }[];
  totals: { purchases: number; realMoney: number; virtual: number; revenue: Money[] };
  topProducts: { productId: string; productName: string; purchases: number; revenue: Money[] }[];
}

interface InventoryMetrics {
  entries: number;
  personas: number;
  resources: { resource: string; name: string; type: string | null; holders: number; total: string }[];
}

const money = (list: Money[]) => (list.length ? list.map((m) => `${formatAmount(m.amount)} ${m.currencyCode}`).join(' / ') : '—');

function ChartCard({ title, loading, empty, children }: { title: string; loading: boolean; empty: string | false; children: ReactNode }) {
  return (
    <Card title={title} size="small">
      {loading ? <Skeleton active /> : empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : <Suspense fallback={<Skeleton active />}>{children}</Suspense>}
    </Card>
  );
}

/** `passport/economy/metrics`: purchases and revenue per day, purchases by state, top products, and what personas hold. */
export default function EconomyMetricsPage() {
  const { appId = '' } = useParams();
  const { t, locale } = useLocale();
  const labels = useEconomyLabels();
  usePageTitle(t('passportEconomy.metrics.title'));
  const [days, setDays] = useState(30);
  const range = useMemo(() => ({ from: shanghaiDate(-(days - 1)), to: shanghaiDate(0) }), [days]);
  const trx = usePassportQuery<TransactionMetrics>(appId, '/transactions/metrics', { query: range });
  const inv = usePassportQuery<InventoryMetrics>(appId, '/inventory/metrics');
  const number = (n: number) => formatBigNumber(n, locale);
  const m = trx.data;
  const nothing = !!m && m.totals.purchases === 0 && m.byStatus.length === 0;

  if (trx.error && !m) {
    return (
      <Result
        status="warning"
        title={t('passportEconomy.metrics.loadFailed')}
        extra={<Button onClick={() => void trx.refetch()}>{t('passportEconomy.metrics.retry')}</Button>}
      />
    );
  }

  const perDay = (m?.daily ?? []).flatMap((d) => [
    { x: d.date, series: t('passportEconomy.metrics.realMoney'), value: d.realMoney },
    { x: d.date, series: t('passportEconomy.metrics.virtual'), value: d.virtual },
  ]);
  const revenuePerDay = (m?.daily ?? []).flatMap((d) =>
    (m?.totals.revenue ?? []).map((c) => ({
      x: d.date,
      series: c.currencyCode,
      value: Number(m?.dailyRevenue.find((r) => r.date === d.date && r.currencyCode === c.currencyCode)?.amount ?? 0),
    })),
  );
  const statuses = (m?.byStatus ?? []).map((s) => ({ name: labels.status(s.status), value: s.count }));

  return (
    <div data-testid="economy-metrics">
      <PageHeader
        title={t('passportEconomy.metrics.title')}
        subtitle={t('passportEconomy.metrics.subtitle')}
        extra={
          <Segmented
            data-testid="economy-metrics-range"
            aria-label={t('passportEconomy.metrics.title')}
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={RANGES.map((d) => ({ value: d, label: t('passportEconomy.metrics.range', { days: d }) }))}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('passportEconomy.metrics.purchases')} value={m ? number(m.totals.purchases) : '—'} loading={trx.loading} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('passportEconomy.metrics.realMoney')} value={m ? number(m.totals.realMoney) : '—'} loading={trx.loading} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small">
            <Statistic title={t('passportEconomy.metrics.virtual')} value={m ? number(m.totals.virtual) : '—'} loading={trx.loading} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" data-testid="economy-revenue">
            <Statistic
              title={m?.totals.revenue.length === 1 ? t('passportEconomy.metrics.revenue', { currency: m.totals.revenue[0].currencyCode }) : t('passportEconomy.metrics.noRevenue')}
              value={m ? (m.totals.revenue.length === 1 ? formatAmount(m.totals.revenue[0].amount) : money(m.totals.revenue)) : '—'}
              loading={trx.loading}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title={t('passportEconomy.metrics.purchasesPerDay')} loading={trx.loading} empty={nothing && t('passportEconomy.metrics.empty')}>
            <StackedColumns data={perDay} format={number} height={240} xLabel={(x) => x.slice(5)} />
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title={t('passportEconomy.metrics.revenuePerDay')} loading={trx.loading} empty={(nothing || revenuePerDay.length === 0) && t('passportEconomy.metrics.empty')}>
            <StackedColumns data={revenuePerDay} format={(n) => formatAmount(n)} height={240} xLabel={(x) => x.slice(5)} />
          </ChartCard>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('passportEconomy.metrics.topProducts')} size="small">
            <Table
              data-testid="economy-top-products"
              size="small"
              rowKey="productId"
              loading={trx.loading}
              pagination={false}
              dataSource={m?.topProducts ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportEconomy.metrics.empty')} /> }}
              columns={[
                { title: t('passportEconomy.metrics.product'), dataIndex: 'productName' },
                { title: t('passportEconomy.metrics.count'), dataIndex: 'purchases', align: 'right', render: (n: number) => number(n) },
                { title: t('passportEconomy.metrics.amount'), dataIndex: 'revenue', align: 'right', render: (r: Money[]) => money(r) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard title={t('passportEconomy.metrics.byStatus')} loading={trx.loading} empty={statuses.length === 0 && t('passportEconomy.metrics.empty')}>
            <SharePie data={statuses} format={number} height={240} />
          </ChartCard>
        </Col>
        <Col span={24}>
          <Card
            title={t('passportEconomy.metrics.inventory')}
            size="small"
            extra={inv.data && t('passportEconomy.metrics.inventorySubtitle', { personas: number(inv.data.personas), entries: number(inv.data.entries) })}
          >
            <Table
              data-testid="economy-inventory-metrics"
              size="small"
              rowKey="resource"
              loading={inv.loading}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={inv.data?.resources ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportEconomy.metrics.noInventory')} /> }}
              columns={[
                { title: t('passportEconomy.metrics.resource'), dataIndex: 'name', render: (name: string, r) => <span>{name} <Tag>{r.resource}</Tag></span> },
                { title: t('passportEconomy.metrics.type'), dataIndex: 'type', render: (type: string | null) => labels.resourceType(type) },
                { title: t('passportEconomy.metrics.holders'), dataIndex: 'holders', align: 'right', render: (n: number) => number(n) },
                { title: t('passportEconomy.metrics.total'), dataIndex: 'total', align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
