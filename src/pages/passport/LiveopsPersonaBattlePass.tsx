import { Link, useParams } from 'react-router';
import { App, Breadcrumb, Button, Card, Result, Skeleton } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { passport } from '../../../resources/passport';
import { passStandingRow, passStandingSchema, personaSlotRows, personaSlotsView, type PassStanding } from '../../../resources/passport/battle-pass-views';
import { LIVEOPS_ROUTES } from '../../../resources/passport/liveops';
import type { PassSlot } from '../../../resources/passport/liveops-rules';
import { toast } from '../../../providers/notification';
import { SchemaAnswer } from '../../engine/DetailView';
import { StatusTag } from '../../engine/FieldValue';
import { PageHeader } from '../../engine/PageHeader';
import { routeTo } from '../../engine/routes';
import { heldRows } from '../../engine/view-columns';
import { ViewTable } from '../../engine/ViewTable';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { callAddress, callPassport, usePassportQuery, useRefreshResource } from './passport-api';

type Pass = { id: string; name: string; slugName: string; status: string; startTime: string; endTime: string; slots?: PassSlot[] };

const battlePasses = passport.resources.find((r) => r.name === 'battlePasses')!;
const personas = passport.resources.find((r) => r.name === 'personas')!;

/** `passport/battle-pass/:personaId/:slugName`: one persona's experience, level, premium track and claims on one pass. */
export default function LiveopsPersonaBattlePass() {
  const { appId = '', personaId = '', slugName = '' } = useParams();
  const { t, text } = useLocale();
  const { modal } = App.useApp();
  const pass = usePassportQuery<Pass>(appId, `${battlePasses.path}/${encodeURIComponent(slugName)}`);
  const persona = usePassportQuery<{ id: string; name: string }>(appId, `${personas.path}/${encodeURIComponent(personaId)}`);
  const standing = usePassportQuery<{ battlePasses: PassStanding[] }>(appId, callAddress('battlePass.personaStanding', { id: personaId }), { query: { battlePass: slugName } });
  const refreshPasses = useRefreshResource('battlePasses');
  const mine = standing.data?.battlePasses[0];
  usePageTitle(t('passportLiveops.personaPass.title'));

  if (pass.loading || persona.loading || standing.loading) return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  if (!pass.data || !persona.data || !mine) return <Result status="404" title={t('passportLiveops.personaPass.missing')} />;

  const context = { service: passport, owner: battlePasses, appId };
  const togglePremium = () =>
    modal.confirm({
      title: mine.premium ? t('passportLiveops.personaPass.lockTitle') : t('passportLiveops.personaPass.unlockTitle'),
      content: mine.premium ? t('passportLiveops.personaPass.lockConfirm') : t('passportLiveops.personaPass.unlockConfirm'),
      okButtonProps: { danger: mine.premium },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await callPassport(appId, 'battlePass.setPremium', { id: pass.data!.id, personaId }, { premium: !mine.premium });
          toast('success', t('passportLiveops.common.saved'));
          await standing.refetch();
          void refreshPasses();
        } catch {
          // The HTTP client has shown why.
        }
      },
    });

  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={routeTo(LIVEOPS_ROUTES.battlePasses, { appId })}>{text(battlePasses.label)}</Link> },
          { title: <Link to={routeTo(battlePasses.routes!.show!, { appId, slugName })}><span data-user-text>{pass.data.name}</span></Link> },
          { title: <span data-user-text>{persona.data.name}</span> },
        ]}
      />
      <PageHeader
        // The persona's and the pass's names, as entered (see FieldValue).
        title={<span data-user-text>{`${persona.data.name} · ${pass.data.name}`}</span>}
        tags={<StatusTag decl={battlePasses} value={pass.data.status} />}
        extra={
          <Button icon={<CrownOutlined />} onClick={togglePremium} danger={mine.premium} data-testid="persona-pass-premium">
            {mine.premium ? t('passportLiveops.personaPass.lock') : t('passportLiveops.personaPass.unlock')}
          </Button>
        }
      />
      <Card style={{ marginBottom: 16 }} data-testid="persona-pass-standing">
        <SchemaAnswer context={context} schema={passStandingSchema} answer={passStandingRow(pass.data, mine)} />
      </Card>
      <Card title={text(personaSlotsView.label)} data-testid="persona-pass-slots">
        <ViewTable service={passport} owner={battlePasses} view={personaSlotsView} state={heldRows(personaSlotRows(pass.data.slots ?? [], mine))} appId={appId} />
      </Card>
    </>
  );
}
