import { Link, useParams } from 'react-router';
import { App, Breadcrumb, Button, Card, Descriptions, Flex, Progress, Result, Skeleton, Table, Tag } from 'antd';
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { LIVEOPS_ROUTES, liveopsPart } from '../../../resources/passport/liveops';
import { passLevel, type PassSlot } from '../../../resources/passport/liveops-rules';
import { toast } from '../../../providers/notification';
import { PageHeader } from '../../engine/PageHeader';
import { routeTo } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { passportCall, usePassportQuery, useRefreshResource, type Page, type Reward } from './passport-api';
import { RewardTags } from './LiveopsRewards';

type Pass = { id: string; name: string; slugName: string; status: string; startTime: string; endTime: string; slots?: PassSlot[] };
type Standing = { exp: number; level: number; premium: boolean; claims: { level: number; track: string; claimedAt: string }[] };
type Persona = { id: string; name: string };

const PASS_STATUS = liveopsPart.resources.find((r) => r.name === 'battlePasses')?.status;

/** `passport/battle-pass/:personaId/:slugName`: one persona's experience, level, premium track and claims on one pass. */
export default function LiveopsPersonaBattlePass() {
  const { appId = '', personaId = '', slugName = '' } = useParams();
  const { t, text } = useLocale();
  const { modal } = App.useApp();
  const pass = usePassportQuery<Pass>(appId, `/battle-pass/${encodeURIComponent(slugName)}`);
  const persona = usePassportQuery<Persona>(appId, `/personas/${encodeURIComponent(personaId)}`);
  const standing = usePassportQuery<Page<'battlePasses', Standing>>(appId, `/personas/${encodeURIComponent(personaId)}/battle-pass`, { query: { battlePass: slugName } });
  const refreshPasses = useRefreshResource('battlePasses');
  const mine = standing.data?.battlePasses[0];
  usePageTitle(t('passportLiveops.personaPass.title'));

  if (pass.loading || persona.loading || standing.loading) return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  if (!pass.data || !persona.data || !mine) return <Result status="404" title={t('passportLiveops.personaPass.missing')} />;

  const slots = pass.data.slots ?? [];
  const claimed = (level: number, track: string) => mine.claims.find((c) => c.level === level && c.track === track);
  const top = slots.length ? slots[slots.length - 1].exp : 0;
  const togglePremium = () =>
    modal.confirm({
      title: mine.premium ? t('passportLiveops.personaPass.lockTitle') : t('passportLiveops.personaPass.unlockTitle'),
      content: mine.premium ? t('passportLiveops.personaPass.lockConfirm') : t('passportLiveops.personaPass.unlockConfirm'),
      okButtonProps: { danger: mine.premium },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await passportCall(appId, 'PUT', `/battle-pass/${encodeURIComponent(pass.data!.id)}/personas/${encodeURIComponent(personaId)}/premium`, { premium: !mine.premium });
          toast('success', t('passportLiveops.common.saved'));
          await standing.refetch();
          void refreshPasses();
        } catch {
          // The HTTP client has shown why.
        }
      },
    });
  const trackCell = (rewards: Reward[] | undefined, level: number, track: string) => {
    const claim = claimed(level, track);
    return (
      <Flex vertical gap={4}>
        <RewardTags rewards={rewards} />
        {claim && <Tag color="green" icon={<CheckCircleFilled />}>{t('passportLiveops.personaPass.claimedAt', { at: formatDateTime(claim.claimedAt) })}</Tag>}
      </Flex>
    );
  };

  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={routeTo(LIVEOPS_ROUTES.battlePasses, { appId })}>{t('passportLiveops.personaPass.passes')}</Link> },
          { title: <Link to={routeTo(`${LIVEOPS_ROUTES.battlePasses}/:slugName`, { appId, slugName })}>{pass.data.name}</Link> },
          { title: persona.data.name },
        ]}
      />
      <PageHeader
        title={`${persona.data.name} · ${pass.data.name}`}
        tags={<Tag color={PASS_STATUS?.values[pass.data.status]?.color}>{text(PASS_STATUS?.values[pass.data.status]?.label) || pass.data.status}</Tag>}
        extra={
          <Button icon={<CrownOutlined />} onClick={togglePremium} danger={mine.premium} data-testid="persona-pass-premium">
            {mine.premium ? t('passportLiveops.personaPass.lock') : t('passportLiveops.personaPass.unlock')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 3 }} data-testid="persona-pass-standing">
          <Descriptions.Item label={t('passportLiveops.personaPass.exp')}>{mine.exp}</Descriptions.Item>
          <Descriptions.Item label={t('passportLiveops.personaPass.level')}>{`${passLevel(slots, mine.exp)} / ${slots.length}`}</Descriptions.Item>
          <Descriptions.Item label={t('passportLiveops.personaPass.premium')}>
            <Tag color={mine.premium ? 'gold' : 'default'}>{mine.premium ? t('passportLiveops.personaPass.premiumOn') : t('passportLiveops.personaPass.premiumOff')}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('passportLiveops.personaPass.window')} span={3}>
            {`${formatDateTime(pass.data.startTime)} — ${formatDateTime(pass.data.endTime)}`}
          </Descriptions.Item>
        </Descriptions>
        <Progress percent={top ? Math.min(100, Math.floor((mine.exp / top) * 100)) : 100} aria-label={t('passportLiveops.personaPass.exp')} />
      </Card>
      <Card title={t('passportLiveops.slots.title')}>
        <Table<PassSlot>
          rowKey="level"
          dataSource={slots}
          pagination={false}
          locale={{ emptyText: t('passportLiveops.slots.empty') }}
          data-testid="persona-pass-slots"
          columns={[
            { title: t('passportLiveops.slots.level'), dataIndex: 'level', width: 90 },
            { title: t('passportLiveops.slots.exp'), dataIndex: 'exp', width: 140 },
            {
              title: t('passportLiveops.personaPass.reached'),
              key: 'reached',
              width: 110,
              render: (_, s) => (mine.exp >= s.exp ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
            },
            { title: t('passportLiveops.slots.free'), key: 'free', render: (_, s) => trackCell(s.freeRewards, s.level, 'free') },
            { title: t('passportLiveops.slots.premium'), key: 'premium', render: (_, s) => trackCell(s.premiumRewards, s.level, 'premium') },
          ]}
        />
      </Card>
    </>
  );
}
