import { Suspense, useMemo } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Flex, Layout, Menu, Tag, Typography, theme } from 'antd';
import { useLogout } from '@refinedev/core';
import { LogoutOutlined } from '@ant-design/icons';
import { pagesOf } from '../../routes';
import { BACK_OFFICES, type BackOffice } from '../../routes/guards';
import { iconOf } from '../../lib/icons';
import { useLocale } from '../../lib/useLocale';
import { Brand } from '../layout/Brand';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { PageLoading } from '../PageLoading';

/** A back office (administrators' or finance administrators'): a menu of its pages from every area, and the page. */
export default function AdminLayout({ office = 'admin' }: { office?: BackOffice }) {
  const { text, t } = useLocale();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const { mutate: logout } = useLogout();
  const { base, signIn, pages } = BACK_OFFICES[office];
  const pathOf = (path: string) => (path ? `${base}/${path}` : base);
  const entries = useMemo(() => pagesOf(pages).filter((p) => p.menu), [pages]);
  const selected = entries
    .map((p) => pathOf(p.path))
    .filter((p) => pathname === p || (p !== base && pathname.startsWith(`${p}/`)))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsible style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
        <Brand />
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          style={{ borderInlineEnd: 0 }}
          items={entries.map((p) => ({
            key: pathOf(p.path),
            icon: p.menu?.icon ? iconOf(p.menu.icon) : undefined,
            label: <Link to={pathOf(p.path)}>{text(p.menu!.label)}</Link>,
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`, height: 56, lineHeight: '56px', paddingInline: 24 }}
        >
          <Flex justify="space-between" align="center" style={{ height: '100%' }}>
            <Flex align="center" gap={8}>
              <Typography.Text strong>{t(`shell.${office}.title`)}</Typography.Text>
              <Tag color={office === 'admin' ? 'red' : 'gold'}>{t(`shell.${office}.badge`)}</Tag>
            </Flex>
            <Flex align="center" gap={8}>
              <LanguageSwitch />
              <Typography.Link onClick={() => logout({ redirectPath: signIn })} data-testid="admin-logout">
                <LogoutOutlined /> {t('auth.signOut')}
              </Typography.Link>
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
