import { useState } from 'react';
import { Flex, Input, Typography } from 'antd';
import { passport } from '../../../resources/passport';
import { rankingView } from '../../../resources/passport/leaderboard-views';
import type { ResourceDecl } from '../../../resources/types';
import { useRefetchOnChange } from '../../engine/useRefetchOnChange';
import { viewSummary } from '../../engine/view-columns';
import { ViewTable } from '../../engine/ViewTable';
import { useLocale } from '../../lib/useLocale';
import { callAddress, usePassportQuery } from './passport-api';
import type { RankingPage } from '../../../resources/leaderboards-api';

const { pageSize } = rankingView.paging;
/** A board of teams or entities has no player to name: its members are shown by id. */
const entityRanking = { ...rankingView, columns: rankingView.columns.filter((c) => c !== 'memberName') };

interface Props {
  appId: string;
  board: ResourceDecl;
  /** The leaderboard's id. */
  boardId: string;
  version: number;
  current: boolean;
  /** Player boards name each member and link to the player's page. */
  players: boolean;
  /** Changes when the ranking may have changed (a reset, an edit). */
  refreshKey: unknown;
}

/** A version's ranking (`rankingView`), paged on the server; a member can be looked up to show the page around them. */
export default function LeaderboardsRankingTable({ appId, board, boardId, version, current, players, refreshKey }: Props) {
  const { t, text, locale } = useLocale();
  const [page, setPage] = useState(1);
  const [member, setMember] = useState<string>();
  const url = current ? callAddress('leaderboards.ranking', { id: boardId }) : callAddress('leaderboards.versionRanking', { id: boardId, versionId: version });
  const query = member ? { count: pageSize, memberId: member } : { count: pageSize, start: (page - 1) * pageSize };
  const { data, loading, error, refetch } = usePassportQuery<RankingPage>(appId, url, { query });
  useRefetchOnChange(refetch, refreshKey);
  const notFound = !!member && error?.statusCode === 404;
  const state = {
    rows: notFound ? [] : ((data?.scores ?? []) as unknown as Record<string, unknown>[]),
    total: data?.total,
    loading,
    error: notFound ? null : error,
    page: member && data ? Math.floor(data.start / pageSize) + 1 : page,
    setPage: (p: number) => {
      setMember(undefined);
      setPage(p);
    },
    refetch,
  };
  const find = (value: string) => {
    setMember(value.trim() || undefined);
    if (!value.trim()) setPage(1);
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
        <Typography.Text type="secondary">
          {[viewSummary(rankingView, data?.total, text, locale), t('passportLeaderboards.ranking.ties')].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Flex>
      {notFound && <Typography.Text type="warning">{t('passportLeaderboards.ranking.notFound')}</Typography.Text>}
      <div data-testid="leaderboard-ranking">
        <ViewTable
          service={passport}
          owner={board}
          view={players ? rankingView : entityRanking}
          state={state}
          appId={appId}
          emptyText={current ? t('passportLeaderboards.ranking.emptyCurrent') : undefined}
          rowProps={(row) => ({ 'data-testid': `ranking-row-${String(row.rank)}`, className: row.memberId === member ? 'ant-table-row-selected' : undefined }) as object}
        />
      </div>
    </Flex>
  );
}
