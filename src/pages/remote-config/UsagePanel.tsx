import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useCustom } from '@refinedev/core';
import { formatBigNumber, shanghaiDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { UsagePoint } from './UsageChart';

const UsageChart = lazy(() => import('./UsageChart'));

const RANGES = [7, 30, 90];

interface DayUsage {
  date: string;
  fetch: number;
  simulate: number;
}

interface Totals {
  fetch: number;
  simulate: number;
  total: number;
}

/**
 * Remote-config usage over the last 7, 30 or 90 days (Beijing dates): totals and calls per day.
 * `refreshKey` changes when the page itself made calls (a simulation), so the numbers follow.
 */
export function UsagePanel({ appId, refreshKey }: { appId: string; refreshKey: number }) {
  const { t, locale } = useLocale();
  const [days, setDays] = useState(7);
  const range = useMemo(() => ({ start: shanghaiDate(-(days - 1)), end: shanghaiDate(0) }), [days]);
  const meta = { service: 'remote-config', appId };
  const byDay = useCustom<{ items: DayUsage[] }>({ url: '/usages/date', method: 'get', config: { query: range }, meta, errorNotification: false });
  const totals = useCustom<Totals>({ url: '/usages/total', method: 'get', config: { query: range }, meta, errorNotification: false });

  const refetchDays = byDay.query.refetch;
  const refetchTotals = totals.query.refetch;
  useEffect(() => {
    if (refreshKey) {
      void refetchDays();
      void refetchTotals();
    }
  }, [refreshKey, refetchDays, refetchTotals]);

  const format = (n: number) => formatBigNumber(n, locale);
  const points: UsagePoint[] = (byDay.result.data?.items ?? []).flatMap((d) => [
    { date: d.date, meter: t('usage.fetch'), count: d.fetch },
    { date: d.date, meter: t('usage.simulate'), count: d.simulate },
  ]);
  const sum = totals.result.data;

  return (
    <Card
      title={t('usage.title')}
      extra={<Segmented size="small" value={days} onChange={(v) => setDays(Number(v))} options={RANGES.map((d) => ({ value: d, label: t('usage.range', { days: d }) }))} />}
      data-testid="usage-panel"
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {(['fetch', 'simulate', 'total'] as const).map((k) => (
          <Col span={8} key={k}>
            <Statistic title={t(`usage.${k}`)} value={sum ? format(sum[k]) : '—'} loading={totals.query.isLoading} />
          </Col>
        ))}
      </Row>
      {byDay.query.isLoading ? (
        <Skeleton active />
      ) : sum && sum.total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.empty')} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <UsageChart data={points} format={format} />
        </Suspense>
      )}
    </Card>
  );
}
