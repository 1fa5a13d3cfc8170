import { useState } from 'react';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChatGroupMonitor, PageOf } from '../../../../resources/ops-api';
import { requireOk } from '../../../../providers/http';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { showFieldErrors, useApiQuery } from '../../../lib/api';

interface MonitorForm {
  Name: string;
  WebhookUrl: string;
  AppId?: string;
}

/** An http(s) address the server will accept as a webhook. */
function isWebhookUrl(v: string): boolean {
  try {
    return /^https?:$/.test(new URL(v).protocol) && /^https?:\/\//i.test(v);
  } catch {
    return false;
  }
}

function AddMonitorDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const { t } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<MonitorForm>();
  const [saving, setSaving] = useState(false);

  const save = async (values: MonitorForm) => {
    setSaving(true);
    try {
      await requireOk('/api/chat-group-monitors', { method: 'POST', body: { ...values, AppId: values.AppId?.trim() || undefined } });
      void message.success(t('ops.monitors.added'));
      onAdded();
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ops.monitors.add')}
      okText={t('ops.monitors.add')}
      cancelText={t('ops.common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<MonitorForm> form={form} layout="vertical" preserve={false} onFinish={(v) => void save(v)} data-testid="monitor-form">
        <Form.Item name="Name" label={t('ops.monitors.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={100} data-testid="monitor-name" />
        </Form.Item>
        <Form.Item name="WebhookUrl" label={t('ops.monitors.webhook')} rules={[{ required: true }, { validator: async (_r, v?: string) => (!v || isWebhookUrl(v) ? undefined : Promise.reject(new Error(t('ops.monitors.urlInvalid')))) }]}>
          <Input maxLength={2000} placeholder="https://" data-testid="monitor-url" />
        </Form.Item>
        <Form.Item name="AppId" label={t('ops.monitors.app')} extra={t('ops.monitors.appHelp')}>
          <Input maxLength={64} data-testid="monitor-app" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Chat-group monitors: the webhooks that receive the alerts services report. */
export function MonitorsPanel() {
  const { t } = useLocale();
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const { data, loading, refetch } = useApiQuery<PageOf<ChatGroupMonitor>>('/api/chat-group-monitors', { query: { count: 200 } });

  const remove = async (m: ChatGroupMonitor) => {
    await requireOk(`/api/chat-group-monitors/${encodeURIComponent(m.Id)}`, { method: 'DELETE' }).then(
      () => void message.success(t('ops.monitors.removed')),
      () => undefined,
    );
    void refetch();
  };

  return (
    <>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
        <Alert type="info" showIcon message={t('ops.monitors.hint')} style={{ flex: 1 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="monitor-add">
          {t('ops.monitors.add')}
        </Button>
      </Flex>
      <Table<ChatGroupMonitor>
        rowKey="Id"
        loading={loading}
        dataSource={data?.Items ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.monitors.empty')} /> }}
        data-testid="monitors-table"
        columns={[
          { title: t('ops.monitors.name'), dataIndex: 'Name' },
          { title: t('ops.monitors.webhook'), dataIndex: 'WebhookUrl', ellipsis: true, render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> },
          {
            title: t('ops.monitors.app'),
            dataIndex: 'AppId',
            render: (id: string | null, m) => (id ? <span title={id}>{m.AppName ?? id}</span> : <Typography.Text type="secondary">{t('ops.monitors.allApps')}</Typography.Text>),
          },
          { title: t('ops.monitors.createdBy'), dataIndex: 'CreatedBy' },
          { title: t('ops.monitors.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
          {
            key: 'actions',
            width: 100,
            render: (_: unknown, m) => (
              <Popconfirm
                title={t('ops.monitors.removeConfirm', { name: m.Name })}
                okText={t('ops.monitors.remove')}
                okButtonProps={{ danger: true }}
                cancelText={t('ops.common.cancel')}
                onConfirm={() => remove(m)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('ops.monitors.remove')} data-testid={`monitor-remove-${m.Id}`} />
              </Popconfirm>
            ),
          },
        ]}
      />
      <AddMonitorDialog open={adding} onClose={() => setAdding(false)} onAdded={() => void refetch()} />
    </>
  );
}
