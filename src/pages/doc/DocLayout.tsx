import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Drawer, Grid, Menu, theme, type MenuProps } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { SiteShell } from '../site/SiteShell';
import { DocSearch } from './DocSearch';
import { APP_PAGES, BILL_PAGES, menuAddress, SECTION_PAGES, SECTIONS, sectionPageAddress, type DocSection } from './doc-paths';
import './texts';

type Item = Required<MenuProps>['items'][number];

/** The menu's entries: the overview, every service section with its pages, billing, the demo, the app-level pages. */
function useMenuItems(): Item[] {
  const { t } = useLocale();
  return useMemo(() => {
    const sectionItem = (section: DocSection): Item =>
      section.children
        ? { key: `group:${section.path}`, label: t(`docs.sections.${section.key}`), children: section.children.map(sectionItem) }
        : {
            key: `section:${section.path}`,
            label: t(`docs.sections.${section.key}`),
            children: SECTION_PAGES.map((page) => ({ key: sectionPageAddress(section, page), label: t(`docs.pages.${page}`) })),
          };
    return [
      { key: '/doc', label: t('docs.menu.overview') },
      ...SECTIONS.map(sectionItem),
      { key: 'group:bill', label: t('docs.menu.bill'), children: BILL_PAGES.map((page) => ({ key: `/doc/bill/${page}`, label: t(`docs.pages.${page}`) })) },
      { key: '/doc/sync-perf-demo', label: t('docs.menu.syncPerfDemo') },
      {
        key: 'group:app',
        type: 'group',
        label: t('docs.menu.app'),
        children: APP_PAGES.map((page) => ({ key: `/doc/app/${page}`, label: t(`docs.pages.${page}`) })),
      },
    ];
  }, [t]);
}

/** The submenus holding an address: its section (and group), or billing. */
function openKeysOf(pathname: string): string[] {
  const path = pathname.replace(/^\/doc\/?/, '').replace(/\/+$/, '');
  if (path.startsWith('bill/')) return ['group:bill'];
  const keys: string[] = [];
  for (const section of SECTIONS) {
    for (const leaf of section.children ?? [section]) {
      if (path === leaf.path || path.startsWith(`${leaf.path}/`)) {
        if (section.children) keys.push(`group:${section.path}`);
        keys.push(`section:${leaf.path}`);
      }
    }
    if (section.children && path === section.path) keys.push(`group:${section.path}`, `section:${section.children[0].path}`);
  }
  return keys;
}

function DocMenu({ onPick }: { onPick?: () => void }) {
  const items = useMenuItems();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = menuAddress(pathname);
  const [openKeys, setOpenKeys] = useState(() => openKeysOf(current));
  // Opening another page opens its section too, leaving the others as the reader left them.
  useEffect(() => setOpenKeys((keys) => [...new Set([...keys, ...openKeysOf(current)])]), [current]);
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[current]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        navigate(key);
        onPick?.();
      }}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
      data-testid="doc-menu"
    />
  );
}

/**
 * The documentation's frame inside the site's `SiteShell`: the contents on the left (the service sections with
 * their pages, billing, the app-level pages) with the search above them, the page on the right. On narrow screens
 * the contents fold into a drawer opened from a button above the page.
 *
 * Another public page shows itself inside the documentation by wrapping its content:
 * `<DocLayout><h1>…</h1>…</DocLayout>` (the price lists at /doc/bill/pricing and /doc/bill/hk-pricing do; their
 * menu entries are already here). It brings the docs' texts (`./texts`) with it.
 */
export function DocLayout({ children }: { children: ReactNode }) {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().lg !== false;
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setDrawer(false), [pathname]);

  return (
    <SiteShell width={1200}>
      {wide ? (
        <div style={{ display: 'flex', gap: 32, alignItems: 'flex-start' }}>
          <aside
            style={{ width: 264, flex: 'none', position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto', borderRight: `1px solid ${token.colorBorderSecondary}` }}
            aria-label={t('docs.menu.open')}
          >
            <div style={{ padding: '0 12px 12px 4px' }}>
              <DocSearch />
            </div>
            <DocMenu />
          </aside>
          <main style={{ flex: 1, minWidth: 0 }} data-testid="doc-content">
            {children}
          </main>
        </div>
      ) : (
        <>
          <div style={{ display: 'flex', gap: 8, marginBottom: 16 }}>
            <Button onClick={() => setDrawer(true)} data-testid="doc-menu-open">
              {t('docs.menu.open')}
            </Button>
            <div style={{ flex: 1, minWidth: 0 }}>
              <DocSearch />
            </div>
          </div>
          <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" width={300} title={t('docs.menu.open')} styles={{ body: { padding: 0 } }}>
            <DocMenu onPick={() => setDrawer(false)} />
          </Drawer>
          <main data-testid="doc-content">{children}</main>
        </>
      )}
    </SiteShell>
  );
}

export default DocLayout;
