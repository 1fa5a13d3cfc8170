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
import { passportDataProvider } from '../providers/passport';
import { restDataProvider } from '../providers/rest';
import { AppRoutes } from './AppRoutes';
import { refineResources } from './engine/routes';
import { useLocale } from './lib/useLocale';

const resources = refineResources();

/**
 * The console's theme. Links (also hovered), primary buttons when hovered, secondary and placeholder text, danger red
 * and tag text are darker than Ant Design's defaults so that they read at WCAG AA contrast (4.5:1) on white and on
 * the page's grey: tags print their colour's shade 7 on shade 1, which for these colours is too light, so shade 7
 * takes shade 8's value.
 */
const THEME = {
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#1668dc',
    colorLinkHover: '#0958d9',
    colorLinkActive: '#003eb3',
    colorPrimaryHover: '#0958d9',
    borderRadius: 6,
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#cf1322',
    cyan7: '#006d75',
    green7: '#237804',
    orange7: '#ad4e00',
    yellow7: '#876800',
    volcano7: '#ad2102',
    gold7: '#874d00',
    lime7: '#3f6600',
  },
  // A ticked row keeps a pale background, so links and red buttons in it still read.
  components: { Table: { rowSelectedBg: '#f0f7ff', rowSelectedHoverBg: '#e6f4ff' } },
};

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
        theme={THEME}
        button={{ autoInsertSpace: false }}
      >
        <AntdApp notification={{ placement: 'topRight', top: TOAST_TOP, duration: NOTIFICATION_SECONDS }} style={{ minHeight: '100vh' }}>
          <Refine
            dataProvider={{ default: restDataProvider, rest: restDataProvider, passport: passportDataProvider }}
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
