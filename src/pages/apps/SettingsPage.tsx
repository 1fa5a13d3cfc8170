import { Alert } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { useCurrentAppState } from '../../lib/currentApp';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { BasicsCard } from './settings/BasicsCard';
import { CredentialsCard } from './settings/CredentialsCard';
import { QuickStartCard } from './settings/QuickStartCard';
import { RedeemCard } from './settings/RedeemCard';

/** `/services/:appId/settings`: name and properties, credentials and a first API call, redeeming codes. Members see it read-only. */
export default function SettingsPage() {
  const current = useCurrentAppState();
  const { t } = useLocale();
  usePageTitle(t('org.settings.title'), current?.app.ProjectName);
  if (!current) return null;
  return (
    <>
      <PageHeader title={t('org.settings.title')} subtitle={current.app.ProjectName} />
      {!current.canEdit && <Alert type="info" showIcon message={t('org.settings.readOnly')} style={{ marginBottom: 16 }} data-testid="settings-read-only" />}
      <BasicsCard key={current.app.AppId} />
      <CredentialsCard />
      <QuickStartCard />
      {current.canEdit && <RedeemCard />}
    </>
  );
}
