import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Col, Result, Row, Segmented, Statistic, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import { isApiError, type ApiError } from '../../providers/http';
import type { DashboardChartDecl, DashboardDecl, DashboardFigureDecl, DashboardTableDecl, PageDecl, ServiceDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { chartPoints, figureText, fillAnswer, sourceQuery } from './dashboard-data';
import { ChartBody } from './ChartBody';
import { PageHeader } from './PageHeader';
import { routeTo } from './routes';
import { valueAtPath } from './view-cells';
import { ViewTable } from './ViewTable';
import type { ViewRowsState } from './useViewRows';


type Answer = Record<string, unknown>;

interface Where {
  service: ServiceDecl;
  dashboard: DashboardDecl;
  days: number;
  appId: string;
}

/**
 * A dashboard source's answer for the days chosen. Every figure and block reads its own source: calls of one source
 * share one request. A refusal (4xx) is not retried.
 */
function useSource({ service, dashboard, days, appId }: Where, name: string) {
  const source = dashboard.sources[name];
  if (!source) throw new Error(`${service.name} dashboard: no source "${name}"`);
  const query = useMemo(() => sourceQuery(source, days), [source, days]);
  const { query: result } = useCustom<Answer>({
    url: source.path,
    method: 'get',
    config: { query },
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  const error = (result.error ?? null) as ApiError | null;
  return { answer: result.data?.data as Answer | undefined, loading: result.isFetching, error, refetch: result.refetch };
}

function Figure({ where, figure }: { where: Where; figure: DashboardFigureDecl }) {
  const { t, text, locale } = useLocale();
  const { answer, loading } = useSource(where, figure.source);
  const refused = figure.note && answer ? Number(valueAtPath(answer, figure.note.when) ?? 0) : 0;
  return (
    <Card style={{ height: '100%' }} size="small">
      <Statistic title={text(figure.label)} value={figureText(figure, answer, locale) ?? t('common.empty')} loading={loading && !answer} />
      {refused > 0 && <Typography.Text type="danger">{fillAnswer(text(figure.note!.text), answer, locale)}</Typography.Text>}
      {figure.link && (
        <div>
          <Link to={`${routeTo(figure.link.route, { appId: where.appId })}${figure.link.search ?? ''}`}>
            <Button type="link" size="small" style={{ padding: 0 }}>
              {text(figure.link.label)}
            </Button>
          </Link>
        </div>
      )}
    </Card>
  );
}

function Chart({ where, chart }: { where: Where; chart: DashboardChartDecl }) {
  const { text, locale } = useLocale();
  const { answer, loading } = useSource(where, chart.source);
  const points = chartPoints(chart, answer, locale);
  return (
    <Card title={text(chart.label)} size="small">
      <ChartBody chart={chart} points={points} waiting={loading && !answer} />
    </Card>
  );
}

function Table({ where, table }: { where: Where; table: DashboardTableDecl }) {
  const { text, locale } = useLocale();
  const { answer, loading, error, refetch } = useSource(where, table.source);
  const rows = valueAtPath(answer, table.listKey);
  const state: ViewRowsState = { rows: Array.isArray(rows) ? rows : [], total: undefined, loading, error, page: 1, setPage: () => {}, refetch };
  return (
    <Card title={text(table.label)} size="small" extra={answer && table.summary && fillAnswer(text(table.summary), answer, locale)} data-testid={`dashboard-${table.name}`}>
      <ViewTable service={where.service} owner={where.service.resources[0]} view={table} state={state} appId={where.appId} />
    </Card>
  );
}

/**
 * A service's dashboard (`PageDecl.dashboard`): the days to cover above it, a row of figures, then its charts and
 * tables in a grid, each read from its declared call; the page says so (with a retry) when its first call fails.
 */
export default function DashboardPage({ service, page }: { service: ServiceDecl; page: PageDecl & { dashboard: DashboardDecl } }) {
  const { appId = '' } = useParams();
  const { t, text } = useLocale();
  const { dashboard } = page;
  usePageTitle(text(page.label));
  const [days, setDays] = useState(dashboard.defaultDays);
  const where = { service, dashboard, days, appId };
  const first = useSource(where, Object.keys(dashboard.sources)[0]);

  const header = (
    <PageHeader
      title={text(page.label)}
      subtitle={dashboard.subtitle && text(dashboard.subtitle)}
      extra={
        <Segmented
          data-testid="dashboard-days"
          aria-label={text(page.label)}
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={dashboard.days.map((d) => ({ value: d, label: t('engine.lastDays', { days: d }) }))}
        />
      }
    />
  );
  if (first.error && !first.answer) {
    return (
      <>
        {header}
        <Result status="warning" title={t('errors.loadFailed')} extra={<Button onClick={() => void first.refetch()}>{t('errors.retry')}</Button>} />
      </>
    );
  }
  return (
    <div data-testid="dashboard">
      {header}
      <Row gutter={[16, 16]} align="stretch">
        {dashboard.figures.map((figure) => (
          <Col xs={24} sm={12} xl={Math.max(6, Math.floor(24 / dashboard.figures.length))} key={figure.label.en}>
            <Figure where={where} figure={figure} />
          </Col>
        ))}
        {dashboard.blocks.map((block) => (
          <Col xs={24} xl={block.span} key={block.label.en}>
            {block.kind === 'table' ? <Table where={where} table={block} /> : <Chart where={where} chart={block} />}
          </Col>
        ))}
      </Row>
    </div>
  );
}
