import { useState } from 'react';
import { Link } from 'react-router';
import { Empty, Flex, Input, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePassportQuery } from './passport-api';
import { useRefetchOnChange } from '../../engine/useRefetchOnChange';
import type { RankingPage, Standing } from './leaderboards-api';

const PAGE_SIZE = 20;
const MEDALS = ['gold', 'silver', '#cd7f32'];

interface Props {
  appId: string;
  /** The board's path under the passport base. */
  path: string;
  version: number;
  current: boolean;
  /** Player boards link each member to the player's page. */
  players: boolean;
  /** Changes when the ranking may have changed (a reset, an edit). */
  refreshKey: unknown;
}

/** A version's ranking, paged on the server; a member can be looked up to show the page around them. */
export default function LeaderboardsRankingTable({ appId, path, version, current, players, refreshKey }: Props) {
  const { t, locale } = useLocale();
  const [page, setPage] = useState(1);
  const [member, setMember] = useState<string>();
  const base = current ? `${path}/scores` : `${path}/versions/${version}/scores`;
  const query = member ? { count: PAGE_SIZE, memberId: member } : { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE };
  const { data, loading, error, refetch } = usePassportQuery<RankingPage>(appId, base, { query });
  useRefetchOnChange(refetch, refreshKey);
  const notFound = !!member && error?.statusCode === 404;
  const shownPage = member && data ? Math.floor(data.start / PAGE_SIZE) + 1 : page;
  const number = (n: number) => n.toLocaleString(locale);

  const find = (value: string) => {
    const id = value.trim();
    setMember(id || undefined);
    if (!id) setPage(1);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Input.Search
          allowClear
          placeholder={t('passportLeaderboards.ranking.find')}
          title={t('passportLeaderboards.ranking.findHint')}
          onSearch={find}
          style={{ maxWidth: 360 }}
          maxLength={64}
          status={notFound ? 'warning' : undefined}
          data-testid="leaderboard-find-member"
        />
        <Typography.Text type="secondary">{t('passportLeaderboards.ranking.ties')}</Typography.Text>
      </Flex>
      {notFound && <Typography.Text type="warning">{t('passportLeaderboards.ranking.notFound')}</Typography.Text>}
      <Table<Standing>
        size="small"
        rowKey="memberId"
        loading={loading}
        dataSource={notFound ? [] : (data?.scores ?? [])}
        data-testid="leaderboard-ranking"
        rowClassName={(r) => (r.memberId === member ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({ 'data-testid': `ranking-row-${r.rank}` }) as object}
        pagination={{
          current: shownPage,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => t('passportLeaderboards.ranking.total', { total: number(total) }),
          onChange: (p) => {
            setMember(undefined);
            setPage(p);
          },
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={error && !notFound ? t('passportLeaderboards.panel.loadFailed') : t(current ? 'passportLeaderboards.ranking.emptyCurrent' : 'passportLeaderboards.ranking.empty')}
            />
          ),
        }}
        columns={[
          {
            title: t('passportLeaderboards.ranking.rank'),
            dataIndex: 'rank',
            width: 90,
            render: (rank: number) => (rank <= 3 ? <Tag color={MEDALS[rank - 1]}>{rank}</Tag> : number(rank)),
          },
          {
            title: t('passportLeaderboards.ranking.member'),
            dataIndex: 'memberId',
            render: (id: string, r) => {
              const code = <Typography.Text code>{id}</Typography.Text>;
              if (!players) return code;
              const to = `/services/${encodeURIComponent(appId)}/passport/account/user/${encodeURIComponent(id)}`;
              return r.memberName ? (
                <Flex gap={8} align="baseline" wrap>
                  <Link to={to}>{r.memberName}</Link>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {id}
                  </Typography.Text>
                </Flex>
              ) : (
                <Link to={to}>{code}</Link>
              );
            },
          },
          { title: t('passportLeaderboards.ranking.score'), dataIndex: 'score', align: 'right', width: 160, render: (s: number) => number(s) },
          { title: t('passportLeaderboards.ranking.tier'), dataIndex: 'tier', width: 140, render: (tier: string | null) => (tier ? <Tag color="blue">{tier}</Tag> : '—') },
          { title: t('passportLeaderboards.ranking.reachedAt'), dataIndex: 'reachedAt', width: 190, render: (at: string) => formatDateTime(at) },
        ]}
      />
    </Flex>
  );
}
