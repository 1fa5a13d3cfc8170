import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useCustom, type BaseRecord } from '@refinedev/core';
import type { RecordChartDecl, RecordChartSource } from '../../resources/types';
import { detailUrl, recordParentId } from '../../resources/view-call';
import { useLocale } from '../lib/useLocale';
import { chartIsEmpty, chartPoints, sourcedChartPoints } from './dashboard-data';
import { ChartBody } from './ChartBody';
import type { DeclaredScope } from './useDeclared';
import { useRefetchOnChange } from './useRefetchOnChange';


type Answer = Record<string, unknown>;

function ChartCard({ chart, children }: { chart: RecordChartDecl; children: React.ReactNode }) {
  const { text } = useLocale();
  return (
    <Col xs={24} lg={chart.span}>
      <Card title={text(chart.label)} size="small" data-testid="record-chart">
        {children}
      </Card>
    </Col>
  );
}

/** The charts of one `from` call: asked once for all of them, again on the record's version and every `refreshSeconds`. */
function SourcedCharts({ scope, record, from, charts }: { scope: DeclaredScope; record: BaseRecord; from: RecordChartSource; charts: RecordChartDecl[] }) {
  const { text, locale } = useLocale();
  const { service, decl, appId } = scope;
  const id = scope.idOf(record);
  const { query } = useCustom<Answer>({
    url: detailUrl(service, decl, from, id, recordParentId(decl, record)),
    method: 'get',
    config: { query: from.query },
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!id && !!appId, refetchInterval: from.refreshSeconds ? from.refreshSeconds * 1000 : false },
    errorNotification: false,
  });
  useRefetchOnChange(query.refetch, record.version);
  const answer = query.data?.data as Answer | undefined;
  if (!answer) return query.isFetching ? <ChartCard chart={charts[0]}><Skeleton active /></ChartCard> : null;
  const drawn = charts.map((chart) => ({ chart, points: sourcedChartPoints(chart, answer, locale) }));
  const anyItems = drawn.some(({ points }) => points !== undefined);
  if (!anyItems)
    return (
      <ChartCard chart={{ ...charts[0], label: charts[0].label, span: 24 }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(charts[0].empty)} />
      </ChartCard>
    );
  return (
    <>
      {drawn
        .filter(({ points }) => points && points.length > 0)
        .map(({ chart, points }) => (
          <ChartCard key={chart.list + chart.label.en} chart={chart}>
            <ChartBody chart={chart} points={points} />
          </ChartCard>
        ))}
    </>
  );
}

/**
 * The declared charts of a record's page (`ResourceDecl.charts`): from the record's own series, none while it has no
 * points; or from the answer of the declared call a chart's `from` names, one call per `from`.
 */
export function RecordCharts({ scope, record }: { scope: DeclaredScope; record: BaseRecord }) {
  const { locale } = useLocale();
  const declared = scope.decl.charts ?? [];
  const own = declared.filter((c) => !c.from).map((chart) => ({ chart, points: chartPoints(chart, record, locale) })).filter(({ points }) => !chartIsEmpty(points));
  const sources = new Map<string, { from: RecordChartSource; charts: RecordChartDecl[] }>();
  for (const chart of declared.filter((c) => c.from)) {
    const key = JSON.stringify(chart.from);
    sources.set(key, { from: chart.from!, charts: [...(sources.get(key)?.charts ?? []), chart] });
  }
  if (own.length === 0 && sources.size === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {own.map(({ chart, points }) => (
        <ChartCard key={chart.list + chart.label.en} chart={chart}>
          <ChartBody chart={chart} points={points} />
        </ChartCard>
      ))}
      {[...sources.entries()].map(([key, { from, charts }]) => (
        <SourcedCharts key={key} scope={scope} record={record} from={from} charts={charts} />
      ))}
    </Row>
  );
}
