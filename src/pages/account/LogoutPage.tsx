import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Result, Spin } from 'antd';
import { authProvider } from '../../../providers/auth';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { AuthCard } from './AuthCard';

const LOGOUT_CALLBACK_PATH = '/logout-callback';

/** `/logout`: ends this browser's sessions, then shows `/logout-callback`. */
export default function LogoutPage() {
  const { t } = useLocale();
  const navigate = useNavigate();
  const started = useRef(false);
  usePageTitle(t('account.logout.signingOut'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      await authProvider.logout({});
      navigate(LOGOUT_CALLBACK_PATH, { replace: true });
    })();
  }, [navigate]);

  return (
    <AuthCard title={t('account.logout.signingOut')}>
      <Result icon={<Spin size="large" />} title={t('account.logout.signingOut')} style={{ padding: 0 }} />
    </AuthCard>
  );
}
