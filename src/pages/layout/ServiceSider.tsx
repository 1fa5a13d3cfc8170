import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Layout, Menu, theme } from 'antd';
import { useThemedLayoutContext } from '@refinedev/antd';
import { services } from '../../../resources';
import { isServiceEnabled, listRoutes, routeTo } from '../../engine/routes';
import { useCurrentApp } from '../../lib/currentApp';
import { iconOf } from '../../lib/icons';
import { useLocale } from '../../lib/useLocale';
import { registeredPages } from '../registry';
import { pagesOf } from '../../routes';
import { fetchSessions } from '../../../providers/auth';
import { useEffect, useState } from 'react';
import { Brand } from './Brand';

/** Routes a menu entry may point at: declared lists and registered pages. */
function knownRoutes(): Set<string> {
  return new Set([...listRoutes().map((r) => r.route), ...registeredPages().map((p) => p.page.route)]);
}

/**
 * The app console's menu, built from the registry: the overview, then for every service the app has enabled,
 * the entries of its declared `menu`.
 */
export function ServiceSider() {
  const app = useCurrentApp();
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const { text } = useLocale();
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed } = useThemedLayoutContext();
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchSessions().then((s) => live && setIsAdmin(!!s.admin));
    return () => {
      live = false;
    };
  }, []);

  const { items, paths } = useMemo(() => {
    const known = knownRoutes();
    const home = `/services/${encodeURIComponent(appId)}`;
    const allPaths: string[] = [];
    const appItems = pagesOf('app')
      .filter((p) => p.menu && (!p.menu.adminOnly || isAdmin))
      .map((p) => {
        const path = `${home}/${p.path}`;
        allPaths.push(path);
        return { key: path, icon: p.menu?.icon ? iconOf(p.menu.icon) : undefined, label: <Link to={path}>{text(p.menu!.label)}</Link> };
      });
    const serviceItems = services
      .filter((service) => isServiceEnabled(app, service))
      .map((service) => ({
        key: `service:${service.name}`,
        icon: iconOf(service.catalogue.icon),
        label: text(service.catalogue.displayName),
        children: (service.menu ?? [])
          .filter((entry) => known.has(entry.route))
          .map((entry) => {
            const path = routeTo(entry.route, { appId });
            allPaths.push(path);
            return { key: path, label: <Link to={path}>{text(entry.label)}</Link> };
          }),
      }));
    return {
      items: [...appItems, ...serviceItems],
      paths: allPaths,
    };
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
