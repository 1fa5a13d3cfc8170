import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Flex, Grid, Layout, theme } from 'antd';
import { SIGN_IN_PATH } from '../../../providers/http';
import { useSessions } from '../../routes/guards';
import { useLocale } from '../../lib/useLocale';
import { Brand } from '../layout/Brand';
import { LanguageToggle } from '../layout/LanguageToggle';
import { SiteLinks, SiteNav } from './SiteLinks';
import './texts';

/**
 * The public pages' frame: a header with the brand, the site's links, the language and a way in (sign in, or
 * the console for someone already signed in), then the page in a centred column.
 */
export function SiteShell({ children, width = 880 }: { children: ReactNode; width?: number }) {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const sessions = useSessions();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = !!sessions?.user;
  // Narrow screens keep the brand and the way in in the header, the site's main links in a row under it; the links
  // below the page carry the rest.
  const wide = Grid.useBreakpoint().md !== false;

  return (
    <Layout style={{ background: 'transparent' }}>
      <Layout.Header
        style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, height: 56, lineHeight: '56px', paddingInline: 16 }}
        data-testid="site-header"
      >
        <Flex justify="space-between" align="center" style={{ height: '100%', maxWidth: 1200, margin: '0 auto' }}>
          <Flex align="center" gap={24}>
            <div style={{ flex: 'none' }}>
              <Brand to="/" collapsed={!wide} />
            </div>
            {wide && (
              <Flex gap={20} component="nav">
                <SiteNav />
              </Flex>
            )}
          </Flex>
          <Flex align="center" gap={8}>
            <LanguageToggle />
            {sessions &&
              (signedIn ? (
                <Button type="primary" onClick={() => navigate('/apps')} data-testid="site-console">
                  {t('ops.site.nav.console')}
                </Button>
              ) : (
                <Button onClick={() => navigate(`${SIGN_IN_PATH}?to=${encodeURIComponent(pathname + search)}`)} data-testid="site-sign-in">
                  {t('ops.site.nav.signIn')}
                </Button>
              ))}
          </Flex>
        </Flex>
      </Layout.Header>
      {!wide && (
        <Flex component="nav" gap={20} style={{ overflowX: 'auto', whiteSpace: 'nowrap', padding: '10px 16px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <SiteNav />
        </Flex>
      )}
      <Layout.Content style={{ padding: wide ? '40px 16px 56px' : '24px 16px 40px' }}>
        <div style={{ maxWidth: width, margin: '0 auto' }}>{children}</div>
      </Layout.Content>
      <SiteLinks />
    </Layout>
  );
}
