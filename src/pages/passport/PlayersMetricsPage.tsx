import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Col, Empty, Row, Segmented, Skeleton, Statistic, Table, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { findResource } from '../../../resources';
import { PLAYERS_ROUTES } from '../../../resources/passport/players';
import { PageHeader } from '../../engine/PageHeader';
import { routeTo, showPathOf } from '../../engine/routes';
import { formatBigNumber, shanghaiDate } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePassportQuery } from './passport-api';
import type { MetricPoint } from './PlayersMetricsChart';

const PlayersMetricsChart = lazy(() => import('./PlayersMetricsChart'));

/** Duration filters of spec 002 §9. */
const RANGES = [7, 30, 90];

interface Aggregation {
  days: { day: string; dau: number; newUsers: number; signIns: number }[];
  totals: { activeUsers: number; newUsers: number; signIns: number };
}
interface TopK {
  items: { key: string; name: string | null; calls: number }[];
}
interface RateUsage {
  limit: number;
  calls: number;
  refused: number;
}

const usersDecl = findResource('passport', 'users')!;

/** `passport/account/metrics`: DAU (HyperLogLog), new users and sign-ins per day; top operations and players; the call limit now. */
export default function PlayersMetricsPage() {
  const { appId = '' } = useParams();
  const { t, locale } = useLocale();
  usePageTitle(t('passportPlayers.metrics.title'));
  const [days, setDays] = useState(7);
  const range = useMemo(() => ({ start: shanghaiDate(-(days - 1)), end: shanghaiDate(0) }), [days]);
  const aggregation = usePassportQuery<Aggregation>(appId, '/metrics/aggregation', { query: range });
  const operations = usePassportQuery<TopK>(appId, '/metrics/topk', { query: { ...range, by: 'operation', k: 10 } });
  const players = usePassportQuery<TopK>(appId, '/metrics/topk', { query: { ...range, by: 'player', k: 10 } });
  const usage = usePassportQuery<RateUsage>(appId, '/rate-limit/usage');
  const format = (n: number) => formatBigNumber(n, locale);
  const totals = aggregation.data?.totals;
  const points: MetricPoint[] = (aggregation.data?.days ?? []).flatMap((d) => [
    { day: d.day, series: t('passportPlayers.metrics.dau'), value: d.dau },
    { day: d.day, series: t('passportPlayers.metrics.newUsers'), value: d.newUsers },
    { day: d.day, series: t('passportPlayers.metrics.signIns'), value: d.signIns },
  ]);
  const callsColumn = { title: t('passportPlayers.metrics.calls'), dataIndex: 'calls', width: 120, align: 'right' as const, render: (n: number) => format(n) };
  const noCalls = { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportPlayers.metrics.noCalls')} /> };

  return (
    <>
      <PageHeader
        title={t('passportPlayers.metrics.title')}
        subtitle={t('passportPlayers.metrics.subtitle')}
        extra={<Segmented value={days} onChange={(v) => setDays(Number(v))} options={RANGES.map((d) => ({ value: d, label: t('passportPlayers.metrics.range', { days: d }) }))} data-testid="metrics-range" />}
      />
      <Row gutter={[16, 16]} align="stretch" style={{ marginBottom: 16 }}>
        {(['activeUsers', 'newUsers', 'signIns'] as const).map((k) => (
          <Col xs={24} sm={12} xl={6} key={k}>
            <Card style={{ height: '100%' }}>
              <Statistic title={t(`passportPlayers.metrics.${k}`)} value={totals ? format(totals[k]) : '—'} loading={aggregation.loading} data-testid={`metric-${k}`} />
            </Card>
          </Col>
        ))}
        <Col xs={24} sm={12} xl={6}>
          <Card style={{ height: '100%' }}>
            <Statistic
              title={t('passportPlayers.metrics.callsNow')}
              value={usage.data ? t('passportPlayers.metrics.callsNowValue', { calls: format(usage.data.calls), limit: format(usage.data.limit) }) : '—'}
              loading={usage.loading}
              data-testid="metric-rate"
            />
            {!!usage.data?.refused && <Typography.Text type="danger">{t('passportPlayers.metrics.refused', { count: usage.data.refused })}</Typography.Text>}
            <div>
              <Link to={`${routeTo(PLAYERS_ROUTES.settings, { appId })}?tab=rateLimit`}>
                <Button type="link" size="small" icon={<SettingOutlined />} style={{ padding: 0 }}>
                  {t('passportPlayers.metrics.limitSettings')}
                </Button>
              </Link>
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card title={t('passportPlayers.metrics.perDay')}>
            {aggregation.loading && !aggregation.data ? (
              <Skeleton active />
            ) : totals && totals.signIns === 0 && totals.activeUsers === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportPlayers.metrics.empty')} />
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <PlayersMetricsChart data={points} format={format} />
              </Suspense>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('passportPlayers.metrics.topOperations')}>
            <Table
              size="small"
              rowKey="key"
              loading={operations.loading}
              dataSource={operations.data?.items ?? []}
              pagination={false}
              locale={noCalls}
              columns={[{ title: t('passportPlayers.metrics.operation'), dataIndex: 'key', render: (k: string) => <Typography.Text code>{k}</Typography.Text> }, callsColumn]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('passportPlayers.metrics.topPlayers')}>
            <Table
              size="small"
              rowKey="key"
              loading={players.loading}
              dataSource={players.data?.items ?? []}
              pagination={false}
              locale={noCalls}
              columns={[
                {
                  title: t('passportPlayers.metrics.player'),
                  dataIndex: 'name',
                  render: (name: string | null, r: { key: string }) => {
                    const path = showPathOf(usersDecl, appId, r.key);
                    return path ? <Link to={path}>{name ?? r.key}</Link> : (name ?? r.key);
                  },
                },
                callsColumn,
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
