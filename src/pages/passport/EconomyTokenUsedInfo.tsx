import { Card, Empty, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { findResource } from '../../../resources';
import { showPathOf } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { usePassportQuery } from './passport-api';
import { useRefetchOnChange } from './players-api';

interface Use {
  userId: string;
  personaId: string;
  redeemedAt: string;
}

/** A link to a player's record page when the console has one, else the id as text. */
function RecordLink({ resource, appId, id }: { resource: string; appId: string; id: string }) {
  const decl = findResource('passport', resource);
  const to = decl && showPathOf(decl, appId, id);
  return to ? <Link to={to}>{id}</Link> : <Typography.Text code>{id}</Typography.Text>;
}

/** On a redeem code's page: who redeemed it and when (GET /token/instances/:id/used-info). */
export default function EconomyTokenUsedInfo({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const { data, loading, error, refetch } = usePassportQuery<{ total: number; usedInfo: Use[] }>(appId, `/token/instances/${encodeURIComponent(String(record.id))}/used-info`);
  useRefetchOnChange(refetch, record.version);
  return (
    <Card
      title={t('passportEconomy.usedInfo.title')}
      size="small"
      extra={data && <Typography.Text type="secondary">{t('passportEconomy.usedInfo.summary', { count: data.total })}</Typography.Text>}
      data-testid="token-used-info"
    >
      <Table
        size="small"
        rowKey={(u) => `${u.personaId}-${u.redeemedAt}`}
        loading={loading}
        dataSource={data?.usedInfo ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error ? t('passportEconomy.usedInfo.loadFailed') : t('passportEconomy.usedInfo.empty')} /> }}
        columns={[
          { title: t('passportEconomy.usedInfo.user'), dataIndex: 'userId', render: (id: string) => <RecordLink resource="users" appId={appId} id={id} /> },
          { title: t('passportEconomy.usedInfo.persona'), dataIndex: 'personaId', render: (id: string) => <RecordLink resource="personas" appId={appId} id={id} /> },
          { title: t('passportEconomy.usedInfo.at'), dataIndex: 'redeemedAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Card>
  );
}
