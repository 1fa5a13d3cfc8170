import { lazy, Suspense } from 'react';
import { Card, Col, Row, Skeleton } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useLocale } from '../lib/useLocale';
import { chartFormat, chartIsEmpty, chartPoints } from './dashboard-data';
import type { DeclaredScope } from './useDeclared';

const DashboardChart = lazy(() => import('./DashboardChart'));

/** The declared charts of a record's page (`ResourceDecl.charts`), from the record's own series; none while it has no points. */
export function RecordCharts({ scope, record }: { scope: DeclaredScope; record: BaseRecord }) {
  const { text, locale } = useLocale();
  const charts = (scope.decl.charts ?? []).map((chart) => ({ chart, points: chartPoints(chart, record, locale) })).filter(({ points }) => !chartIsEmpty(points));
  if (charts.length === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {charts.map(({ chart, points }) => (
        <Col key={chart.list + chart.label.en} xs={24} lg={chart.span}>
          <Card title={text(chart.label)} size="small" data-testid="record-chart">
            <Suspense fallback={<Skeleton active />}>
              <DashboardChart kind={chart.kind} data={points} format={chartFormat(chart, locale)} />
            </Suspense>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
