import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import Decimal from 'decimal.js';
import { Card, Col, Empty, Row, Select, Skeleton, Statistic, Table, Tag } from 'antd';
import type { MonthlyBillDiff, MonthlyTrend, OrgMonthBills } from '../../../resources/bills-api';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { useApiQuery } from '../../lib/api';
import { BillStatusTag } from './BillStatusTag';
import { billYearOptions, yearOfFilter } from './months';

const StackedColumns = lazy(() => import('./charts').then((m) => ({ default: m.StackedColumns })));

type MonthRow = OrgMonthBills['Items'][number];

/** This month so far against last month: amounts, and the change as an amount and a percent. */
function MonthDiff({ orgId }: { orgId: string }) {
  const { t } = useLocale();
  const { data } = useApiQuery<MonthlyBillDiff>('/api/transactions/monthly-bill-diff', { query: { orgId } });
  const up = data && new Decimal(data.Diff).isPositive() && !new Decimal(data.Diff).isZero();
  return (
    <Row gutter={16} data-testid="monthly-diff">
      <Col xs={24} md={8}>
        <Statistic title={t('metering.monthly.thisMonth')} value={data ? formatAmount(data.Amount) : '—'} loading={!data} />
      </Col>
      <Col xs={24} md={8}>
        <Statistic title={t('metering.monthly.lastMonth')} value={data ? formatAmount(data.PreviousAmount) : '—'} loading={!data} />
      </Col>
      <Col xs={24} md={8}>
        <Statistic
          title={t('metering.monthly.diff')}
          loading={!data}
          value={data ? `${up ? '+' : ''}${formatAmount(data.Diff)}` : '—'}
          suffix={data && (data.Percent === null ? <Tag>{t('metering.monthly.diffNone')}</Tag> : <Tag color={up ? 'red' : 'green'}>{`${up ? '+' : ''}${data.Percent}%`}</Tag>)}
        />
      </Col>
    </Row>
  );
}

/**
 * The organisation's monthly bills: this month against last, the last 12 months as a chart, and the bills month by
 * month (bill-year filter) with each app's amount and a link to the printable statement.
 */
export function MonthlyBillsTab({ orgId }: { orgId: string }) {
  const { t, text } = useLocale();
  const filters = useMemo(() => billYearOptions(), []);
  const [filterKey, setFilterKey] = useState(filters[0].key);
  const { data: trend } = useApiQuery<MonthlyTrend>('/api/transactions/monthly-trend', { query: { orgId } });
  const { data: bills, loading } = useApiQuery<OrgMonthBills>(`/api/organizations/${encodeURIComponent(orgId)}/bills`, { query: { year: yearOfFilter(filterKey) } });
  const points = (trend?.Items ?? []).map((i) => ({ x: i.Month, series: t('metering.common.amount'), value: Number(i.Amount) }));

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <MonthDiff orgId={orgId} />
      </Card>
      <Card title={t('metering.monthly.trend')} style={{ marginBottom: 16 }} data-testid="monthly-trend">
        {!trend ? (
          <Skeleton active />
        ) : points.every((p) => p.value === 0) ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.monthly.empty')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <StackedColumns data={points} format={(n) => formatAmount(n)} height={220} />
          </Suspense>
        )}
      </Card>
      <Card
        title={t('metering.monthly.bills')}
        extra={
          <Select
            data-testid="monthly-year"
            aria-label={t('metering.appBill.yearFilter')}
            value={filterKey}
            onChange={setFilterKey}
            options={filters.map((f) => ({ value: f.key, label: text(f.label) }))}
            style={{ minWidth: 140 }}
          />
        }
      >
        <Table<MonthRow>
          data-testid="monthly-bills"
          rowKey="Month"
          loading={loading}
          dataSource={bills?.Items ?? []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.monthly.empty')} /> }}
          expandable={{
            expandedRowRender: (row) => (
              <Table
                size="small"
                rowKey="AppId"
                pagination={false}
                dataSource={row.Apps}
                columns={[
                  { title: t('metering.common.app'), dataIndex: 'ProjectName' },
                  { title: t('metering.common.status'), key: 'status', render: (_, b) => <BillStatusTag bill={b} /> },
                  { title: t('metering.common.amount'), dataIndex: 'Amount', align: 'right', render: (v: string) => formatAmount(v) },
                ]}
              />
            ),
          }}
          columns={[
            { title: t('metering.common.month'), dataIndex: 'Month' },
            { title: t('metering.common.app'), key: 'apps', render: (_, r) => t('metering.monthly.apps', { count: r.Apps.length }) },
            { title: t('metering.common.amount'), dataIndex: 'Amount', align: 'right', render: (v: string) => formatAmount(v) },
            {
              key: 'statement',
              align: 'right',
              render: (_, r) => (
                <Link to={`/papers/month-bill?orgId=${encodeURIComponent(orgId)}&month=${r.Month}`} data-testid={`statement-${r.Month}`}>
                  {t('metering.monthly.viewStatement')}
                </Link>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
