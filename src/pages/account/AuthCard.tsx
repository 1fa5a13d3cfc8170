import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { Brand } from '../layout/Brand';
import { LanguageToggle } from '../layout/LanguageToggle';

/**
 * The frame of the sign-in, sign-up and other account pages: language switch, a centred card with a heading, and a
 * footer line in secondary text.
 */
export function AuthCard({ title, subtitle, children, footer }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)` }}>
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageToggle />
      </Flex>
      <Flex flex={1} vertical align="center" justify="center" style={{ padding: '0 16px 64px' }}>
        <section
          style={{
            width: '100%',
            maxWidth: 420,
            padding: 32,
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
          }}
        >
          <Flex vertical align="center" style={{ marginBottom: 24, textAlign: 'center' }}>
            <Brand />
            <h1 style={{ margin: '4px 0', fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>
              {title}
            </h1>
            {subtitle && <p style={{ margin: 0, color: token.colorTextDescription }}>{subtitle}</p>}
          </Flex>
          {children}
        </section>
        {footer && <div style={{ marginTop: 16, color: token.colorTextDescription }}>{footer}</div>}
      </Flex>
    </Flex>
  );
}
