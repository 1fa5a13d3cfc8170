import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Layout, Menu, theme } from 'antd';
import { useThemedLayoutContext } from '@refinedev/antd';
import { services } from '../../../resources';
import { isServiceEnabled, listRoutes, routeTo } from '../../engine/routes';
import { useCurrentAppState } from '../../lib/currentApp';
import { iconOf } from '../../lib/icons';
import { useLocale } from '../../lib/useLocale';
import { registeredPages } from '../registry';
import { pagesOf, type PageRoute } from '../../routes';
import { Brand } from './Brand';

/** Routes a menu entry may point at: declared lists and registered pages. */
function knownRoutes(): Set<string> {
  return new Set([...listRoutes().map((r) => r.route), ...registeredPages().map((p) => p.page.route)]);
}

/** App pages ordered below this come before the services in the menu (the overview); the rest after them. */
const SERVICES_AT = 50;

/**
 * The app console's menu, built from the registry: the overview, then for every service the app has enabled,
 * the entries of its declared `menu`, then the app's other pages (settings, administrator settings…).
 */
export function ServiceSider() {
  const current = useCurrentAppState();
  const app = current?.app;
  const isAdmin = !!current?.isAdmin;
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const { text } = useLocale();
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed } = useThemedLayoutContext();

  const { items, paths } = useMemo(() => {
    const known = knownRoutes();
    const home = `/services/${encodeURIComponent(appId)}`;
    const allPaths: string[] = [];
    const appPages = pagesOf('app').filter((p) => p.menu && (!p.menu.adminOnly || isAdmin));
    const pageItem = (p: PageRoute) => {
      const path = `${home}/${p.path}`;
      allPaths.push(path);
      return { key: path, icon: p.menu?.icon ? iconOf(p.menu.icon) : undefined, label: <Link to={path}>{text(p.menu!.label)}</Link> };
    };
    const before = appPages.filter((p) => p.menu!.order < SERVICES_AT).map(pageItem);
    // A service without screens of its own has nothing to open: it shows on the overview only.
    const serviceItems = services
      .filter((service) => isServiceEnabled(app, service) && !service.catalogue.hide?.menu)
      .map((service) => ({ service, entries: (service.menu ?? []).filter((entry) => known.has(entry.route)) }))
      .filter(({ entries }) => entries.length > 0)
      .map(({ service, entries }) => ({
        key: `service:${service.name}`,
        icon: iconOf(service.catalogue.icon),
        label: text(service.catalogue.displayName),
        children: entries.map((entry) => {
          const path = routeTo(entry.route, { appId });
          allPaths.push(path);
          return { key: path, label: <Link to={path}>{text(entry.label)}</Link> };
        }),
      }));
    const after = appPages.filter((p) => p.menu!.order >= SERVICES_AT).map(pageItem);
    return { items: [...before, ...serviceItems, ...after], paths: allPaths };
  }, [app, appId, text, isAdmin]);

  // The entry whose path is the longest prefix of the address (a record's page selects its list).
  const selected = paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <Layout.Sider
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      breakpoint="lg"
      width={220}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
    >
      <Brand collapsed={siderCollapsed} />
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={items.map((i) => i.key)}
        items={items}
        style={{ borderInlineEnd: 0 }}
      />
    </Layout.Sider>
  );
}
