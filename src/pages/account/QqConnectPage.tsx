import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { QQ } from '../../../resources/account-api';
import { fetchBaseInfo, startExternalSignIn } from '../../../providers/auth';
import { SIGN_IN_PATH } from '../../../providers/http';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { AuthCard } from './AuthCard';

/** `/qq_conn/:qqAuth`: starts signing in with QQ (`?to=` is where to go afterwards). */
export default function QqConnectPage() {
  const { t } = useLocale();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [missing, setMissing] = useState(false);
  usePageTitle(t('account.qq.starting'));

  useEffect(() => {
    let live = true;
    void fetchBaseInfo().then((info) => {
      const qq = info?.Providers.find((p) => p.Id === QQ);
      if (!live) return;
      if (qq) startExternalSignIn(qq, { to: params.get('to') ?? undefined });
      else setMissing(true);
    });
    return () => {
      live = false;
    };
  }, [params]);

  return (
    <AuthCard title={missing ? t('account.qq.notConfigured') : t('account.qq.starting')}>
      {missing ? (
        <Result
          status="warning"
          title={t('account.qq.notConfigured')}
          style={{ padding: 0 }}
          extra={
            <Button type="primary" onClick={() => navigate(SIGN_IN_PATH)}>
              {t('account.callback.retry')}
            </Button>
          }
        />
      ) : (
        <Result icon={<Spin size="large" />} title={t('account.qq.starting')} style={{ padding: 0 }} />
      )}
    </AuthCard>
  );
}
