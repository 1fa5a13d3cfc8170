import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, Col, Empty, Flex, Row, Segmented, Skeleton, Statistic } from 'antd';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { ACROSS_APPS_USAGE_PATH, AMOUNT, usageView, type AcrossAppsUsage } from '../../resources/across-apps-usage';
import { formatAmount, formatBigNumber } from '../lib/format';
import { LAST_24_HOURS, LONG_DURATION_FILTERS } from '../lib/timeFilters';
import { useLocale } from '../lib/useLocale';
import { useAnswerRows } from './useAnswerRows';
import { ViewTable } from './ViewTable';

const StackedColumns = lazy(() => import('../pages/metering/charts').then((m) => ({ default: m.StackedColumns })));

/** The periods to choose from: the last 24 hours (per hour), 7 / 30 / 90 days, the previous week and month. */
const PERIODS = [LAST_24_HOURS, ...LONG_DURATION_FILTERS];
const DEFAULT_PERIOD = '30d';

/**
 * The usage tab of a back-office page across apps (`acrossApps.usage`): over the period chosen, each of the service's
 * meters in all and per period (a chart each), and per app with its organisation and the amount at list price (the
 * engine's view table).
 */
export function AcrossAppsUsage({ service, owner }: { service: ServiceDecl; owner: ResourceDecl }) {
  const { t, text, locale } = useLocale();
  const [period, setPeriod] = useState(DEFAULT_PERIOD);
  const range = useMemo(() => PERIODS.find((p) => p.key === period)!.range(), [period]);
  const view = useMemo(() => usageView(service), [service]);
  const { answer: usage, read: query, rowsOf } = useAnswerRows<AcrossAppsUsage>(service, `${service.base}${ACROSS_APPS_USAGE_PATH}`, { ...range });
  const meters = service.meters ?? [];
  // Large quantities as people read them (12.3K); fractions of a unit (a few MB of traffic in GB) with their digits.
  const number = (n: number) => (n === 0 || Math.abs(n) >= 1 ? formatBigNumber(n, locale) : String(Number(n.toPrecision(3))));
  const x = (p: string) => (usage?.granularity === 'hour' ? p.slice(11) : p.slice(5));

  return (
    <Flex vertical gap={16} data-testid="across-apps-usage">
      <Flex justify="flex-end">
        <Segmented
          data-testid="across-apps-usage-period"
          aria-label={t('ops.acrossApps.usagePeriod')}
          value={period}
          onChange={(v) => setPeriod(String(v))}
          options={PERIODS.map((p) => ({ value: p.key, label: text(p.label) }))}
        />
      </Flex>
      <Card>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('ops.acrossApps.usageApps')} value={usage?.all.apps ?? '-'} loading={query.isLoading} />
          </Col>
          {meters.map((m) => (
            <Col key={m.meter} xs={12} md={6}>
              <Statistic title={`${text(m.label)} (${text(m.unit)})`} value={usage ? number(Number(usage.all[m.meter])) : '-'} loading={query.isLoading} />
            </Col>
          ))}
          <Col xs={12} md={6}>
            <Statistic title={t('ops.acrossApps.usageAmount')} value={usage ? formatAmount(usage.all[AMOUNT]) : '-'} loading={query.isLoading} />
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        {meters.map((m) => {
          const points = (usage?.series ?? []).filter((s) => s.meter === m.meter);
          return (
            <Col key={m.meter} xs={24} xl={12}>
              <Card title={`${text(m.label)} (${text(m.unit)})`} data-testid={`across-apps-usage-chart-${m.meter}`}>
                {!usage ? (
                  <Skeleton active />
                ) : points.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.acrossApps.usageNone')} />
                ) : (
                  <Suspense fallback={<Skeleton active />}>
                    <StackedColumns height={220} format={number} xLabel={x} data={points.map((p) => ({ x: p.period, series: text(m.label), value: p.units }))} />
                  </Suspense>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card title={t('ops.acrossApps.usageByApp')} extra={t('ops.acrossApps.usageHint')} data-testid="across-apps-usage-apps">
        <ViewTable service={service} owner={owner} view={view} appId="" state={rowsOf(usage?.items)} />
      </Card>
    </Flex>
  );
}
