import { Link, Navigate, useSearchParams } from 'react-router';
import { Flex, Typography } from 'antd';
import { useIsAuthenticated, useLogin } from '@refinedev/core';
import { afterSignIn } from '../../providers/auth';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { AuthCard } from './account/AuthCard';
import { PasswordSignInForm, type Credentials } from './account/PasswordSignInForm';
import { ProviderButtons } from './account/ProviderButtons';
import { useBaseInfo } from './account/useBaseInfo';
import { PageLoading } from './PageLoading';

/** `/login-authorize`: e-mail and password, or an external provider. Signed-in visitors go straight on. */
export default function LoginPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const to = params.get('to') ?? undefined;
  const { data: auth, isLoading } = useIsAuthenticated();
  const { mutate: login, isPending } = useLogin<Credentials & { to?: string }>();
  const info = useBaseInfo();
  usePageTitle(t('auth.submit'));

  if (isLoading) return <PageLoading full />;
  if (auth?.authenticated) return <Navigate to={afterSignIn(to)} replace />;

  return (
    <AuthCard
      title={t('auth.title')}
      subtitle={t('auth.subtitle')}
      footer={
        info?.SignUp && (
          <Typography.Text type="secondary">
            {t('account.links.noAccount')}{' '}
            <Link to={to ? `/sign-up?to=${encodeURIComponent(to)}` : '/sign-up'} data-testid="link-sign-up">
              {t('account.links.signUp')}
            </Link>
          </Typography.Text>
        )
      }
    >
      <PasswordSignInForm
        pending={isPending}
        onSubmit={(values) => login({ ...values, to })}
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
