import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { PROVIDER_CALLBACK_PATHS, type BlueCloudLink } from '../../../resources/account-api';
import { authProvider, fetchBaseInfo, takePendingExternal, type PendingExternal } from '../../../providers/auth';
import { isApiError, request, SIGN_IN_PATH } from '../../../providers/http';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { AuthCard } from './AuthCard';

type Outcome = { kind: 'working'; linking: boolean } | { kind: 'failed'; linking: boolean; message: string; appId?: string } | { kind: 'linked'; appId: string; email: string };

/** The provider this callback page belongs to: the one the console started, else the one of this path. */
async function providerOf(pending: PendingExternal | undefined, path: string): Promise<string | undefined> {
  if (pending) return pending.provider;
  const own = Object.entries(PROVIDER_CALLBACK_PATHS).find(([, p]) => p === path)?.[0];
  if (own) return own;
  const candidates = ((await fetchBaseInfo())?.Providers ?? []).filter((p) => p.CallbackPath === path);
  return candidates.length === 1 ? candidates[0].Id : undefined;
}

/**
 * `/login-callback`, `/blue-cloud/login-callback`, `/qq_conn/login-callback`: where a provider sends the browser
 * back. Finishes the sign-in (or, when the console started a blue-cloud link for an app, the link).
 */
export default function LoginCallbackPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working', linking: false });
  usePageTitle(t('account.callback.signingIn'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takePendingExternal();
    const linking = !!pending?.linkAppId;
    const fail = (message: string) => setOutcome({ kind: 'failed', linking, message, appId: pending?.linkAppId });
    void (async () => {
      setOutcome({ kind: 'working', linking });
      const error = params.get('error');
      if (error) return fail(t('account.callback.providerError', { error: params.get('error_description') || error }));
      const code = params.get('code');
      const state = params.get('state');
      const provider = await providerOf(pending, pathname);
      if (!code || !state || !provider) return fail(t('account.callback.missing'));
      const callbackUrl = `${location.origin}${pathname}`;
      if (pending?.linkAppId) {
        try {
          const link = await request<BlueCloudLink>(`/api/app/${encodeURIComponent(pending.linkAppId)}/auth-blue-cloud`, {
            method: 'POST',
            body: { code, state, callbackUrl },
            silent: true,
            throwResponse: true,
          });
          return setOutcome({ kind: 'linked', appId: pending.linkAppId, email: link?.Email ?? '' });
        } catch (e) {
          return fail(isApiError(e) ? e.message : t('errors.network'));
        }
      }
      const iss = params.get('iss') ?? undefined;
      const result = await authProvider.login({ provider, code, state, callbackUrl, iss, to: pending?.to });
      if (!result.success) return fail(result.error?.message ?? t('account.callback.failed'));
      navigate(result.redirectTo ?? '/apps', { replace: true });
    })();
  }, [params, pathname, navigate, t]);

  if (outcome.kind === 'linked') {
    return (
      <AuthCard title={t('account.callback.linked')}>
        <Result
          status="success"
          title={t('account.callback.linked')}
          subTitle={t('account.callback.linkedHint', { email: outcome.email })}
          style={{ padding: 0 }}
          extra={
            <Button type="primary" onClick={() => navigate(`/services/${encodeURIComponent(outcome.appId)}`)} data-testid="callback-back-to-app">
              {t('account.callback.backToApp')}
            </Button>
          }
        />
      </AuthCard>
    );
  }
  const title = outcome.linking ? t('account.callback.linking') : t('account.callback.signingIn');
  if (outcome.kind === 'failed') {
    return (
      <AuthCard title={outcome.linking ? t('account.callback.linkFailed') : t('account.callback.failed')}>
        <Result
          status="error"
          title={outcome.message}
          style={{ padding: 0 }}
          extra={
            outcome.appId ? (
              <Button type="primary" onClick={() => navigate(`/services/${encodeURIComponent(outcome.appId!)}`)} data-testid="callback-back-to-app">
                {t('account.callback.backToApp')}
              </Button>
            ) : (
              <Button type="primary" onClick={() => navigate(SIGN_IN_PATH, { replace: true })} data-testid="callback-retry">
                {t('account.callback.retry')}
              </Button>
            )
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      <Result icon={<Spin size="large" />} title={title} style={{ padding: 0 }} />
    </AuthCard>
  );
}
