import { Suspense, useMemo } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { Button } from 'antd';
import { LazyResult } from '../../lib/LazyResult';
import { ThemedLayout } from '@refinedev/antd';
import { isApiError } from '../../../providers/http';
import { CurrentAppContext, useCurrentApp, type CurrentApp } from '../../lib/currentApp';
import { useLocale } from '../../lib/useLocale';
import { useAppLoader } from '../apps/useAppLoader';
import { PageLoading } from '../PageLoading';
import { ConsoleHeader } from './ConsoleHeader';
import { ServiceSider } from './ServiceSider';

// ThemedLayout calls its Sider as a plain function to see whether there is one: keep that call hook-free.
const LayoutSider = () => <ServiceSider />;
const LayoutHeader = () => <ConsoleHeader app={useCurrentApp()} />;

/**
 * The console of one app: reads the app and its services' runtime state (see useAppLoader), shares them with
 * the pages through CurrentAppContext, then shows menu, header and the page.
 */
export default function AppLayout() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  const navigate = useNavigate();
  const { loaded, reload } = useAppLoader(appId);
  const state = loaded?.state;
  const value = useMemo<CurrentApp | undefined>(() => (state ? { ...state, reload } : undefined), [state, reload]);

  if (!loaded) return <PageLoading full />;
  if (!value) {
    const status = isApiError(loaded.error) ? loaded.error.statusCode : 0;
    return (
      <LazyResult
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
    <CurrentAppContext.Provider value={value}>
      <ThemedLayout Sider={LayoutSider} Header={LayoutHeader}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ThemedLayout>
    </CurrentAppContext.Provider>
  );
}
