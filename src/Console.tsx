import { useEffect, useMemo, useState } from 'react';
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
import { referenceMessagesOf } from '../resources/messages/references';
import { loadServices, services, useServicesLoaded, useServicesVersion } from '../providers/services';
import manifest from 'virtual:route-manifest';
import { AppRoutes } from './AppRoutes';
// The console's month and weekday names (date pickers) follow its language.
import './lib/dayjsLocale';
import { afterFirstContent } from './first-content';
import { loadIcons } from './lib/loadIcons';
import { preloadWhenIdle } from './lib/preloadable';
import { manifestRoute } from './engine/route-manifest';
import { refineResources } from './engine/routes';
import { consoleSections } from './locales/sections/console';
import { PageLoading } from './pages/PageLoading';

// What only the console needs: its texts and server messages.
addTexts(consoleSections);
addServerMessages(consoleMessages);

/**
 * The services the address the console opened on waits for: an engine page's, as the route manifest names them;
 * none for any other address (its page waits for them all itself, src/engine/AllServices.tsx).
 */
const openedOn = (): string[] => manifestRoute(manifest, window.location.pathname)?.services ?? [];

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
 * with the console's providers and every loaded service's resources, and the console's routes. Opened on an engine
 * page of a service, it renders once that service's declarations are in; the others load after the page's first
 * content (src/first-content.ts) and join the routes and resources as they arrive.
 */
export default function Console() {
  const [needs] = useState(openedOn);
  const ready = useServicesLoaded(needs);
  const loaded = useServicesVersion();
  // Every loaded service as Refine's resources, its toast duration and its refusals of a delete, again as more load.
  const resources = useMemo(() => {
    setServiceToastSeconds(services);
    addServerMessages(referenceMessagesOf(services));
    return refineResources();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  // The services the first page did not wait for: once it shows, after the app menu's icons, when the browser is next
  // idle: the menu, drawn from the console's own code once its icons are in, comes before them.
  useEffect(() => {
    const root = document.getElementById('root');
    const later = () => preloadWhenIdle(() => loadServices());
    if (ready && root) afterFirstContent(root, () => void loadIcons().then(later, later));
  }, [ready]);
  if (!ready) return <PageLoading full />;
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
