import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Flex } from 'antd';
import { afterSignIn, authProvider } from '../../providers/auth';
import { notify } from '../../providers/notification';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { AuthCard } from './account/AuthCard';
import { PasswordSignInForm, type Credentials } from './account/PasswordSignInForm';
import { ProviderButtons } from './account/ProviderButtons';
import { useBaseInfo } from './account/useBaseInfo';
import { useSignedIn } from './account/useSignedIn';
import { PageLoading } from './PageLoading';

/** `/login-authorize`: e-mail and password, or an external provider. Signed-in visitors go straight on. */
export default function LoginPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const to = params.get('to') ?? undefined;
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [pending, setPending] = useState(false);
  const info = useBaseInfo();
  usePageTitle(t('auth.submit'));

  if (signedIn === undefined) return <PageLoading full />;
  if (signedIn) return <Navigate to={afterSignIn(to)} replace />;

  async function signIn(values: Credentials) {
    setPending(true);
    const result = await authProvider.login({ ...values, to });
    setPending(false);
    if (result.success) navigate(result.redirectTo ?? afterSignIn(to), { replace: true });
    else notify('error', result.error?.name ?? t('auth.failed'), result.error?.message);
  }

  return (
    <AuthCard
      title={t('auth.title')}
      subtitle={t('auth.subtitle')}
      footer={
        info?.SignUp && (
          <>
            {t('account.links.noAccount')}{' '}
            <Link to={to ? `/sign-up?to=${encodeURIComponent(to)}` : '/sign-up'} data-testid="link-sign-up">
              {t('account.links.signUp')}
            </Link>
          </>
        )
      }
    >
      <PasswordSignInForm
        pending={pending}
        onSubmit={(values) => void signIn(values)}
        extra={
          <Flex justify="flex-end" style={{ marginBottom: 8 }}>
            <Link to="/reset-password" data-testid="link-reset-password">
              {t('account.links.forgot')}
            </Link>
          </Flex>
        }
      />
      <ProviderButtons providers={info?.Providers ?? []} to={to} />
    </AuthCard>
  );
}
