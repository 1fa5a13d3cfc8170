import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Card, Empty, Skeleton, Statistic } from 'antd';
import type { DailySeries, DayRange } from '../../../resources/ops-api';
import { PageHeader } from '../../engine/PageHeader';
import { useCurrentApp } from '../../lib/currentApp';
import { formatBigNumber } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiQuery } from '../../lib/api';
import { DayRangeSwitch } from './DayRangeSwitch';
import { HistoryFilters, toHistoryQuery, type HistoryFilterValue } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';

const DailyChart = lazy(() => import('./DailyChart'));

/** Operations per day of one app, with its own 7 / 30 / 90-day switch. */
function OperationsPerDay({ appId, action }: { appId: string; action?: string }) {
  const { t, locale } = useLocale();
  const [days, setDays] = useState<DayRange>(30);
  const payload = useMemo(() => ({ AppId: appId, Action: action, days }), [appId, action, days]);
  const { data, loading } = useApiQuery<DailySeries>('/api/operation/daily', { payload });
  return (
    <Card
      title={t('ops.monitor.chart')}
      extra={<DayRangeSwitch value={days} onChange={setDays} testId="monitor-days" />}
      style={{ marginBottom: 16 }}
      data-testid="monitor-chart"
    >
      <Statistic title={t('ops.monitor.count')} value={data ? formatBigNumber(data.Total, locale) : '—'} loading={loading && !data} style={{ marginBottom: 12 }} />
      {!data ? (
        <Skeleton active />
      ) : data.Total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.monitor.chartEmpty')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <DailyChart data={data.Items} label={t('ops.monitor.count')} height={220} />
        </Suspense>
      )}
    </Card>
  );
}

/** `/services/:appId/monitor`: the app's operation history and its operations per day. */
export default function MonitorPage() {
  const { appId = '' } = useParams();
  const app = useCurrentApp();
  const { t } = useLocale();
  usePageTitle(t('ops.monitor.title'), app?.ProjectName);
  const [filters, setFilters] = useState<HistoryFilterValue>({});
  const filter = useMemo(() => ({ ...toHistoryQuery(filters), AppId: appId }), [filters, appId]);

  return (
    <>
      <PageHeader title={t('ops.monitor.title')} subtitle={t('ops.monitor.subtitle')} />
      <OperationsPerDay appId={appId} action={filter.Action} />
      <Card title={t('ops.history.title')}>
        <HistoryFilters value={filters} onChange={setFilters} />
        <HistoryTable filter={filter} />
      </Card>
    </>
  );
}
