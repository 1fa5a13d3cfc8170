import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SignInAnswer } from '../../../resources/account-api';
import { forgetIdentity } from '../../../providers/auth';
import { request } from '../../../providers/http';
import { useSessions } from '../../routes/guards';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageLoading } from '../PageLoading';
import { AuthCard } from './AuthCard';
import { PasswordSignInForm, type Credentials } from './PasswordSignInForm';

/** Where to go after the administrator signs in: `?to=` when it is a back-office page, else the back office. */
const adminTarget = (to: string | null) => (to && (to === '/admin' || to.startsWith('/admin/')) && !to.startsWith('/admin/login') ? to : '/admin');

/** `/admin/login`: administrator sign-in into the admin_sst session. */
export default function AdminLoginPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessions = useSessions();
  const [pending, setPending] = useState(false);
  const to = adminTarget(params.get('to'));
  usePageTitle(t('account.admin.title'));

  if (!sessions) return <PageLoading full />;
  if (sessions.admin) return <Navigate to={to} replace />;

  async function signIn(values: Credentials) {
    setPending(true);
    const answer = await request<SignInAnswer>('/auth/admin-login', { method: 'POST', body: values, anonymous: true });
    setPending(false);
    if (!answer) return;
    forgetIdentity();
    navigate(to, { replace: true });
  }

  return (
    <AuthCard title={t('account.admin.title')} subtitle={t('account.admin.subtitle')} footer={<Link to="/apps">{t('account.admin.userConsole')}</Link>}>
      <PasswordSignInForm pending={pending} onSubmit={(v) => void signIn(v)} />
    </AuthCard>
  );
}
