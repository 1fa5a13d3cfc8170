import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Result, Switch, Table, Tag, Typography } from 'antd';
import { findService } from '../../../providers/services';
import type { UpdateAppBody } from '../../../resources/app-api';
import type { ServiceState } from '../../../resources/platform';
import { requireOk } from '../../../providers/http';
import { PageHeader } from '../../engine/PageHeader';
import { useCurrentAppState } from '../../lib/currentApp';
import { formatDateTime } from '../../lib/format';
import { iconOf } from '../../lib/icons';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';

interface Row {
  name: string;
  state: ServiceState;
}

/** `/services/:appId/admin-config`: administrators set multi-service support and suspend or resume services. */
export default function AdminConfigPage() {
  const current = useCurrentAppState();
  const { t, text } = useLocale();
  const { modal, message } = App.useApp();
  const [busy, setBusy] = useState<string>();
  usePageTitle(t('org.adminApps.config.title'), current?.app.ProjectName);
  if (!current) return null;
  const { app, isAdmin, reload } = current;
  if (!isAdmin) return <Result status="403" title={t('org.adminApps.config.notAdmin')} />;

  const update = async (key: string, body: UpdateAppBody, done: string) => {
    setBusy(key);
    try {
      await requireOk(`/api/app/${encodeURIComponent(app.AppId)}`, { method: 'PUT', body });
      message.success(done);
      await reload();
    } catch {
      // The HTTP client has shown why (e.g. a rival service is enabled).
    } finally {
      setBusy(undefined);
    }
  };

  const nameOf = (service: string) => {
    const decl = findService(service);
    return decl ? text(decl.catalogue.displayName) : service;
  };

  const suspend = (row: Row) =>
    modal.confirm({
      title: t('org.adminApps.config.suspendTitle', { name: nameOf(row.name) }),
      content: t('org.adminApps.config.suspendContent'),
      okText: t('org.adminApps.config.suspend'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        update(row.name, { Services: { [row.name]: { Status: 'Suspended' } } }, t('org.adminApps.config.suspended', { name: nameOf(row.name) })),
    });

  const rows: Row[] = Object.entries(app.Services ?? {}).map(([name, state]) => ({ name, state }));

  return (
    <>
      <PageHeader title={t('org.adminApps.config.title')} subtitle={t('org.adminApps.config.subtitle')} />
      <Card style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12}>
          <Switch
            checked={app.SupportMultiServices}
            loading={busy === 'multi'}
            onChange={(on) => update('multi', { SupportMultiServices: on }, t('org.adminApps.config.multiSaved'))}
            aria-label={t('org.adminApps.config.multi')}
            data-testid="admin-config-multi"
          />
          <div>
            <Typography.Text strong>{t('org.adminApps.config.multi')}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{t('org.adminApps.config.multiHint')}</Typography.Text>
            </div>
          </div>
        </Flex>
      </Card>
      <Card title={t('org.adminApps.config.services')}>
        <Table<Row>
          rowKey="name"
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description={t('org.adminApps.config.none')} /> }}
          columns={[
            {
              title: t('org.adminApps.config.service'),
              dataIndex: 'name',
              render: (name: string) => (
                <span>
                  {iconOf(findService(name)?.catalogue.icon)} {nameOf(name)}
                </span>
              ),
            },
            {
              title: t('org.adminApps.config.status'),
              key: 'status',
              render: (_, row) => (
                <Tag color={row.state.Status === 'Enabled' ? 'success' : 'warning'} data-testid={`admin-status-${row.name}`}>
                  {t(`org.dashboard.status.${row.state.Status === 'Enabled' ? 'Enabled' : 'Suspended'}`)}
                </Tag>
              ),
            },
            {
              title: t('org.adminApps.config.serviceId'),
              key: 'id',
              render: (_, row) => (
                <Typography.Text code copyable style={{ fontSize: 12 }}>
                  {row.state.ServiceId}
                </Typography.Text>
              ),
            },
            { title: t('org.adminApps.config.enabledAt'), key: 'at', render: (_, row) => formatDateTime(row.state.EnabledAt) },
            {
              title: t('common.actions'),
              key: 'actions',
              render: (_, row) =>
                row.state.Status === 'Enabled' ? (
                  <Button size="small" danger loading={busy === row.name} onClick={() => suspend(row)} data-testid={`suspend-${row.name}`}>
                    {t('org.adminApps.config.suspend')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    loading={busy === row.name}
                    onClick={() =>
                      update(row.name, { Services: { [row.name]: { Status: 'Enabled' } } }, t('org.adminApps.config.resumed', { name: nameOf(row.name) }))
                    }
                    data-testid={`resume-${row.name}`}
                  >
                    {t('org.adminApps.config.resume')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </>
  );
}
