import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { ConsoleHeader } from '../layout/ConsoleHeader';

/**
 * A playground opened without an app is outside the app's console: it gets the console's header around it. With an
 * app, the app's layout (src/AppRoutes.tsx) already gives it one.
 */
export function Standalone({ appId, children }: { appId: string; children: ReactNode }) {
  if (appId) return <>{children}</>;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader />
      <Layout.Content style={{ padding: '32px 24px', maxWidth: 1400, width: '100%', margin: '0 auto' }}>{children}</Layout.Content>
    </Layout>
  );
}
