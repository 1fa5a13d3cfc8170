import { Link, useParams } from 'react-router';
import { Alert, Card, Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { findResource } from '../../../providers/services';
import { showPathOf } from '../../engine/routes';
import { useLocale } from '../../lib/useLocale';
import type { OverrideReason, SimulatedConfig, SimulatedOverride, Simulation } from './simulation';
import { translateServerMessage } from '../../../providers/i18n';

const MONO: React.CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

const REASON_COLORS: Record<OverrideReason, string> = {
  applied: 'success',
  disabled: 'default',
  'not-started': 'warning',
  ended: 'warning',
  'rule-false': 'default',
  'rule-error': 'error',
  'outside-rollout': 'purple',
  'no-variant': 'warning',
};

function Value({ config }: { config: SimulatedConfig }) {
  const { value, type } = config;
  if (type === 'BOOL' || typeof value === 'boolean') return <Tag color={value === true || value === 'true' ? 'green' : 'default'}>{String(value)}</Tag>;
  const text = typeof value === 'string' && type === 'STRING' ? value : JSON.stringify(value);
  return (
    <Typography.Text style={type === 'STRING' ? undefined : MONO} ellipsis={{ tooltip: text }}>
      {text}
    </Typography.Text>
  );
}

/** The playground's answer: the values the player gets, and for each override why it applied or not. */
export function SimulationResult({ result }: { result: Simulation }) {
  const { t } = useLocale();
  const { appId = '' } = useParams();
  const overrides = findResource('remote-config', 'overrides');
  const linkTo = (id: string | undefined, name: string | undefined) => {
    const path = id && overrides ? showPathOf(overrides, appId, id) : undefined;
    return path ? <Link to={path}>{name ?? id}</Link> : (name ?? id);
  };
  const overridden = result.configs.filter((c) => c.source === 'override').length;
  const applied = result.overrides.filter((o) => o.applied).length;
  const setsSomething = new Set(result.configs.map((c) => c.overrideId).filter(Boolean));

  return (
    <Flex vertical gap={16}>
      <Alert
        type={overridden ? 'success' : 'info'}
        showIcon
        data-testid="simulation-summary"
        message={t('playground.summary', { configs: result.configs.length, overridden, applied, total: result.overrides.length })}
      />
      <Card title={t('playground.settings')} size="small">
        <Table<SimulatedConfig>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={result.configs}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.noConfigs')} /> }}
          tableLayout="fixed"
          scroll={{ x: 640 }}
          rowClassName={(c) => (c.source === 'override' ? 'playground-overridden' : '')}
          columns={[
            { key: 'key', title: t('playground.key'), dataIndex: 'key', width: 190, ellipsis: true, render: (key: string) => <span style={MONO}>{key}</span> },
            { key: 'type', title: t('playground.type'), dataIndex: 'type', width: 86, render: (type: string) => <Tag>{type}</Tag> },
            { key: 'value', title: t('playground.value'), render: (_: unknown, c) => <Value config={c} /> },
            {
              key: 'source',
              title: t('playground.source'),
              width: 280,
              render: (_: unknown, c) =>
                c.source === 'override' ? (
                  <Flex gap={4} align="center" wrap>
                    <Tag color="blue">{t('playground.sourceOverride')}</Tag>
                    {linkTo(c.overrideId, c.overrideName)}
                    {c.variant && <Tag>{c.variant}</Tag>}
                  </Flex>
                ) : (
                  <Tag>{t('playground.sourceDefault')}</Tag>
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('playground.overrides')} size="small">
        <Table<SimulatedOverride>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={result.overrides}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.noOverrides')} /> }}
          tableLayout="fixed"
          scroll={{ x: 700 }}
          columns={[
            { key: 'priority', title: t('playground.priority'), dataIndex: 'priority', width: 72 },
            { key: 'name', title: t('playground.name'), ellipsis: true, render: (_: unknown, o) => linkTo(o.id, o.name) },
            {
              key: 'applied',
              title: t('playground.applied'),
              width: 84,
              render: (_: unknown, o) =>
                o.applied ? (
                  <CheckCircleFilled style={{ color: '#52c41a', fontSize: 16 }} aria-label={t('common.yes')} />
                ) : (
                  <MinusCircleOutlined style={{ color: '#bfbfbf', fontSize: 16 }} aria-label={t('common.no')} />
                ),
            },
            {
              key: 'reason',
              title: t('playground.reason'),
              width: 260,
              render: (_: unknown, o) => (
                <Flex vertical gap={2}>
                  <span>
                    <Tag color={REASON_COLORS[o.reason] ?? 'default'}>{t(`playground.reasons.${o.reason}`, { defaultValue: o.reason })}</Tag>
                  </span>
                  <Typography.Text type={o.reason === 'rule-error' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                    {o.reason === 'rule-error' && o.error
                      ? translateServerMessage(o.error)
                      : o.applied && !setsSomething.has(o.id)
                        ? t(o.unused?.length ? 'playground.setsNothing' : 'playground.noValues')
                        : t(`playground.reasonHints.${o.reason}`, { bucket: o.bucket ?? '—', defaultValue: '' })}
                  </Typography.Text>
                  {o.unused?.map((u) => (
                    <Typography.Text key={u.key} type="secondary" style={{ fontSize: 12 }} data-testid="unused-value">
                      <Typography.Text code>{u.key}</Typography.Text> {t(`playground.unused.${u.why}`, { by: u.by })}
                    </Typography.Text>
                  ))}
                </Flex>
              ),
            },
            {
              key: 'bucket',
              title: (
                <Tooltip title={t('playground.playerIdHint')}>
                  <span>{t('playground.bucket')}</span>
                </Tooltip>
              ),
              width: 70,
              render: (_: unknown, o) => (o.bucket === undefined ? '—' : o.bucket),
            },
            { key: 'variant', title: t('playground.variant'), width: 100, render: (_: unknown, o) => (o.variant ? <Tag>{o.variant}</Tag> : '—') },
          ]}
        />
      </Card>
    </Flex>
  );
}
