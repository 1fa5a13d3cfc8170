import { lazy, Suspense, useMemo, useState } from 'react';
import Decimal from 'decimal.js';
import { Card, Col, Empty, Flex, Result, Row, Segmented, Skeleton, Statistic, Table } from 'antd';
import type { UsageReport } from '../../../resources/bills-api';
import { PageHeader } from '../../engine/PageHeader';
import { OrgShell } from '../org/OrgShell';
import { formatAmount, formatBigNumber } from '../../lib/format';
import { LAST_24_HOURS, LONG_DURATION_FILTERS } from '../../lib/timeFilters';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiQuery } from '../../lib/api';
import { useMeterText, useOrgParam } from './api';
import { OrgPicker } from './OrgPicker';

const StackedColumns = lazy(() => import('./charts').then((m) => ({ default: m.StackedColumns })));
const SharePie = lazy(() => import('./charts').then((m) => ({ default: m.SharePie })));

/** The usage page's ranges: the last 24 hours, 7 / 30 / 90 days, the previous week and month. */
const FILTERS = [LAST_24_HOURS, ...LONG_DURATION_FILTERS];

type AppRow = UsageReport['Apps'][number];

/** `/apps/usage`: an organisation's usage per service and day, its cost by service, and the details per app. */
export default function UsagePage() {
  const { t, text, locale } = useLocale();
  usePageTitle(t('metering.usage.title'));
  const { serviceName, meterName, unitName } = useMeterText();
  const { orgId, setOrgId, organizations, loading: orgsLoading } = useOrgParam();
  const [filterKey, setFilterKey] = useState('30d');
  const range = useMemo(() => (FILTERS.find((f) => f.key === filterKey) ?? FILTERS[2]).range(), [filterKey]);
  const { data, loading } = useApiQuery<UsageReport>(orgId ? '/api/usage' : undefined, { query: { orgId, start: range.start, end: range.end } });
  const number = (n: number) => formatBigNumber(n, locale);

  const services = useMemo(() => [...new Set((data?.Series ?? []).map((s) => s.Service))], [data]);
  const x = (period: string) => (data?.Granularity === 'hour' ? period.slice(11) : period.slice(5));

  if (!orgsLoading && organizations.length === 0) {
    return (
      <OrgShell>
        <Result status="info" title={t('metering.common.noOrganization')} />
      </OrgShell>
    );
  }

  return (
    <OrgShell>
      <PageHeader
        title={t('metering.usage.title')}
        subtitle={t('metering.usage.subtitle')}
        extra={
          <Flex gap={12} wrap>
            <OrgPicker value={orgId} onChange={setOrgId} organizations={organizations} loading={orgsLoading} />
            <Segmented
              data-testid="usage-range"
              aria-label={t('metering.usage.range')}
              value={filterKey}
              onChange={(v) => setFilterKey(String(v))}
              options={FILTERS.map((f) => ({ value: f.key, label: text(f.label) }))}
            />
          </Flex>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('metering.usage.charts')} data-testid="usage-charts">
            {!data ? (
              <Skeleton active />
            ) : services.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.usage.chartEmpty')} />
            ) : (
              services.map((service) => (
                <div key={service} data-testid={`usage-chart-${service}`} style={{ marginBottom: 24 }}>
                  <h4 style={{ margin: '0 0 8px' }}>{serviceName(service)}</h4>
                  <Suspense fallback={<Skeleton active />}>
                    <StackedColumns
                      height={220}
                      format={number}
                      xLabel={x}
                      data={data.Series.filter((s) => s.Service === service).map((s) => ({
                        x: s.Period,
                        series: `${meterName(s.Service, s.Meter)} (${unitName(s.Service, s.Meter)})`,
                        value: Number(s.Units),
                      }))}
                    />
                  </Suspense>
                </div>
              ))
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('metering.usage.costByService')} extra={t('metering.usage.costHint')} data-testid="usage-cost">
            <Statistic title={t('metering.usage.totalAmount')} value={data ? formatAmount(data.TotalAmount) : '—'} loading={loading && !data} style={{ marginBottom: 12 }} />
            {!data ? (
              <Skeleton active />
            ) : new Decimal(data.TotalAmount).isZero() ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.usage.costEmpty')} />
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <SharePie
                  format={(n) => formatAmount(n)}
                  data={data.Services.filter((s) => !new Decimal(s.Amount).isZero()).map((s) => ({ name: serviceName(s.Service), value: Number(s.Amount) }))}
                />
              </Suspense>
            )}
          </Card>
        </Col>
      </Row>
      <Card title={t('metering.usage.table')} style={{ marginTop: 16 }}>
        <Table<AppRow>
          data-testid="usage-table"
          rowKey={(r) => `${r.AppId}/${r.Service}/${r.Meter}`}
          loading={loading}
          dataSource={data?.Apps ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.usage.chartEmpty')} /> }}
          columns={[
            { title: t('metering.common.app'), dataIndex: 'ProjectName', sorter: (a, b) => a.ProjectName.localeCompare(b.ProjectName) },
            { title: t('metering.common.service'), dataIndex: 'Service', render: (s: string) => serviceName(s) },
            { title: t('metering.common.meter'), key: 'meter', render: (_, r) => meterName(r.Service, r.Meter) },
            { title: t('metering.common.units'), key: 'units', align: 'right', render: (_, r) => `${number(Number(r.Units))} ${unitName(r.Service, r.Meter)}` },
            {
              title: t('metering.common.amount'),
              dataIndex: 'Amount',
              align: 'right',
              render: (v: string) => formatAmount(v),
              sorter: (a, b) => new Decimal(a.Amount).comparedTo(b.Amount),
              defaultSortOrder: 'descend',
            },
          ]}
        />
      </Card>
    </OrgShell>
  );
}
