import { Link } from 'react-router';
import { Flex, theme } from 'antd';
import { StarFilled } from '@ant-design/icons';

/** The product mark: links home (the console's apps, or the site's home page from the site). */
export function Brand({ collapsed, to = '/apps' }: { collapsed?: boolean; to?: string }) {
  const { token } = theme.useToken();
  return (
    <Link to={to} style={{ textDecoration: 'none' }}>
      <Flex align="center" gap={8} style={{ height: 56, paddingInline: collapsed ? 0 : 20, justifyContent: collapsed ? 'center' : 'flex-start' }}>
        <StarFilled style={{ color: token.colorPrimary, fontSize: 22 }} />
        {!collapsed && (
          <span style={{ fontSize: 18, fontWeight: token.fontWeightStrong, letterSpacing: 0.3, color: token.colorText }}>Lodestar</span>
        )}
      </Flex>
    </Link>
  );
}
