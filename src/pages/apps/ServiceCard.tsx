import { useNavigate } from 'react-router';
import { App, Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ServiceDecl } from '../../../resources/types';
import { services } from '../../../providers/services';
import { displayStatus, occupiedBy, type DisplayStatus } from '../../../resources/serviceStatus';
import { requireOk } from '../../../providers/http';
import { routeTo } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useCurrentAppState } from '../../lib/currentApp';
import { iconOf } from '../../lib/icons';
import { useLocale } from '../../lib/useLocale';

export const STATUS_COLORS: Record<DisplayStatus, string> = {
  Enabled: 'success',
  Suspended: 'warning',
  Occupied: 'error',
  Pending: 'processing',
  NotEnabled: 'default',
};

/** A catalogued service on the app's dashboard: what it is, its display status, and enabling it. */
export function ServiceCard({ service }: { service: ServiceDecl }) {
  const current = useCurrentAppState()!;
  const { app, runtime, isAdmin, canEdit, reload } = current;
  const { t, text } = useLocale();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const status = displayStatus(app, service, services, runtime[service.name], { isAdmin });
  const blockers = status === 'Occupied' ? occupiedBy(app, service, services).map((s) => text(s.catalogue.displayName)) : [];
  const state = app.Services[service.name];
  const name = text(service.catalogue.displayName);
  const trialUntil = typeof state?.Properties?.trialUntil === 'string' ? state.Properties.trialUntil : undefined;

  const enable = () =>
    modal.confirm({
      title: t('org.dashboard.enableTitle', { name }),
      content: service.catalogue.pricingTag
        ? t('org.dashboard.enableContent', { pricing: text(service.catalogue.pricingTag) })
        : t('org.dashboard.enableContentFree'),
      okText: t('org.dashboard.enable'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await requireOk(`/api/app/${encodeURIComponent(app.AppId)}/service`, { method: 'POST', body: { Service: service.name } });
        } catch {
          // Refused (e.g. another service took its place meanwhile): the HTTP client said why; show what is true now.
          await reload();
          return;
        }
        message.success(t('org.dashboard.enabled', { name }));
        await reload();
      },
    });

  const footer = () => {
    switch (status) {
      case 'Enabled':
        return (
          <Space wrap>
            {(service.menu ?? []).map((entry) => (
              <Button key={entry.route} size="small" onClick={() => navigate(routeTo(entry.route, { appId: app.AppId }))}>
                {text(entry.label)}
              </Button>
            ))}
          </Space>
        );
      case 'Pending':
        return <Typography.Text type="secondary">{t('org.dashboard.pendingHint')}</Typography.Text>;
      case 'Suspended':
        return <Typography.Text type="warning">{t('org.dashboard.suspendedHint')}</Typography.Text>;
      case 'Occupied':
        return <Typography.Text type="secondary">{t('org.dashboard.occupiedBy', { names: blockers.join('、') })}</Typography.Text>;
      case 'NotEnabled':
        return canEdit ? (
          <Button type="primary" size="small" onClick={enable} data-testid={`enable-${service.name}`}>
            {t('org.dashboard.enable')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('org.dashboard.memberHint')}</Typography.Text>
        );
    }
  };

  const tag = (
    <Tag color={STATUS_COLORS[status]} data-testid={`status-${service.name}`} style={{ marginInlineEnd: 0 }}>
      {t(`org.dashboard.status.${status}`)}
    </Tag>
  );

  return (
    <Card style={{ height: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', height: '100%' } }} data-testid={`service-${service.name}`}>
      <Flex justify="space-between" align="flex-start" gap={8} style={{ marginBottom: 8 }}>
        <Space align="start">
          <span style={{ fontSize: 22, lineHeight: 1 }}>{iconOf(service.catalogue.icon)}</span>
          <div>
            <Typography.Text strong>{name}</Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {text(service.catalogue.label)}
              </Typography.Text>
            </div>
          </div>
        </Space>
        {blockers.length ? <Tooltip title={t('org.dashboard.occupiedBy', { names: blockers.join('、') })}>{tag}</Tooltip> : tag}
      </Flex>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, tooltip: text(service.catalogue.description) }} style={{ flex: 1 }}>
        {text(service.catalogue.description)}
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        {service.catalogue.mainService && <Tag color="gold">{t('org.dashboard.main')}</Tag>}
        {service.catalogue.pricingTag && <Tag color="blue">{text(service.catalogue.pricingTag)}</Tag>}
        {service.catalogue.productPage && (
          <Typography.Link href={service.catalogue.productPage} target="_blank" rel="noopener">
            {t('org.dashboard.product')}
          </Typography.Link>
        )}
        {service.catalogue.docPage && (
          <Typography.Link href={service.catalogue.docPage} target="_blank" rel="noopener">
            {t('org.dashboard.docs')}
          </Typography.Link>
        )}
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap>
        {footer()}
        {state?.Status === 'Enabled' && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {trialUntil
              ? t('org.dashboard.trialUntil', { time: formatDateTime(trialUntil, 'YYYY-MM-DD HH:mm') })
              : state.EnabledAt
                ? t('org.dashboard.enabledAt', { time: formatDateTime(state.EnabledAt, 'YYYY-MM-DD') })
                : null}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
