import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { SIGN_IN_PATH } from '../../../providers/http';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { AuthCard } from './AuthCard';

/** `/logout-callback`: you are signed out, with a way back in. */
export default function LogoutCallbackPage() {
  const { t } = useLocale();
  const navigate = useNavigate();
  usePageTitle(t('account.logout.title'));
  return (
    <AuthCard title={t('account.logout.title')}>
      <Result
        status="success"
        title={t('account.logout.title')}
        subTitle={t('account.logout.hint')}
        style={{ padding: 0 }}
        extra={
          <Button type="primary" onClick={() => navigate(SIGN_IN_PATH)} data-testid="logout-sign-in" autoFocus>
            {t('account.logout.signInAgain')}
          </Button>
        }
      />
    </AuthCard>
  );
}
