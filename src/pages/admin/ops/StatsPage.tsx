import { lazy, Suspense, useState } from 'react';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import type { DailySeries, DayRange } from '../../../../resources/ops-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatBigNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DayRangeSwitch } from '../../ops/DayRangeSwitch';
import { useDailyStats } from './useDailyStats';

const DailyChart = lazy(() => import('../../ops/DailyChart'));

function SeriesCard({ title, hint, total, totalLabel, series, kind, testId }: {
  title: string;
  hint?: string;
  total: string;
  totalLabel: string;
  series?: DailySeries;
  kind: 'line' | 'column';
  testId: string;
}) {
  const { t } = useLocale();
  return (
    <Card title={title} extra={hint} data-testid={testId}>
      <Statistic title={totalLabel} value={total} style={{ marginBottom: 12 }} />
      {series ? (
        <Suspense fallback={<Skeleton active />}>
          <DailyChart data={series.Items} kind={kind} label={t('ops.stats.apps')} />
        </Suspense>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

/** `/admin/stats`: daily active apps (line) and daily new apps (columns) over 7, 30 or 90 days. */
export default function StatsPage() {
  const { t, locale } = useLocale();
  usePageTitle(t('ops.stats.title'));
  const [days, setDays] = useState<DayRange>(30);
  const { active, created } = useDailyStats(days);
  const total = (s?: DailySeries) => (s ? formatBigNumber(s.Total, locale) : '—');

  return (
    <>
      <PageHeader title={t('ops.stats.title')} subtitle={t('ops.stats.subtitle')} extra={<DayRangeSwitch value={days} onChange={setDays} testId="stats-days" />} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <SeriesCard
            title={t('ops.stats.active')}
            hint={t('ops.stats.activeHint')}
            total={total(active)}
            totalLabel={t('ops.stats.totalActive')}
            series={active}
            kind="line"
            testId="stats-active"
          />
        </Col>
        <Col xs={24} xl={12}>
          <SeriesCard title={t('ops.stats.new')} total={total(created)} totalLabel={t('ops.stats.totalNew')} series={created} kind="column" testId="stats-new" />
        </Col>
      </Row>
    </>
  );
}
