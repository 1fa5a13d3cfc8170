import { useNavigate } from 'react-router';
import { Avatar, Button, Dropdown, Flex, Tag, Typography } from 'antd';
import { IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import type { AccountIdentity } from '../../../resources/account-api';
import { useLocale } from '../../lib/useLocale';

/** Who is signed in (name, e-mail, real-name status), and signing out. */
export function UserMenu() {
  const { t } = useLocale();
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<AccountIdentity>();
  const verified = !!user?.isRealName;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'who',
            disabled: true,
            label: (
              <Flex vertical style={{ maxWidth: 260 }}>
                <Typography.Text strong ellipsis>
                  {user?.name || user?.email}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis data-testid="user-menu-email">
                  {user?.email}
                </Typography.Text>
              </Flex>
            ),
          },
          { type: 'divider' },
          {
            key: 'real-name',
            icon: <IdcardOutlined />,
            onClick: () => navigate('/real-name-verify'),
            label: (
              <Flex justify="space-between" align="center" gap={12} data-testid="user-menu-real-name">
                <span>{t('account.menu.realName')}</span>
                <Tag color={verified ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
                  {verified ? t('account.menu.verified') : t('account.menu.unverified')}
                </Tag>
              </Flex>
            ),
          },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('auth.signOut'), onClick: () => navigate('/logout'), danger: true },
        ],
      }}
    >
      <Button type="text" aria-label={t('layout.account')} data-testid="user-menu">
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{user?.name || user?.email}</span>
        </Flex>
      </Button>
    </Dropdown>
  );
}
