import { Link, useLocation } from 'react-router';
import { Menu } from 'antd';
import { useLocale } from '../../lib/useLocale';

/** The organisation console's sections, in the header of every signed-in page outside an app. */
const SECTIONS = [
  { path: '/apps', key: 'shell.nav.apps' },
  { path: '/orgs', key: 'shell.nav.orgs' },
  { path: '/apps/bill', key: 'shell.nav.bill' },
  { path: '/apps/usage', key: 'shell.nav.usage' },
] as const;

export function ConsoleNav() {
  const { t } = useLocale();
  const { pathname } = useLocation();
  // The longest section path the address starts with (so /apps/bill/… selects billing, not apps).
  const selected = SECTIONS.map((s) => s.path)
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <Menu
      mode="horizontal"
      selectedKeys={selected ? [selected] : []}
      style={{ borderBottom: 0, flex: 1, minWidth: 0, lineHeight: '54px' }}
      items={SECTIONS.map((s) => ({ key: s.path, label: <Link to={s.path} data-testid={`nav-${s.path.slice(1).replace('/', '-')}`}>{t(s.key)}</Link> }))}
    />
  );
}
