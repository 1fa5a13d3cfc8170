import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { SiteFooter } from './SiteFooter';

/** A public page with the site footer below it, unless the page hides it (sign-in and its callbacks). */
export function PublicPage({ children, hideFooter }: { children: ReactNode; hideFooter?: boolean }) {
  if (hideFooter) return <>{children}</>;
  return (
    <Flex vertical style={{ minHeight: '100vh' }}>
      <div style={{ flex: 1 }}>{children}</div>
      <SiteFooter />
    </Flex>
  );
}
