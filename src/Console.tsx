import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { App as AntdApp } from 'antd';
import { Refine, useInvalidateAuthStore } from '@refinedev/core';
import { routerProvider } from '../providers/router';
import { accessControlProvider } from '../providers/access';
import { authProvider, forgetIdentity } from '../providers/auth';
import { setServiceToastSeconds, setSessionExpiredHandler, SIGN_IN_PATH } from '../providers/http';
import { addTexts, i18nProvider } from '../providers/i18n';
import { notificationProvider } from '../providers/notification';
import { dataProviders } from '../providers/data-providers';
import { addServerMessages } from '../resources/messages/lookup';
import { consoleMessages } from '../resources/messages/console';
import { services } from '../resources';
import { AppRoutes } from './AppRoutes';
import { refineResources } from './engine/routes';
import { consoleSections } from './locales/sections/console';

// What only the console needs: its texts and server messages, and each service's own toast duration.
addTexts(consoleSections);
addServerMessages(consoleMessages);
setServiceToastSeconds(services);

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

/**
 * The console: antd's App context (the pages' confirmation dialogs and messages; the toasts are the site's), Refine
 * with the console's providers and every declared resource, and the console's routes.
 */
export default function Console() {
  return (
    <AntdApp component={false}>
      <Refine
        dataProvider={dataProviders}
        routerProvider={routerProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        notificationProvider={notificationProvider}
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
  );
}
