import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import '@refinedev/antd/dist/reset.css';
import { SIGN_IN_PATH } from '../providers/http';
import { useToastHost } from '../providers/notification';
import { useLocale } from './lib/useLocale';
import { useWebVersionCheck } from './lib/webVersion';
import { useScrollRestoration } from './lib/scroll';
import { useAnalytics } from './lib/useAnalytics';
import { PageLoading } from './pages/PageLoading';
import { PublicPage } from './pages/layout/PublicPage';
import { publicPages } from './routes/public';
import { ConsoleShell } from './routes/shell';
import { THEME } from './theme';


/** What every page shares: the web-version check, scroll restoration, page views, and the toasts' host. */
function PageServices() {
  useWebVersionCheck();
  useScrollRestoration();
  useAnalytics();
  return useToastHost();
}

/** The page's base text style from the theme (what antd's `App` gives its children), for every page. */
function Surface({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ minHeight: '100vh', color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

/**
 * The whole site: the antd theme and locale, then either a public page (signing in, signing up, the site's
 * contact pages…), which loads on its own, or the console.
 */
export function Root() {
  const { locale } = useLocale();
  return (
    <BrowserRouter>
      <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={THEME} button={{ autoInsertSpace: false }}>
        <Surface>
          <PageServices />
          <Suspense fallback={<PageLoading full />}>
            <Routes>
              {publicPages.map(({ path, Component, hideFooter }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <PublicPage hideFooter={hideFooter}>
                      <Component />
                    </PublicPage>
                  }
                />
              ))}
              <Route path="/login" element={<Navigate to={SIGN_IN_PATH} replace />} />
              {/* The signed-in console (Refine, every declaration, every page): loaded only when a console page opens. */}
              <Route path="*" element={<ConsoleShell />} />
            </Routes>
          </Suspense>
        </Surface>
      </ConfigProvider>
    </BrowserRouter>
  );
}
