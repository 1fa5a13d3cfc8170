import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { match } from '../../../resources/match';
import { matchConfigs } from '../../../resources/match/resources';
import { configTestBody } from '../../../resources/match/shapes';
import { itemUrl } from '../../../providers/crud';
import { request } from '../../../providers/http';
import { LazySchemaForm } from '../../engine/LazySchemaForm';
import { useLocale } from '../../lib/useLocale';
import type { DashboardPoint } from '../../engine/dashboard-data';
import type { PanelProps } from '../registry-types';

// The chart library is large: it loads with the first report.
const Chart = lazy(() => import('../../engine/DashboardChart'));

interface Bucket {
  from: number;
  to: number;
  tickets: number;
}

interface Report {
  tickets: number;
  matched: number;
  timedOut: number;
  matches: number;
  matchRate: number;
  wait: { p50: number; p90: number; max: number };
  waitHistogram: Bucket[];
  balance: { attribute: string; mean: number };
  balanceHistogram: Bucket[];
  timeline: { second: number; waiting: number; matched: number }[];
}

const FORM_ID = 'match-config-test';
const DEFAULT_INPUT = (configTestBody.examples as Record<string, unknown>[])[0];

/**
 * On a match config's page: the rule test (`POST <config>/test`, the config's declared command) run from its
 * declared form, and its report drawn — the match rate and waits as figures, the waiting times and team spreads as
 * columns, and the tickets waiting and matched over the run as lines.
 */
export default function ConfigTestPanel({ record, appId }: PanelProps) {
  const { t, locale } = useLocale();
  const [input, setInput] = useState<Record<string, unknown>>(DEFAULT_INPUT);
  const [report, setReport] = useState<Report>();
  const [running, setRunning] = useState(false);
  const int = (n: number) => n.toLocaleString(locale);
  const edge = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 1 });
  const columns = (buckets: Bucket[], series: string): DashboardPoint[] => buckets.map((b) => ({ x: `${edge(b.from)}–${edge(b.to)}`, series, value: b.tickets }));

  const run = async (values: Record<string, unknown>) => {
    setRunning(true);
    try {
      const url = `${itemUrl(match, matchConfigs, String(record.id), { parentId: appId })}/test`;
      setReport((await request<Report>(url, { method: 'POST', appId, body: values })) ?? undefined);
    } finally {
      setRunning(false);
    }
  };

  const timeline: DashboardPoint[] = (report?.timeline ?? []).flatMap((p) => [
    { x: String(p.second), series: t('match.test.waiting'), value: p.waiting },
    { x: String(p.second), series: t('match.test.matched'), value: p.matched },
  ]);

  return (
    <Card title={t('match.test.title')} data-testid="match-config-test">
      <Typography.Paragraph type="secondary">{t('match.test.intro')}</Typography.Paragraph>
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={8}>
          <LazySchemaForm id={FORM_ID} schema={configTestBody} formData={input} onChange={setInput} onSubmit={run} appId={appId} serviceName={match.name} />
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={running} data-testid="match-config-test-run">
            {t('match.test.run')}
          </Button>
        </Col>
        <Col xs={24} xl={16}>
          {!report ? (
            <Empty description={t('match.test.intro')} />
          ) : (
            <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="match-config-test-report">
              <Row gutter={16}>
                <Col span={6}>
                  <Statistic title={t('match.test.matchRate')} value={report.matchRate * 100} precision={1} suffix="%" />
                </Col>
                <Col span={6}>
                  <Statistic title={t('match.test.matches')} value={report.matches} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('match.test.waitP50')} value={report.wait.p50} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('match.test.waitP90')} value={report.wait.p90} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('match.test.timedOut')} value={report.timedOut} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('match.test.spread')} value={report.balance.attribute ? report.balance.mean : '—'} suffix={report.balance.attribute || undefined} />
                </Col>
              </Row>
              <Suspense fallback={<Skeleton active />}>
                <Typography.Title level={5}>{t('match.test.waits')}</Typography.Title>
                <Chart kind="columns" data={columns(report.waitHistogram, t('match.test.tickets'))} format={int} />
                <Typography.Title level={5}>{t('match.test.spreads')}</Typography.Title>
                {report.balance.attribute ? <Chart kind="columns" data={columns(report.balanceHistogram, t('match.test.matches'))} format={int} /> : <Typography.Text type="secondary">{t('match.test.noBalance')}</Typography.Text>}
                <Typography.Title level={5}>{t('match.test.timeline')}</Typography.Title>
                <Chart kind="line" data={timeline} format={int} />
              </Suspense>
            </Space>
          )}
        </Col>
      </Row>
    </Card>
  );
}
