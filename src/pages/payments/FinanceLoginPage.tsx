import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SignInAnswer } from '../../../resources/account-api';
import { forgetIdentity } from '../../../providers/auth';
import { request } from '../../../providers/http';
import { BACK_OFFICES, FINANCE_SIGN_IN_PATH, useSessions } from '../../routes/guards';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageLoading } from '../PageLoading';
import { AuthCard } from '../account/AuthCard';
import { PasswordSignInForm, type Credentials } from '../account/PasswordSignInForm';
import './texts';

const BASE = BACK_OFFICES.finance.base;

/** Where to go after signing in: `?to=` when it is a finance back-office page, else its home. */
const target = (to: string | null) => (to && (to === BASE || to.startsWith(`${BASE}/`)) && !to.startsWith(FINANCE_SIGN_IN_PATH) ? to : BASE);

/** `/bc-admin/login`: the finance administrator's sign-in (POST /auth/bc-admin-login, cookie bc_admin_sst). */
export default function FinanceLoginPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessions = useSessions();
  const [pending, setPending] = useState(false);
  const to = target(params.get('to'));
  usePageTitle(t('payments.financeLogin.title'));

  if (!sessions) return <PageLoading full />;
  if (sessions.financeAdmin) return <Navigate to={to} replace />;

  async function signIn(values: Credentials) {
    setPending(true);
    const answer = await request<SignInAnswer>('/auth/bc-admin-login', { method: 'POST', body: values, anonymous: true });
    setPending(false);
    if (!answer) return;
    forgetIdentity();
    navigate(to, { replace: true });
  }

  return (
    <AuthCard title={t('payments.financeLogin.title')} subtitle={t('payments.financeLogin.subtitle')} footer={<Link to="/apps">{t('payments.financeLogin.userConsole')}</Link>}>
      <PasswordSignInForm pending={pending} onSubmit={(v) => void signIn(v)} />
    </AuthCard>
  );
}
