import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import type { Identity } from '../../../providers/types';
import { useLocale } from '../../lib/useLocale';

/** Who is signed in, and signing out. */
export function UserMenu() {
  const { t } = useLocale();
  const { data: user } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'who', disabled: true, label: <Typography.Text type="secondary">{user?.email}</Typography.Text> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('auth.signOut'), onClick: () => logout() },
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
