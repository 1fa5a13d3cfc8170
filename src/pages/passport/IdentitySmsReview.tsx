import { useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { showFieldErrors } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { passportCall, usePassportQuery, useRefreshResource } from './passport-api';

interface Template {
  id: string;
  name: string;
  content: string;
  description?: string;
  version: number;
  updatedAt: string;
}

/** For administrators: the app's SMS templates waiting for review, approved or rejected with a reason. */
export function SmsReviewCard({ appId }: { appId: string }) {
  const { t } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const [rejecting, setRejecting] = useState<Template | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = usePassportQuery<{ total: number; smsTemplates: Template[] }>(appId, '/sms-templates/search', { payload: { status: 'Reviewing', count: 100 } });
  const refreshList = useRefreshResource('sms-templates');
  const done = (text: string) => {
    message.success(text);
    void waiting.refetch();
    void refreshList();
  };

  const approve = (r: Template) =>
    passportCall(appId, 'POST', `/sms-templates/${encodeURIComponent(r.id)}/approve`, { version: r.version })
      .then(() => done(t('passportIdentity.review.approved')))
      .catch(() => undefined);
  const reject = async ({ comment }: { comment: string }) => {
    if (!rejecting) return;
    setBusy(true);
    try {
      await passportCall(appId, 'POST', `/sms-templates/${encodeURIComponent(rejecting.id)}/reject`, { comment, version: rejecting.version });
      setRejecting(null);
      form.resetFields();
      done(t('passportIdentity.review.rejected'));
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('passportIdentity.review.title')} size="small" data-testid="sms-review">
      <Typography.Paragraph type="secondary">{t('passportIdentity.review.hint')}</Typography.Paragraph>
      <Table<Template>
        size="small"
        rowKey="id"
        loading={waiting.loading}
        dataSource={waiting.data?.smsTemplates ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportIdentity.review.empty')} /> }}
        columns={[
          { title: t('passportIdentity.review.name'), dataIndex: 'name', width: 180 },
          { title: t('passportIdentity.review.content'), dataIndex: 'content' },
          { title: t('passportIdentity.logs.time'), dataIndex: 'updatedAt', width: 180, render: (v: string) => formatDateTime(v) },
          {
            key: 'actions',
            width: 170,
            render: (_: unknown, r: Template) => (
              <Space>
                <Button size="small" type="primary" onClick={() => void approve(r)} data-testid="sms-approve">
                  {t('passportIdentity.review.approve')}
                </Button>
                <Button size="small" danger onClick={() => setRejecting(r)} data-testid="sms-reject">
                  {t('passportIdentity.review.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!rejecting}
        title={`${t('passportIdentity.review.reject')}: ${rejecting?.name ?? ''}`}
        okText={t('passportIdentity.review.reject')}
        okButtonProps={{ danger: true, loading: busy }}
        cancelText={t('passportIdentity.common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={reject}>
          <Form.Item name="comment" label={t('passportIdentity.review.reason')} rules={[{ required: true, whitespace: true, message: t('passportIdentity.review.reasonRequired') }, { max: 200 }]}>
            <Input.TextArea rows={3} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
