import { useState } from 'react';
import { Alert, Button, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { toast } from '../../../providers/notification';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { passportCall, usePassportQuery } from './passport-api';
import { useRefetchOnChange } from '../../engine/useRefetchOnChange';
import type { RewardView } from './leaderboards-api';

const PAGE_SIZE = 20;

interface Props {
  appId: string;
  path: string;
  version: number;
  current: boolean;
  refreshKey: unknown;
}

/** The rewards a closed version granted, with a reissue of the missing ones; for the current version, what will happen. */
export default function LeaderboardsRewardsTable({ appId, path, version, current, refreshKey }: Props) {
  const { t, locale } = useLocale();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const { data, loading, error, refetch } = usePassportQuery<{ total: number; rewards: RewardView[] }>(appId, current ? undefined : `${path}/versions/${version}/rewards`, {
    query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE },
  });
  useRefetchOnChange(refetch, refreshKey);
  if (current) return <Alert type="info" showIcon message={t('passportLeaderboards.rewards.currentHint')} />;

  const reissue = async () => {
    setBusy(true);
    try {
      const r = await passportCall<{ entitled: number; created: number }>(appId, 'POST', `${path}/rewards/reissue`, { version });
      toast('success', t('passportLeaderboards.rewards.reissued', r));
      void refetch();
    } catch {
      // The shared toast has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        <Popconfirm title={t('passportLeaderboards.rewards.reissueConfirm', { version })} onConfirm={reissue}>
          <Button loading={busy} data-testid="leaderboard-reissue">
            {t('passportLeaderboards.rewards.reissue')}
          </Button>
        </Popconfirm>
      </Flex>
      <Table<RewardView>
        size="small"
        rowKey="memberId"
        loading={loading}
        dataSource={data?.rewards ?? []}
        data-testid="leaderboard-rewards"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(error ? 'passportLeaderboards.panel.loadFailed' : 'passportLeaderboards.rewards.empty')} /> }}
        columns={[
          { title: t('passportLeaderboards.rewards.rank'), dataIndex: 'rank', width: 90, render: (r: number) => r.toLocaleString(locale) },
          { title: t('passportLeaderboards.rewards.member'), dataIndex: 'memberId', render: (id: string) => <Typography.Text code>{id}</Typography.Text> },
          { title: t('passportLeaderboards.rewards.tier'), dataIndex: 'tier', width: 120, render: (tier: string | null) => (tier ? <Tag color="blue">{tier}</Tag> : '—') },
          {
            title: t('passportLeaderboards.rewards.items'),
            dataIndex: 'items',
            render: (items: RewardView['items']) => (
              <Space size={4} wrap>
                {items.map((i) => (
                  <Tag key={i.resource}>
                    {i.resource} × {i.amount.toLocaleString(locale)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: t('passportLeaderboards.rewards.grantedAt'), dataIndex: 'createdAt', width: 190, render: (at: string) => formatDateTime(at) },
        ]}
      />
    </Flex>
  );
}
