import { Link } from 'react-router';
import { Flex, theme } from 'antd';
import { useLocale } from '../../lib/useLocale';

/** The footer of the public pages: who we are and how to reach us. */
export function SiteFooter() {
  const { t } = useLocale();
  const { token } = theme.useToken();
  return (
    <footer data-testid="site-footer" style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, padding: '20px 24px', background: token.colorBgContainer }}>
      <Flex justify="space-between" wrap gap={12} style={{ maxWidth: 1200, margin: '0 auto' }}>
        <span style={{ color: token.colorTextDescription }}>
          © {new Date().getFullYear()} Lodestar · {t('shell.footer.tagline')}
        </span>
        <Flex gap={20} wrap>
          <Link to="/contact-us">{t('shell.footer.contact')}</Link>
          <Link to="/consultation">{t('shell.footer.consultation')}</Link>
          <Link to="/apps">{t('shell.footer.console')}</Link>
        </Flex>
      </Flex>
    </footer>
  );
}
