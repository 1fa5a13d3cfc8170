import { useState } from 'react';
import { Alert, Button, Flex, Popconfirm } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { toast } from '../../../providers/notification';
import { passport } from '../../../resources/passport';
import { rewardsView } from '../../../resources/passport/leaderboard-views';
import type { ResourceDecl } from '../../../resources/types';
import { useViewRows } from '../../engine/useViewRows';
import { ViewTable } from '../../engine/ViewTable';
import { useLocale } from '../../lib/useLocale';
import { callPassport } from './passport-api';

interface Props {
  appId: string;
  board: ResourceDecl;
  record: BaseRecord;
  /** The leaderboard's id. */
  boardId: string;
  version: number;
  current: boolean;
}

/** The rewards a closed version granted (`rewardsView`), with a reissue of the missing ones; for the current version, what will happen. */
export default function LeaderboardsRewardsTable({ current, ...props }: Props) {
  const { t } = useLocale();
  if (current) return <Alert type="info" showIcon message={t('passportLeaderboards.rewards.currentHint')} />;
  return <Rewards {...props} />;
}

function Rewards({ appId, board, record, boardId, version }: Omit<Props, 'current'>) {
  const { t } = useLocale();
  const [busy, setBusy] = useState(false);
  const view = { ...rewardsView, path: rewardsView.path.replace(':version', String(version)) };
  const state = useViewRows(passport, board, view, record, appId);

  const reissue = async () => {
    setBusy(true);
    try {
      const r = await callPassport<{ entitled: number; created: number }>(appId, 'leaderboards.reissueRewards', { id: boardId }, { version });
      toast('success', t('passportLeaderboards.rewards.reissued', r));
      void state.refetch();
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
      <div data-testid="leaderboard-rewards">
        <ViewTable service={passport} owner={board} view={view} state={state} appId={appId} />
      </div>
    </Flex>
  );
}
