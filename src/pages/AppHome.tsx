import { useNavigate, useParams } from 'react-router';
import { Button, Card, Col, Descriptions, Flex, Row, Space, Tag, Typography } from 'antd';
import { services, type ServiceDecl } from '../../resources';
import type { AppRecord } from '../../providers/types';
import { PageHeader } from '../engine/PageHeader';
import { routeTo } from '../engine/routes';
import { useCurrentApp } from '../lib/currentApp';
import { iconOf } from '../lib/icons';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';

type DisplayStatus = 'Enabled' | 'Suspended' | 'NotEnabled';
const STATUS_COLORS: Record<DisplayStatus, string> = { Enabled: 'success', Suspended: 'warning', NotEnabled: 'default' };

/** Spec 000 §4: a service whose status is not Enabled shows Suspended; one the app never had, not enabled. */
function displayStatus(app: AppRecord, service: ServiceDecl): DisplayStatus {
  const state = app.Services?.[service.name];
  if (!state) return 'NotEnabled';
  return state.Status === 'Enabled' ? 'Enabled' : 'Suspended';
}

/** `/services/:appId`: the app's identity and its services with their status. */
export default function AppHome() {
  const app = useCurrentApp();
  const { appId = '' } = useParams();
  const { t, text } = useLocale();
  const navigate = useNavigate();
  usePageTitle(app?.ProjectName);
  if (!app) return null;

  return (
    <>
      <PageHeader title={app.ProjectName} subtitle={t('home.title')} />
      <Card style={{ marginBottom: 24 }}>
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'id', label: t('apps.appId'), children: <Typography.Text code copyable>{app.AppId}</Typography.Text> },
            { key: 'org', label: t('apps.organization'), children: app.OrganizationName },
            { key: 'role', label: t('apps.role'), children: t(`apps.roles.${app.Role}`, { defaultValue: app.Role }) },
          ]}
        />
      </Card>
      <Typography.Title level={5}>{t('home.services')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {services
          .filter((s) => !s.catalogue.hide?.dashboard)
          .map((service) => {
            const status = displayStatus(app, service);
            return (
              <Col key={service.name} xs={24} md={12} xl={8}>
                <Card style={{ height: '100%' }} data-testid={`service-${service.name}`}>
                  <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
                    <Space>
                      <span style={{ fontSize: 20 }}>{iconOf(service.catalogue.icon)}</span>
                      <Typography.Text strong>{text(service.catalogue.displayName)}</Typography.Text>
                    </Space>
                    <Tag color={STATUS_COLORS[status]}>{t(`home.status.${status}`)}</Tag>
                  </Flex>
                  <Typography.Paragraph type="secondary" style={{ minHeight: 44 }}>
                    {text(service.catalogue.description)}
                  </Typography.Paragraph>
                  {status === 'Enabled' ? (
                    <Space wrap>
                      {(service.menu ?? []).map((entry) => (
                        <Button key={entry.route} size="small" onClick={() => navigate(routeTo(entry.route, { appId }))}>
                          {text(entry.label)}
                        </Button>
                      ))}
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('home.notEnabledHint')}</Typography.Text>
                  )}
                </Card>
              </Col>
            );
          })}
      </Row>
    </>
  );
}
