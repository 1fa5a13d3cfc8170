import type { ReactNode } from 'react';
import { Card, Flex, Typography, theme } from 'antd';
import { Brand } from '../layout/Brand';
import { LanguageSwitch } from '../layout/LanguageSwitch';

/** The frame of the sign-in, sign-up and other account pages: language switch, a centred card with a heading. */
export function AuthCard({ title, subtitle, children, footer }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)` }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} vertical align="center" justify="center" style={{ padding: '0 16px 64px' }}>
        <Card style={{ width: '100%', maxWidth: 420, boxShadow: token.boxShadowTertiary }} styles={{ body: { padding: 32 } }}>
          <Flex vertical align="center" style={{ marginBottom: 24, textAlign: 'center' }}>
            <Brand />
            <Typography.Title level={4} style={{ margin: '4px 0 4px' }}>
              {title}
            </Typography.Title>
            {subtitle && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
          </Flex>
          {children}
        </Card>
        {footer && <div style={{ marginTop: 16 }}>{footer}</div>}
      </Flex>
    </Flex>
  );
}
