import { Suspense, useEffect, useState } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { Button, Result } from 'antd';
import { ThemedLayout } from '@refinedev/antd';
import { getApp, isApiError } from '../../../providers/http';
import type { AppRecord } from '../../../providers/types';
import { CurrentAppContext, useCurrentApp } from '../../lib/currentApp';
import { useLocale } from '../../lib/useLocale';
import { PageLoading } from '../PageLoading';
import { ConsoleHeader } from './ConsoleHeader';
import { ServiceSider } from './ServiceSider';

// ThemedLayout calls its Sider as a plain function to see whether there is one: keep that call hook-free.
const LayoutSider = () => <ServiceSider />;
const LayoutHeader = () => <ConsoleHeader app={useCurrentApp()} />;

type Loaded = { appId: string; app?: AppRecord; error?: unknown };

/** The console of one app: reads the app (its services and credential), then menu, header and the page. */
export default function AppLayout() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    let live = true;
    getApp(appId)
      .then((app) => live && setLoaded({ appId, app }))
      .catch((error: unknown) => live && setLoaded({ appId, error }));
    return () => {
      live = false;
    };
  }, [appId]);

  if (!loaded || loaded.appId !== appId) return <PageLoading full />;
  if (!loaded.app) {
    const status = isApiError(loaded.error) ? loaded.error.statusCode : 0;
    return (
      <Result
        status={status === 403 ? '403' : status === 404 ? '404' : 'error'}
        title={isApiError(loaded.error) ? loaded.error.message : t('errors.loadFailed')}
        extra={
          <Button type="primary" onClick={() => navigate('/apps')}>
            {t('apps.allApps')}
          </Button>
        }
      />
    );
  }
  return (
    <CurrentAppContext.Provider value={loaded.app}>
      <ThemedLayout Sider={LayoutSider} Header={LayoutHeader}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ThemedLayout>
    </CurrentAppContext.Provider>
  );
}
