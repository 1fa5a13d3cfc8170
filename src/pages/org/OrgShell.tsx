import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumb, Button, Layout, Result } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import type { ApiError } from '../../../providers/http';
import { useLocale } from '../../lib/useLocale';
import { ConsoleHeader } from '../layout/ConsoleHeader';

export interface Crumb {
  title: ReactNode;
  to?: string;
}

/** The frame of the organisation pages: the console header, a trail back to the organisations, and the page. */
export function OrgShell({ crumbs = [], children }: { crumbs?: Crumb[]; children: ReactNode }) {
  const { t } = useLocale();
  const items = [
    {
      title: (
        <Link to="/orgs">
          <TeamOutlined /> {t('org.organizations.breadcrumb')}
        </Link>
      ),
    },
    ...crumbs.map((c) => ({ title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title })),
  ];
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader />
      <Layout.Content style={{ padding: '24px 24px 48px', maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        {crumbs.length > 0 && <Breadcrumb items={items} style={{ marginBottom: 16 }} />}
        {children}
      </Layout.Content>
    </Layout>
  );
}

/**
 * What a page shows when its organisation or project cannot be read: missing or not the caller's (403/404), or
 * another failure, which may be retried.
 */
export function LoadFailed({ error, title, hint, onRetry }: { error: ApiError; title: string; hint: string; onRetry: () => void }) {
  const { t } = useLocale();
  const back = (
    <Link to="/orgs" key="back">
      <Button type={error.statusCode === 403 || error.statusCode === 404 ? 'primary' : 'default'}>{t('org.organizations.back')}</Button>
    </Link>
  );
  if (error.statusCode === 403 || error.statusCode === 404) {
    return (
      <div data-testid="org-unavailable">
        <Result status="403" title={title} subTitle={hint} extra={back} />
      </div>
    );
  }
  return (
    <Result
      status="error"
      title={error.message}
      extra={[
        <Button type="primary" key="retry" onClick={onRetry}>
          {t('common.refresh')}
        </Button>,
        back,
      ]}
    />
  );
}
