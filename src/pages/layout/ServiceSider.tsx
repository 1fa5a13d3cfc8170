import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Layout, Menu, theme } from 'antd';
import { useThemedLayoutContext } from '@refinedev/antd';
import menus from 'virtual:menu-manifest';
import type { MenuEntry } from '../../../resources/types';
import { menuTree } from '../../engine/menu';
import { isServiceEnabled, routeTo } from '../../engine/routes';
import { useCurrentAppState } from '../../lib/currentApp';
import { useLocale } from '../../lib/useLocale';
import { useAfterFirstContent } from '../../lib/useAfterFirstContent';
import { loadIcons, type Icons } from '../../lib/loadIcons';
import { pagesOf, type PageRoute } from '../../routes';
import { Brand } from './Brand';
import { openKeysOf, showing, toggled, type MenuChoices } from './menuOpenState';

const NO_KEYS: string[] = [];

/** App pages ordered below this come before the services in the menu (the overview); the rest after them. */
const SERVICES_AT = 50;

/**
 * The app console's menu: the overview, then for every service the app has enabled, the entries of its declared
 * `menu` (grouped in sub-menus where entries name a group), then the app's other pages (settings, administrator
 * settings…). The services' menus come with the console's code, written from their declarations when it is built
 * (`virtual:menu-manifest`, src/engine/service-menus.ts): the menu waits for no service's declarations. Services start
 * open; a group opens when one of its pages is open. The menu renders once the page beside it has and the services'
 * icons are in (the side bar keeps its width meanwhile): on a deep link its hundreds of items and the icons do not
 * hold back the page's first rows.
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
  const ready = useAfterFirstContent();
  const [icons, setIcons] = useState<Icons>();
  useEffect(() => {
    if (ready && !icons) void loadIcons().then(setIcons, (error: unknown) => console.error(error));
  }, [ready, icons]);
  const iconOf = (name: string | undefined) => icons?.iconOf(name);

  const { items, paths, parents, groupKeys, serviceKeys } = useMemo(() => {
    const home = `/services/${encodeURIComponent(appId)}`;
    const allPaths: string[] = [];
    // The sub-menus holding each path (its group, then its service), for opening them when the path is shown.
    const parentOf = new Map<string, string[]>();
    const appPages = pagesOf('app').filter((p) => p.menu && (!p.menu.adminOnly || isAdmin));
    const pageItem = (p: PageRoute) => {
      const path = `${home}/${p.path}`;
      allPaths.push(path);
      return { key: path, icon: p.menu?.icon ? iconOf(p.menu.icon) : undefined, label: <Link to={path}>{text(p.menu!.label)}</Link> };
    };
    const entryItem = (entry: MenuEntry, parents: string[]) => {
      const path = routeTo(entry.route, { appId });
      allPaths.push(path);
      parentOf.set(path, parents);
      return { key: path, label: <Link to={path}>{text(entry.label)}</Link> };
    };
    const before = appPages.filter((p) => p.menu!.order < SERVICES_AT).map(pageItem);
    // A service without screens of its own has nothing to open: it shows on the overview only.
    const serviceItems = menus
      .filter((service) => isServiceEnabled(app, service))
      .map((service) => ({ service, entries: service.entries.filter((entry) => !entry.adminOnly || isAdmin) }))
      .filter(({ entries }) => entries.length > 0)
      .map(({ service, entries }) => {
        const key = `service:${service.name}`;
        return {
          key,
          icon: iconOf(service.icon),
          label: text(service.displayName),
          children: menuTree(service.name, entries).map((node) =>
            node.kind === 'entry'
              ? entryItem(node.entry, [key])
              : { key: node.key, label: text(node.label), children: node.entries.map((entry) => entryItem(entry, [node.key, key])) },
          ),
        };
      });
    const after = appPages.filter((p) => p.menu!.order >= SERVICES_AT).map(pageItem);
    const serviceKeys = new Set(serviceItems.map((i) => i.key));
    // Every sub-menu: the services and the groups inside them.
    const groupKeys = serviceItems.flatMap((i) => [i.key, ...i.children.filter((c) => 'children' in c).map((c) => c.key)]);
    return { items: [...before, ...serviceItems, ...after], paths: allPaths, parents: parentOf, groupKeys, serviceKeys };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, appId, text, isAdmin, icons]);

  // The entry whose path is the longest prefix of the address (a record's page selects its list).
  const selected = paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];

  // What the user opened or closed (see menuOpenState). Derived while rendering, so the menu is open from its first
  // paint instead of unfolding after it.
  const [choices, setChoices] = useState<MenuChoices>(new Map());
  const shape = { groupKeys, serviceKeys };
  const shownParents = (selected && parents.get(selected)) || NO_KEYS;
  // The page whose sub-menus were last opened for it (none at first, so the first page's open too).
  const [shownPage, setShownPage] = useState<string>();
  if (shownPage !== selected) {
    setShownPage(selected);
    setChoices(showing(shownParents, choices));
  }
  const openKeys = openKeysOf(shape, shownParents, choices);
  const [popupKeys, setPopupKeys] = useState<string[]>([]);
  const menuShown = ready && !!icons;
  // Collapsing starts with every pop-up closed.
  useEffect(() => {
    if (siderCollapsed) setPopupKeys([]);
  }, [siderCollapsed]);
  // The chosen entry in view: a page far down the menu (every service open) opened directly, or reached by a link.
  const side = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (menuShown && side.current) showChosen(side.current);
  }, [menuShown, selected]);

  return (
    <Layout.Sider
      ref={side}
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      breakpoint="lg"
      width={220}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
    >
      <Brand collapsed={siderCollapsed} />
      {menuShown && (
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          // Collapsed, sub-menus are pop-ups opened by hovering; the open groups of the full menu wait for its return.
          openKeys={siderCollapsed ? popupKeys : openKeys}
          onOpenChange={siderCollapsed ? setPopupKeys : (keys) => setChoices(toggled(shape, openKeys, keys, choices))}
          items={items}
          style={{ borderInlineEnd: 0 }}
        />
      )}
    </Layout.Sider>
  );
}

/** Scrolls the side bar (not the page) so that its chosen entry is in the middle of it, when it is out of view. */
function showChosen(side: HTMLElement): void {
  const chosen = side.querySelector('.ant-menu-item-selected');
  if (!chosen) return;
  const box = side.getBoundingClientRect();
  const item = chosen.getBoundingClientRect();
  if (item.top >= box.top && item.bottom <= box.bottom) return;
  side.scrollTop += item.top - box.top - (box.height - item.height) / 2;
}
