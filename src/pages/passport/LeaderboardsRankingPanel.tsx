import { lazy, Suspense, useState } from 'react';
import { Alert, App, Button, Card, Flex, Select, Skeleton, Tabs, Typography } from 'antd';
import { toast } from '../../../providers/notification';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { callAddress, callPassport, usePassportQuery, useRefreshResource } from './passport-api';
import { useRefetchOnChange } from '../../engine/useRefetchOnChange';
import type { Schedule, VersionView } from '../../../resources/leaderboards-api';
import { passport } from '../../../resources/passport';
import LeaderboardsRankingTable from './LeaderboardsRankingTable';

const LeaderboardsRewardsTable = lazy(() => import('./LeaderboardsRewardsTable'));
const LeaderboardsScheduleEditor = lazy(() => import('./LeaderboardsScheduleEditor'));
const board = passport.resources.find((r) => r.name === 'leaderboards')!;

interface ResetAnswer {
  archivedVersion: number;
  currentVersion: number;
  rewards: { entitled: number; created: number };
}

/**
 * On a leaderboard's page: its versions (the current one and the archived ones), the chosen version's ranking and
 * rewards, the reset schedule, and a reset.
 */
export default function LeaderboardsRankingPanel({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const { modal } = App.useApp();
  const refreshBoard = useRefreshResource('leaderboards');
  const boardId = String(record.id);
  const currentVersion = Number(record.currentVersion ?? 1);
  const [chosen, setChosen] = useState<number>();
  const [resetting, setResetting] = useState(false);
  const versions = usePassportQuery<{ total: number; versions: VersionView[] }>(appId, callAddress('leaderboards.versions', { id: boardId }), { query: { count: 100 } });
  useRefetchOnChange(versions.refetch, record.version);

  const version = chosen ?? currentVersion;
  const shown = versions.data?.versions.find((v) => v.version === version);
  const current = version === currentVersion;
  const live = versions.data?.versions.find((v) => v.current);
  const refreshKey = `${String(record.version)}:${version}`;

  const reset = () =>
    modal.confirm({
      title: t('passportLeaderboards.reset.title'),
      content: t('passportLeaderboards.reset.content', { version: currentVersion, next: currentVersion + 1, count: live?.memberCount ?? 0 }),
      okText: t('passportLeaderboards.reset.ok'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'leaderboard-reset-confirm' } as Record<string, string>) },
      onOk: async () => {
        setResetting(true);
        try {
          const answer = await callPassport<ResetAnswer>(appId, 'leaderboards.reset', { id: boardId });
          toast('success', t('passportLeaderboards.reset.done', { archived: answer.archivedVersion, created: answer.rewards.created }));
          setChosen(undefined);
          await refreshBoard();
          void versions.refetch();
        } catch {
          // The shared toast has said why.
        } finally {
          setResetting(false);
        }
      },
    });

  const versionLabel = (v: VersionView) =>
    v.current
      ? t('passportLeaderboards.panel.versionCurrent', { version: v.version })
      : t('passportLeaderboards.panel.versionArchived', { version: v.version, ended: formatDateTime(v.endedAt, 'YYYY-MM-DD HH:mm'), count: v.memberCount });

  return (
    <Card
      title={t('passportLeaderboards.panel.title')}
      data-testid="leaderboard-panel"
      extra={
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{t('passportLeaderboards.panel.version')}</Typography.Text>
          <Select<number>
            value={version}
            onChange={setChosen}
            loading={versions.loading}
            style={{ minWidth: 280 }}
            options={(versions.data?.versions ?? []).map((v) => ({ value: v.version, label: versionLabel(v) }))}
            data-testid="leaderboard-version"
          />
          <Button danger onClick={reset} loading={resetting} data-testid="leaderboard-reset">
            {t('passportLeaderboards.reset.button')}
          </Button>
        </Flex>
      }
    >
      {!current && shown?.endedAt && (
        <Alert style={{ marginBottom: 12 }} type="info" showIcon message={t('passportLeaderboards.panel.archivedHint', { version, ended: formatDateTime(shown.endedAt) })} />
      )}
      <Tabs
        items={[
          {
            key: 'ranking',
            label: t('passportLeaderboards.panel.tabs.ranking'),
            children: (
              <LeaderboardsRankingTable
                appId={appId}
                board={board}
                boardId={boardId}
                version={version}
                current={current}
                players={record.memberType === 'Player'}
                refreshKey={refreshKey}
              />
            ),
          },
          {
            key: 'rewards',
            label: t('passportLeaderboards.panel.tabs.rewards'),
            children: (
              <Suspense fallback={<Skeleton active />}>
                <LeaderboardsRewardsTable key={version} appId={appId} board={board} record={record} boardId={boardId} version={version} current={current} />
              </Suspense>
            ),
          },
          {
            key: 'schedule',
            label: t('passportLeaderboards.panel.tabs.schedule'),
            children: (
              <Suspense fallback={<Skeleton active />}>
                <LeaderboardsScheduleEditor
                  appId={appId}
                  boardId={boardId}
                  schedule={record.schedule as Schedule | undefined}
                  recordVersion={Number(record.version)}
                  onChanged={() => void refreshBoard()}
                />
              </Suspense>
            ),
          },
        ]}
      />
    </Card>
  );
}
