import { Col, Descriptions, Drawer, Empty, Row, Table, Typography, theme } from 'antd';
import type { OperationEntry } from '../../../resources/ops-api';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { ActionLabel } from './ActionLabel';
import { ActorTag } from './ActorTag';
import { changedFields, inline } from './diff';

function JsonBlock({ title, value, testId }: { title: string; value: unknown; testId: string }) {
  const { token } = theme.useToken();
  const { t } = useLocale();
  return (
    <>
      <Typography.Text strong>{title}</Typography.Text>
      <pre
        data-testid={testId}
        style={{
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
          padding: 12,
          marginTop: 8,
          maxHeight: 360,
          overflow: 'auto',
          fontSize: 12,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {value === null || value === undefined ? t('ops.history.nothing') : JSON.stringify(value, null, 2)}
      </pre>
    </>
  );
}

/** One operation: who, what, when, the fields it changed, and the record before and after as JSON. */
export function OperationDrawer({ entry, onClose }: { entry?: OperationEntry; onClose: () => void }) {
  const { t } = useLocale();
  const changes = entry ? changedFields(entry.Before, entry.After) : [];
  const reported = entry?.Service
    ? [
        { key: 'service', label: t('ops.history.service'), children: entry.Service },
        { key: 'title', label: t('ops.history.subject'), children: entry.Title || '—' },
        { key: 'template', label: t('ops.history.template'), children: entry.Template || '—' },
        { key: 'user', label: t('ops.history.userName'), children: entry.UserName || '—' },
      ]
    : [];

  return (
    <Drawer open={!!entry} onClose={onClose} width={760} title={t('ops.history.detail')} destroyOnHidden>
      {entry && (
        <div data-testid="operation-drawer">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'at', label: t('ops.history.columns.at'), children: formatDateTime(entry.At) },
              { key: 'actor', label: t('ops.history.columns.actor'), children: <ActorTag actor={entry.Actor} /> },
              ...(entry.AppId ? [{ key: 'app', label: t('ops.history.columns.app'), children: `${entry.AppName ?? ''} (${entry.AppId})` }] : []),
              { key: 'action', label: t('ops.history.columns.action'), children: <ActionLabel action={entry.Action} withCode /> },
              { key: 'target', label: t('ops.history.columns.target'), children: <Typography.Text copyable>{entry.Target}</Typography.Text> },
              ...reported,
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('ops.history.changes')}
          </Typography.Title>
          {changes.length ? (
            <Table
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={changes}
              data-testid="operation-changes"
              columns={[
                { title: t('ops.history.field'), dataIndex: 'field', width: 160, render: (f: string) => <Typography.Text code>{f || '—'}</Typography.Text> },
                { title: t('ops.history.before'), dataIndex: 'before', render: (v: unknown) => <Typography.Text delete={v !== undefined} type="secondary">{inline(v)}</Typography.Text> },
                { title: t('ops.history.after'), dataIndex: 'after', render: (v: unknown) => <Typography.Text>{inline(v)}</Typography.Text> },
              ]}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.history.noChanges')} />
          )}
          {(entry.Before !== null || entry.After !== null) && (
            <Row gutter={16} style={{ marginTop: 24 }}>
              <Col xs={24} md={12}>
                <JsonBlock title={t('ops.history.before')} value={entry.Before} testId="operation-before" />
              </Col>
              <Col xs={24} md={12}>
                <JsonBlock title={t('ops.history.after')} value={entry.After} testId="operation-after" />
              </Col>
            </Row>
          )}
        </div>
      )}
    </Drawer>
  );
}
