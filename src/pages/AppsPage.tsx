import { useNavigate } from 'react-router';
import { Card, Col, Empty, Flex, Layout, Row, Skeleton, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { services } from '../../resources';
import type { AppList, AppRecord } from '../../providers/types';
import { isServiceEnabled } from '../engine/routes';
import { PageHeader } from '../engine/PageHeader';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { ConsoleHeader } from './layout/ConsoleHeader';

const ROLE_COLORS: Record<string, string> = { owner: 'gold', admin: 'blue', member: 'default' };

function AppCard({ app }: { app: AppRecord }) {
  const { t, text } = useLocale();
  const navigate = useNavigate();
  const enabled = services.filter((s) => isServiceEnabled(app, s));
  const role = app.Role in ROLE_COLORS ? app.Role : 'member';
  return (
    <Card
      hoverable
      onClick={() => navigate(`/services/${encodeURIComponent(app.AppId)}`)}
      data-testid={`app-${app.AppId}`}
      styles={{ body: { padding: 20 } }}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {app.ProjectName}
          </Typography.Title>
          <Typography.Text type="secondary">{app.OrganizationName}</Typography.Text>
        </div>
        <Tag color={ROLE_COLORS[role]}>{t(`apps.roles.${role}`)}</Tag>
      </Flex>
      <Flex gap={4} wrap style={{ margin: '16px 0 12px', minHeight: 24 }}>
        {enabled.length ? (
          enabled.map((s) => (
            <Tag key={s.name} color="processing">
              {text(s.catalogue.displayName)}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('apps.noServices')}</Typography.Text>
        )}
      </Flex>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: app.AppId }} onClick={(e) => e.stopPropagation()}>
          {t('apps.appId')} <code>{app.AppId}</code>
        </Typography.Text>
        <Typography.Link>
          {t('apps.open')} <RightOutlined />
        </Typography.Link>
      </Flex>
    </Card>
  );
}

/** `/apps`: the apps of the user's organisations. */
export default function AppsPage() {
  const { t } = useLocale();
  usePageTitle(t('apps.title'));
  const { result, query } = useCustom<AppList>({ url: '/api/apps', method: 'get', config: { query: { count: 9999 } }, errorNotification: false });
  const apps = result.data?.Items ?? [];

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader />
      <Layout.Content style={{ padding: '32px 24px', maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <PageHeader title={t('apps.title')} subtitle={t('apps.subtitle')} />
        {query.isLoading ? (
          <Skeleton active />
        ) : apps.length === 0 ? (
          <Card>
            <Empty description={t('apps.empty')}>
              <Typography.Text type="secondary">{t('apps.emptyHint')}</Typography.Text>
            </Empty>
          </Card>
        ) : (
          <Row gutter={[16, 16]}>
            {apps.map((app) => (
              <Col key={app.AppId} xs={24} sm={12} lg={8}>
                <AppCard app={app} />
              </Col>
            ))}
          </Row>
        )}
      </Layout.Content>
    </Layout>
  );
}
