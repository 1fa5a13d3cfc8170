import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { Refine, useInvalidateAuthStore } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import '@refinedev/antd/dist/reset.css';
import { accessControlProvider } from '../providers/access';
import { authProvider, forgetIdentity } from '../providers/auth';
import { setSessionExpiredHandler, SIGN_IN_PATH } from '../providers/http';
import { i18nProvider } from '../providers/i18n';
import { NOTIFICATION_SECONDS, TOAST_TOP, useNotificationProvider } from '../providers/notification';
import { restDataProvider } from '../providers/rest';
import { AppRoutes } from './AppRoutes';
import { refineResources } from './engine/routes';
import { useLocale } from './lib/useLocale';

const resources = refineResources();

/** After a 401 the HTTP client hands the redirect to the router (no full reload). */
function SessionExpiry() {
  const navigate = useNavigate();
  const invalidateAuth = useInvalidateAuthStore();
  useEffect(() => {
    setSessionExpiredHandler((from) => {
      forgetIdentity();
      void invalidateAuth();
      navigate(`${SIGN_IN_PATH}?to=${encodeURIComponent(from)}`, { replace: true });
    });
    return () => setSessionExpiredHandler(undefined);
  }, [navigate, invalidateAuth]);
  return null;
}

/** The console: antd theme and locale, Refine with the console's providers, and the routes. */
export function App() {
  const { locale } = useLocale();
  return (
    <BrowserRouter>
      <ConfigProvider
        locale={locale === 'zh-CN' ? zhCN : enUS}
        theme={{ token: { colorPrimary: '#1668dc', borderRadius: 6 } }}
        button={{ autoInsertSpace: false }}
      >
        <AntdApp notification={{ placement: 'topRight', top: TOAST_TOP, duration: NOTIFICATION_SECONDS }} style={{ minHeight: '100vh' }}>
          <Refine
            dataProvider={{ default: restDataProvider, rest: restDataProvider }}
            routerProvider={routerProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            accessControlProvider={accessControlProvider}
            resources={resources}
            options={{
              syncWithLocation: false,
              warnWhenUnsavedChanges: false,
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } } },
            }}
          >
            <SessionExpiry />
            <AppRoutes />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
