import { Link } from 'react-router';
import { Flex, theme } from 'antd';
import { useLocale } from '../../lib/useLocale';
import './site-texts';

/** The site's main links, in the header (wide screens) or the row under it (narrow screens). */
export function SiteNav() {
  const { t } = useLocale();
  return (
    <>
      <Link to="/#services">{t('sitePages.nav.products')}</Link>
      <Link to="/doc">{t('sitePages.nav.docs')}</Link>
      <Link to="/doc/bill/pricing">{t('sitePages.nav.pricing')}</Link>
      <Link to="/consultation">{t('ops.site.nav.consultation')}</Link>
      <Link to="/contact-us">{t('ops.site.nav.contact')}</Link>
    </>
  );
}

const GROUPS: { title: string; links: [string, string][] }[] = [
  {
    title: 'sitePages.links.products',
    links: [
      ['/product/passport', 'Passport'],
      ['/product/remote-config', 'sitePages.links.remoteConfig'],
      ['/product/multiplayer', 'sitePages.solutions.multiplayer.title'],
      ['/product/onlinegame', 'sitePages.solutions.onlinegame.title'],
      ['/product/minigame', 'sitePages.solutions.minigame.title'],
      ['/showcase', 'sitePages.nav.showcase'],
    ],
  },
  {
    title: 'sitePages.links.resources',
    links: [
      ['/doc', 'sitePages.nav.docs'],
      ['/doc/bill/pricing', 'sitePages.nav.pricing'],
      ['/doc/bill/hk-pricing', 'sitePages.pricing.hkTitle'],
      ['/article', 'sitePages.article.title'],
      ['/video', 'sitePages.video.title'],
      ['/wish', 'sitePages.nav.wish'],
    ],
  },
  {
    title: 'sitePages.nav.policies',
    links: [
      ['/policy/privacy', 'sitePages.policy.names.privacy'],
      ['/policy/tos', 'sitePages.policy.names.tos'],
      ['/policy/id', 'sitePages.policy.names.id'],
      ['/policy/sla', 'sitePages.policy.names.sla'],
      ['/policy/libraries-agora', 'sitePages.policy.libraries'],
    ],
  },
  {
    title: 'sitePages.nav.partners',
    links: [
      ['/partner/xasset', 'sitePages.partner.xasset.title'],
      ['/partner/pal-world', 'sitePages.partner.pal-world.title'],
      ['/passport', 'sitePages.passport.title'],
      ['/langyage', 'sitePages.links.consultant'],
    ],
  },
];

/** The site's links by group, at the bottom of every site page. */
export function SiteLinks() {
  const { t } = useLocale();
  const { token } = theme.useToken();
  return (
    <nav aria-label={t('sitePages.links.title')} data-testid="site-links" style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, padding: '28px 16px', background: token.colorBgContainer }}>
      <Flex wrap gap={32} style={{ maxWidth: 1200, margin: '0 auto' }}>
        {GROUPS.map((group) => (
          <div key={group.title} style={{ minWidth: 150, flex: '1 1 150px' }}>
            <div style={{ fontWeight: token.fontWeightStrong, marginBottom: 8 }}>{t(group.title)}</div>
            <Flex vertical gap={6}>
              {group.links.map(([to, label]) => (
                <Link key={to} to={to}>
                  {label.startsWith('sitePages.') ? t(label) : label}
                </Link>
              ))}
            </Flex>
          </div>
        ))}
      </Flex>
    </nav>
  );
}
