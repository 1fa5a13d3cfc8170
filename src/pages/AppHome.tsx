import { Card, Col, Descriptions, Flex, Row, Spin, Typography } from 'antd';
import { services } from '../../providers/services';
import { PageHeader } from '../engine/PageHeader';
import { useCurrentAppState } from '../lib/currentApp';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { RoleTag } from './apps/AppCard';
import { ServiceCard } from './apps/ServiceCard';
import { dashboardServices } from './apps/dashboard';

/** `/services/:appId/dashboard`: the app's identity and every service with its status (spec 000 §4). */
export default function AppHome() {
  const current = useCurrentAppState();
  const { t } = useLocale();
  usePageTitle(current?.app.ProjectName, t('org.dashboard.title'));
  if (!current) return null;
  const { app, initialised } = current;

  return (
    <>
      <PageHeader title={app.ProjectName} subtitle={t('org.dashboard.title')} />
      <Card style={{ marginBottom: 24 }}>
        <Descriptions
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'id', label: t('org.apps.appId'), children: <Typography.Text code copyable>{app.AppId}</Typography.Text> },
            { key: 'org', label: t('org.dashboard.organization'), children: app.OrganizationName },
            { key: 'role', label: t('org.dashboard.role'), children: <RoleTag role={app.Role} /> },
            {
              key: 'multi',
              label: t('org.dashboard.multi'),
              children: t(app.SupportMultiServices ? 'org.dashboard.multiOn' : 'org.dashboard.multiOff'),
            },
          ]}
        />
      </Card>
      <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('org.dashboard.services')}
        </Typography.Title>
        {!initialised && (
          <Typography.Text type="secondary" data-testid="services-loading">
            <Spin size="small" /> {t('org.dashboard.loading')}
          </Typography.Text>
        )}
      </Flex>
      <Row gutter={[16, 16]}>
        {dashboardServices(services).map((service) => (
          <Col key={service.name} xs={24} md={12} xl={8}>
            <ServiceCard service={service} />
          </Col>
        ))}
      </Row>
    </>
  );
}
