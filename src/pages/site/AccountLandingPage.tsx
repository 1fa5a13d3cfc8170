import { Link, useNavigate } from 'react-router';
import { Button, Card, Flex, Skeleton } from 'antd';
import { SIGN_IN_PATH } from '../../../providers/http';
import { useSessions } from '../../routes/guards';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageHeader } from '../../engine/PageHeader';
import { SiteShell } from './SiteShell';
import './site-texts';

/** `/passport`: the Lodestar account's landing page — who is signed in and the ways in or out. */
export default function AccountLandingPage() {
  const { t } = useLocale();
  usePageTitle(t('sitePages.passport.title'));
  const navigate = useNavigate();
  const sessions = useSessions();
  const user = sessions?.user;
  return (
    <SiteShell width={720}>
      <PageHeader title={t('sitePages.passport.title')} subtitle={t('sitePages.passport.intro')} />
      <Card>
        {!sessions && <Skeleton active paragraph={{ rows: 1 }} />}
        {sessions && user && (
          <Flex vertical gap={12} data-testid="passport-signed-in">
            <span>{t('sitePages.passport.signedInAs', { name: user.name || user.email })}</span>
            <Flex gap={8} wrap>
              <Button type="primary" onClick={() => navigate('/apps')}>
                {t('sitePages.passport.console')}
              </Button>
              <Button onClick={() => navigate('/logout')}>{t('sitePages.passport.signOut')}</Button>
            </Flex>
          </Flex>
        )}
        {sessions && !user && (
          <Flex gap={8} wrap data-testid="passport-signed-out">
            <Button type="primary" onClick={() => navigate(`${SIGN_IN_PATH}?to=${encodeURIComponent('/apps')}`)}>
              {t('sitePages.passport.signIn')}
            </Button>
            <Button onClick={() => navigate('/sign-up')}>{t('sitePages.passport.signUp')}</Button>
          </Flex>
        )}
      </Card>
      <p style={{ marginTop: 16 }}>
        <Link to="/product/passport">{t('sitePages.passport.product')}</Link>
      </p>
    </SiteShell>
  );
}
