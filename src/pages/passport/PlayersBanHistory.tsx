import { Card, Empty, Table, Tag, Tooltip, Typography } from 'antd';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { usePassportQuery } from './passport-api';
import { useRefetchOnChange } from './players-api';
import type { BanAction } from '../../../resources/players-api';

/**
 * On a user's or persona's page: its bans and unbans, newest first (GET /<kind>/:id/ban-actions). Asked again
 * whenever the record's version changes (a ban or unban on the page).
 */
function BanHistory({ record, appId, kind }: PanelProps & { kind: 'users' | 'personas' }) {
  const { t } = useLocale();
  const { data, loading, error, refetch } = usePassportQuery<{ total: number; banActions: BanAction[] }>(appId, `/${kind}/${encodeURIComponent(String(record.id))}/ban-actions`);
  useRefetchOnChange(refetch, record.version);
  return (
    <Card title={t('passportPlayers.bans.title')} size="small" data-testid="ban-history">
      <Table<BanAction>
        size="small"
        rowKey={(r) => `${r.at}-${r.action}`}
        loading={loading}
        dataSource={data?.banActions ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? 'passportPlayers.bans.loadFailed' : 'passportPlayers.bans.empty')} /> }}
        columns={[
          { title: t('passportPlayers.bans.at'), dataIndex: 'at', width: 180, render: (v: string) => formatDateTime(v) },
          {
            title: t('passportPlayers.bans.action'),
            dataIndex: 'action',
            width: 110,
            render: (a: BanAction['action']) => <Tag color={a === 'ban' ? 'red' : 'green'}>{t(`passportPlayers.bans.${a}`)}</Tag>,
          },
          { title: t('passportPlayers.bans.reason'), dataIndex: 'reason', render: (r: string | null) => r || '—' },
          {
            title: t('passportPlayers.bans.until'),
            dataIndex: 'until',
            width: 180,
            render: (u: string | null, row) => (row.action === 'ban' ? (u ? formatDateTime(u) : t('passportPlayers.bans.forever')) : '—'),
          },
          {
            title: t('passportPlayers.bans.actor'),
            dataIndex: 'actor',
            render: (a: string, row) =>
              row.automatic ? (
                <Typography.Text type="secondary">{t('passportPlayers.bans.automatic')}</Typography.Text>
              ) : (
                <Tooltip title={a}>
                  <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                    {a}
                  </Typography.Text>
                </Tooltip>
              ),
          },
        ]}
      />
    </Card>
  );
}

export const UserBanHistory = (props: PanelProps) => <BanHistory {...props} kind="users" />;
export const PersonaBanHistory = (props: PanelProps) => <BanHistory {...props} kind="personas" />;
