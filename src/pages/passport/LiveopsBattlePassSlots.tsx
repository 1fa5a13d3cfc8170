import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Flex, Table, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { LIVEOPS_ROUTES } from '../../../resources/passport/liveops';
import type { PassSlot } from '../../../resources/passport/liveops-rules';
import { routeTo } from '../../engine/routes';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { PersonaPicker } from './LiveopsPersonaPicker';
import { RewardTags } from './LiveopsRewards';

/** A battle pass's levels at a glance, and the way to one persona's progress on it. */
export default function LiveopsBattlePassSlots({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const [personaId, setPersonaId] = useState<string>();
  const slots = (record.slots as PassSlot[] | undefined) ?? [];
  const open = () => personaId && navigate(routeTo(LIVEOPS_ROUTES.personaBattlePass, { appId, personaId, slugName: String(record.slugName) }));
  return (
    <Card title={t('passportLiveops.slots.title')}>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('passportLiveops.slots.lookup')}</Typography.Text>
        <PersonaPicker appId={appId} value={personaId} onChange={(v) => setPersonaId(v as string | undefined)} testId="slots-persona" />
        <Button type="primary" icon={<ArrowRightOutlined />} disabled={!personaId} onClick={open} data-testid="slots-open-persona">
          {t('passportLiveops.slots.open')}
        </Button>
      </Flex>
      <Table<PassSlot>
        rowKey="level"
        size="small"
        dataSource={slots}
        pagination={slots.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: t('passportLiveops.slots.empty') }}
        columns={[
          { title: t('passportLiveops.slots.level'), dataIndex: 'level', width: 90 },
          { title: t('passportLiveops.slots.exp'), dataIndex: 'exp', width: 160 },
          { title: t('passportLiveops.slots.free'), dataIndex: 'freeRewards', render: (r: PassSlot['freeRewards']) => <RewardTags rewards={r} /> },
          { title: t('passportLiveops.slots.premium'), dataIndex: 'premiumRewards', render: (r: PassSlot['premiumRewards']) => <RewardTags rewards={r} /> },
        ]}
      />
    </Card>
  );
}
