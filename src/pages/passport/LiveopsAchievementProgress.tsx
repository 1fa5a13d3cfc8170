import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Card, Empty, Flex, Progress, Segmented, Table, Tag, Typography } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePassportQuery, type Page, type Reward } from './passport-api';
import { PersonaPicker } from './LiveopsPersonaPicker';
import { RewardTags } from './LiveopsRewards';

type Standing = {
  achievementId: string;
  name: string;
  slugName: string;
  category: string;
  series: string;
  goal: number;
  hidden: boolean;
  rewards: Reward[];
  progress: number;
  achievementStatus: 'achieved' | 'not_achieved';
  redeemStatus: 'redeemed' | 'not_redeemed';
  achievedAt: string | null;
  redeemedAt: string | null;
};

const STATES = ['all', 'achieved', 'not_achieved', 'redeemed', 'not_redeemed'] as const;
const PAGE_SIZE = 20;

/** `passport/achievements/management`: one persona's progress on every released achievement, by state. */
export default function LiveopsAchievementProgress() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { t } = useLocale();
  usePageTitle(t('passportLiveops.progress.title'));
  const personaId = params.get('persona') ?? undefined;
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [page, setPage] = useState(1);
  const { data, loading } = usePassportQuery<Page<'achievements', Standing>>(appId, personaId ? `/personas/${encodeURIComponent(personaId)}/achievements` : undefined, {
    query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE, state: state === 'all' ? undefined : state },
  });
  const choose = (id: string | string[] | undefined) => {
    setPage(1);
    setParams(typeof id === 'string' ? { persona: id } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('passportLiveops.progress.title')} subtitle={t('passportLiveops.progress.subtitle')} />
      <Card>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <PersonaPicker appId={appId} value={personaId} onChange={choose} testId="progress-persona" />
          <Segmented
            value={state}
            onChange={(v) => { setState(v as (typeof STATES)[number]); setPage(1); }}
            options={STATES.map((s) => ({ value: s, label: t(`passportLiveops.progress.states.${s}`) }))}
          />
        </Flex>
        {!personaId ? (
          <Empty description={t('passportLiveops.progress.choose')} />
        ) : (
          <Table<Standing>
            rowKey="achievementId"
            loading={loading}
            dataSource={data?.achievements ?? []}
            data-testid="progress-table"
            locale={{ emptyText: t('passportLiveops.progress.empty') }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            scroll={{ x: 1000 }}
            columns={[
              {
                title: t('passportLiveops.progress.achievement'),
                key: 'name',
                render: (_, a) => (
                  <Flex vertical>
                    <span>{a.name} {a.hidden && <Tag>{t('passportLiveops.progress.hidden')}</Tag>}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>{a.slugName}</Typography.Text>
                  </Flex>
                ),
              },
              { title: t('passportLiveops.progress.category'), key: 'group', render: (_, a) => [a.category, a.series].filter(Boolean).join(' / ') || '—' },
              {
                title: t('passportLiveops.progress.progress'),
                key: 'progress',
                width: 220,
                render: (_, a) => <Progress percent={Math.floor((a.progress / a.goal) * 100)} size="small" format={() => `${a.progress} / ${a.goal}`} />,
              },
              {
                title: t('passportLiveops.progress.state'),
                key: 'state',
                render: (_, a) => (
                  <Flex gap={4} wrap>
                    <Tag color={a.achievementStatus === 'achieved' ? 'green' : 'default'}>{t(`passportLiveops.progress.states.${a.achievementStatus}`)}</Tag>
                    <Tag color={a.redeemStatus === 'redeemed' ? 'gold' : 'default'}>{t(`passportLiveops.progress.states.${a.redeemStatus}`)}</Tag>
                  </Flex>
                ),
              },
              { title: t('passportLiveops.progress.rewards'), dataIndex: 'rewards', render: (r: Reward[]) => <RewardTags rewards={r} /> },
              { title: t('passportLiveops.progress.achievedAt'), dataIndex: 'achievedAt', render: (v: string | null) => formatDateTime(v) },
              { title: t('passportLiveops.progress.redeemedAt'), dataIndex: 'redeemedAt', render: (v: string | null) => formatDateTime(v) },
            ]}
          />
        )}
      </Card>
    </>
  );
}
