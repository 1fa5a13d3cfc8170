import { lazy, Suspense } from 'react';
import { Empty, Skeleton } from 'antd';
import type { DashboardChartDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { chartFormat, chartIsEmpty, type DashboardPoint } from './dashboard-data';

const DashboardChart = lazy(() => import('./DashboardChart'));

/**
 * A declared chart's body, wherever it is drawn (a dashboard, a page view, a record's page): a skeleton while its
 * answer is awaited, the chart's empty text when it has no point above zero, else the chart (its code loaded lazily).
 */
export function ChartBody({ chart, points, waiting = false }: { chart: Pick<DashboardChartDecl, 'kind' | 'format' | 'empty'>; points: DashboardPoint[] | undefined; waiting?: boolean }) {
  const { text, locale } = useLocale();
  if (waiting) return <Skeleton active />;
  if (!points?.length || chartIsEmpty(points)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(chart.empty)} />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <DashboardChart kind={chart.kind} data={points} format={chartFormat(chart, locale)} />
    </Suspense>
  );
}
