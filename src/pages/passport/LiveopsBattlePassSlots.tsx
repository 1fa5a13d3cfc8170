import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Flex, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { passport } from '../../../resources/passport';
import { passSlotsView, slotsPersonaFilter } from '../../../resources/passport/battle-pass-views';
import { LIVEOPS_ROUTES } from '../../../resources/passport/liveops';
import { routeTo } from '../../engine/routes';
import { heldRows } from '../../engine/view-columns';
import { ViewFilter } from '../../engine/ViewFilters';
import { ViewTable } from '../../engine/ViewTable';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';

const battlePasses = passport.resources.find((r) => r.name === 'battlePasses')!;

/** A battle pass's levels at a glance (`passSlotsView`), and the way to one persona's progress on it. */
export default function LiveopsBattlePassSlots({ record, appId }: PanelProps) {
  const { t, text } = useLocale();
  const navigate = useNavigate();
  const [personaId, setPersonaId] = useState<string>();
  const open = () => personaId && navigate(routeTo(LIVEOPS_ROUTES.personaBattlePass, { appId, personaId, slugName: String(record.slugName) }));
  return (
    <Card title={text(passSlotsView.label)}>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('passportLiveops.slots.lookup')}</Typography.Text>
        <ViewFilter service={passport} filter={slotsPersonaFilter} value={personaId} onChange={(v) => setPersonaId(v as string | undefined)} appId={appId} />
        <Button type="primary" icon={<ArrowRightOutlined />} disabled={!personaId} onClick={open} data-testid="slots-open-persona">
          {t('passportLiveops.slots.open')}
        </Button>
      </Flex>
      <ViewTable service={passport} owner={battlePasses} view={passSlotsView} state={heldRows((record.slots as Record<string, unknown>[]) ?? [])} appId={appId} />
    </Card>
  );
}
