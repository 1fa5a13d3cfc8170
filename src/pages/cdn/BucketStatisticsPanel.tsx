import { lazy, Suspense, useState } from 'react';
import { Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from 'antd';
import type { DashboardChartDecl, DashboardSourceDecl, Text } from '../../../resources/types';
import { chartFormat, chartIsEmpty, chartPoints, sourceQuery } from '../../engine/dashboard-data';
import { formatSize } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { useCdnQuery } from './cdn-api';

const DashboardChart = lazy(() => import('../../engine/DashboardChart'));

const DAYS = [7, 30, 90];
/** The bucket's statistics call, over the chosen days. */
const source: DashboardSourceDecl = { path: '', range: ['start', 'end'] };
/** Its answer's days, as the engine's dashboards chart them: requests, then bytes (labels are the locale's texts). */
const chartOf = (field: 'requests' | 'bytes', text: (key: string) => Text): DashboardChartDecl => ({
  kind: 'line',
  label: text(`cdnConsole.statistics.${field}`),
  source: 'statistics',
  span: 12,
  list: 'days',
  x: 'date',
  series: [{ field, label: text(`cdnConsole.statistics.${field}`) }],
  empty: text('cdnConsole.statistics.empty'),
});
const formats: Record<string, ((n: number) => string) | undefined> = { bytes: (n) => formatSize(n) };

interface Statistics {
  requests: number;
  bytes: number;
  days: { date: string; requests: number; bytes: number }[];
}

/** On a bucket's page: its deliveries per day (requests and bytes) over the chosen days. */
export default function BucketStatisticsPanel({ record, appId }: PanelProps) {
  const { t, text, locale } = useLocale();
  const inBoth = (key: string): Text => ({ 'zh-CN': t(key, { lng: 'zh-CN' }), en: t(key, { lng: 'en' }) });
  const charts = [chartOf('requests', inBoth), chartOf('bytes', inBoth)];
  const [days, setDays] = useState(30);
  const stats = useCdnQuery<Statistics>(appId, 'buckets.statistics', { id: record.id }, sourceQuery(source, days));
  return (
    <Card
      title={t('cdnConsole.statistics.title')}
      extra={<Segmented value={days} onChange={(v) => setDays(Number(v))} options={DAYS.map((d) => ({ value: d, label: t('cdnConsole.statistics.days', { days: d }) }))} />}
      data-testid="cdn-statistics"
    >
      {stats.loading ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={12}>
            <Statistic title={t('cdnConsole.statistics.requests')} value={stats.data?.requests ?? 0} />
          </Col>
          <Col xs={12}>
            <Statistic title={t('cdnConsole.statistics.bytes')} value={formatSize(stats.data?.bytes ?? 0)} />
          </Col>
          {charts.map((chart) => {
            const points = chartPoints(chart, stats.data as unknown as Record<string, unknown>, locale);
            return (
              <Col key={chart.series![0].field} xs={24} lg={chart.span}>
                <Card size="small" title={text(chart.label)}>
                  {chartIsEmpty(points) ? (
                    <Empty description={text(chart.empty)} />
                  ) : (
                    <Suspense fallback={<Skeleton active />}>
                      <DashboardChart kind={chart.kind} data={points} format={formats[chart.series![0].field] ?? chartFormat(chart, locale)} />
                    </Suspense>
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
