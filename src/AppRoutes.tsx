import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { SIGN_IN_PATH } from '../providers/http';
import { AllServices } from './engine/AllServices';
import { APP_BASE, dashboardPages, listRoutes, showRoutes, viewPages } from './engine/routes';
import { PageLoading } from './pages/PageLoading';
import { registeredPages } from './pages/registry';
import { pagesOf } from './routes';
import { BACK_OFFICES, RequireBackOffice, type BackOffice } from './routes/guards';
import { AppLayout, DashboardPage, PageViewPage, PolicyPrompt, ResourceListPage, ResourceShowPage } from './routes/shell';

const AdminLayout = lazy(() => import('./pages/admin/AdminLayout'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** An optional app parameter at the end of an absolute page's route (`/playground/passport/:appId?`). */
const OPTIONAL_APP = /\/:appId\?$/;

/**
 * A page that is not one of the engine's pages of a service: it may read any service's declarations, and an address
 * not found may be one whose service has not loaded yet, so each waits for them all.
 */
const all = (page: ReactNode, full?: boolean) => <AllServices full={full}>{page}</AllServices>;

/**
 * Every console route, lazily loaded (public pages are routed in src/Root.tsx): the pages of each area by who may
 * open them (src/routes), then one route per declared list and record page and per registered custom page, all
 * read from the registry.
 */
export function AppRoutes() {
  const pages = registeredPages();
  return (
    <Suspense fallback={<PageLoading full />}>
      <Routes>
        {(['admin', 'finance'] as BackOffice[]).map((office) => (
          <Route
            key={office}
            path={BACK_OFFICES[office].base}
            element={
              <RequireBackOffice office={office}>{all(<AdminLayout office={office} />, true)}</RequireBackOffice>
            }
          >
            {pagesOf(office).map(({ path, Component }) =>
              path === '' ? <Route key="index" index element={<Component />} /> : <Route key={path} path={path} element={<Component />} />,
            )}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        ))}
        <Route
          element={
            <Authenticated key="console" loading={<PageLoading full />} fallback={<CatchAllNavigate to={SIGN_IN_PATH} />}>
              <PolicyPrompt />
              <Outlet />
            </Authenticated>
          }
        >
          <Route index element={<Navigate to="/apps" replace />} />
          {pagesOf('user').map(({ path, Component }) => (
            <Route key={path} path={path} element={all(<Component />)} />
          ))}
          <Route path="/services" element={<Navigate to="/apps" replace />} />
          <Route path={APP_BASE} element={<AppLayout />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            {pagesOf('app').map(({ path, Component }) => (
              <Route key={path} path={path} element={all(<Component />)} />
            ))}
            {listRoutes().map(({ route }) => (
              <Route key={route} path={route} element={<ResourceListPage route={route} />} />
            ))}
            {showRoutes().map(({ route, resource }) => (
              <Route key={route} path={route} element={<ResourceShowPage key={resource.key} resourceKey={resource.key} />} />
            ))}
            {viewPages().map(({ service, page }) => (
              <Route key={page.route} path={page.route} element={<PageViewPage key={page.route} service={service} page={page} />} />
            ))}
            {dashboardPages().map(({ service, page }) => (
              <Route key={page.route} path={page.route} element={<DashboardPage key={page.route} service={service} page={page} />} />
            ))}
            {pages
              .filter(({ page }) => !page.absolute)
              .map(({ page, Component }) => (
                <Route key={page.route} path={page.route} element={all(<Component />)} />
              ))}
            <Route path="*" element={all(<NotFoundPage />)} />
          </Route>
          {pages
            .filter(({ page }) => page.absolute)
            .map(({ page, Component }) => (
              <Route key={page.route} path={page.route.replace(OPTIONAL_APP, '/:appId')} element={<AppLayout />}>
                <Route index element={all(<Component />)} />
              </Route>
            ))}
          {/* A page whose app is optional opens without one too (it then asks for one), outside the app layout. */}
          {pages
            .filter(({ page }) => page.absolute && OPTIONAL_APP.test(page.route))
            .map(({ page, Component }) => (
              <Route key={`${page.route}-no-app`} path={page.route.replace(OPTIONAL_APP, '')} element={all(<Component />)} />
            ))}
        </Route>
        <Route path="*" element={all(<NotFoundPage />, true)} />
      </Routes>
    </Suspense>
  );
}
