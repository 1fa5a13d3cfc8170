import { lazy, Suspense } from 'react';
import { Card, Col, Empty, Row, Skeleton, Statistic } from 'antd';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { levelLine, pointsOf, type SeriesPoint, type StoredSeries } from './session-series';

const SessionLine = lazy(() => import('./SessionLine'));

/** A measure over the session (x: seconds since the start, labelled at whole seconds). */
function SeriesChart({ data, seconds }: { data: SeriesPoint[]; seconds: (s: number) => string }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <SessionLine data={data} seconds={seconds} format={(n) => String(Math.round(n * 100) / 100)} />
    </Suspense>
  );
}

/**
 * On a profiling session's page: its frame time p50 / p95 / p99 (worked out by the server), frame time over the
 * session with the three percentiles as lines across it, memory, and GC time.
 */
export default function SessionChartsPanel({ record }: PanelProps) {
  const { t } = useLocale();
  const series = record.series as StoredSeries | undefined;
  if (!series?.t.length) return <Card title={t('upr.charts.title')}><Empty description={t('upr.charts.empty')} /></Card>;
  const seconds = (s: number) => t('upr.charts.seconds', { s });
  const p = (k: string) => (typeof record[k] === 'number' ? (record[k] as number) : undefined);
  const frames = [
    ...pointsOf(series, 'frameMs', t('upr.charts.frame')),
    ...levelLine(series, p('frameP50'), 'P50'),
    ...levelLine(series, p('frameP95'), 'P95'),
    ...levelLine(series, p('frameP99'), 'P99'),
  ];
  const memory = pointsOf(series, 'memoryMb', t('upr.charts.memorySeries'));
  const gc = pointsOf(series, 'gcMs', t('upr.charts.gcSeries'));
  return (
    <Card title={t('upr.charts.title')} data-testid="upr-session-charts">
      <Row gutter={[16, 16]}>
        {(['frameP50', 'frameP95', 'frameP99'] as const).map((k) => (
          <Col key={k} xs={8}>
            <Statistic title={k.replace('frame', '')} value={p(k) ?? '-'} suffix="ms" />
          </Col>
        ))}
        <Col xs={24}>
          <Card size="small" title={t('upr.charts.frameTime')}>
            <SeriesChart data={frames} seconds={seconds} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('upr.charts.memory')}>
            {memory.length ? <SeriesChart data={memory} seconds={seconds} /> : <Empty description={t('upr.charts.noMemory')} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('upr.charts.gc')}>
            {gc.some((g) => g.value > 0) ? <SeriesChart data={gc} seconds={seconds} /> : <Empty description={t('upr.charts.noGc')} />}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
