import { useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Flex, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import { isApiError } from '../../../providers/http';
import { showFieldErrors } from '../../lib/api';
import { useCurrentAppState } from '../../lib/currentApp';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { passportCall } from './passport-api';

interface Domain {
  id: string;
  name: string;
  description: string;
  smsSignature: string;
  production: boolean;
  sendForReview: boolean;
  version: number;
  updatedAt: string;
}

type Fields = Pick<Domain, 'name' | 'description' | 'smsSignature'>;

/** The environment an id domain is in, as a tag. */
function EnvironmentTag({ domain }: { domain: Domain }) {
  const { t } = useLocale();
  if (domain.production) return <Tag color="green" data-testid="id-domain-env">{t('passportIdentity.domain.production')}</Tag>;
  return (
    <Space size={4}>
      <Tag data-testid="id-domain-env">{t('passportIdentity.domain.test')}</Tag>
      {domain.sendForReview && <Tag color="processing">{t('passportIdentity.domain.reviewing')}</Tag>}
    </Space>
  );
}

function DomainForm({ initial, onSubmit, onCancel, submitText }: { initial?: Fields; onSubmit: (v: Fields) => Promise<void>; onCancel?: () => void; submitText: string }) {
  const { t } = useLocale();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: Fields) => {
    setBusy(true);
    try {
      await onSubmit({ name: values.name, description: values.description ?? '', smsSignature: values.smsSignature ?? '' });
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} style={{ maxWidth: 520 }} data-testid="id-domain-form">
      <Form.Item name="name" label={t('passportIdentity.domain.name')} rules={[{ required: true, max: 64 }]}>
        <Input autoFocus />
      </Form.Item>
      <Form.Item name="smsSignature" label={t('passportIdentity.domain.smsSignature')} extra={t('passportIdentity.domain.signatureHelp')} rules={[{ max: 20 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('passportIdentity.domain.description')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="id-domain-save">
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('passportIdentity.common.cancel')}</Button>}
      </Space>
    </Form>
  );
}

/**
 * The app's id domain: created here once, its name and SMS signature edited, production applied for (or left);
 * administrators set the production and review flags.
 */
export function IdDomainCard({ appId }: { appId: string }) {
  const { t } = useLocale();
  const { modal, message } = App.useApp();
  const current = useCurrentAppState();
  const [editing, setEditing] = useState(false);
  const { query } = useCustom<Domain>({
    url: `/id-domains/${encodeURIComponent(appId)}`,
    method: 'get',
    meta: { service: 'passport', appId, silent: true },
    queryOptions: { enabled: !!appId, retry: false },
    errorNotification: false,
  });
  const domain = query.data?.data as Domain | undefined;
  const missing = isApiError(query.error) && query.error.statusCode === 404;
  const canEdit = current?.canEdit ?? false;
  const refresh = () => void query.refetch();

  const save = async (values: Fields) => {
    if (domain) await passportCall(appId, 'PUT', `/id-domains/${encodeURIComponent(appId)}`, { ...values, version: domain.version });
    else await passportCall(appId, 'POST', '/id-domains', values);
    message.success(t('passportIdentity.common.saved'));
    setEditing(false);
    refresh();
  };
  const production = (wanted: boolean) =>
    modal.confirm({
      title: t(wanted ? 'passportIdentity.domain.requestProduction' : 'passportIdentity.domain.leaveProduction'),
      content: t(wanted ? 'passportIdentity.domain.requestConfirm' : 'passportIdentity.domain.leaveConfirm'),
      okButtonProps: { danger: !wanted },
      onOk: async () => {
        await passportCall(appId, 'PUT', `/id-domains/${encodeURIComponent(appId)}/production`, { production: wanted, version: domain?.version });
        message.success(t(wanted ? 'passportIdentity.domain.requested' : 'passportIdentity.domain.left'));
        refresh();
      },
    });
  // A refusal was already shown by the shared toast.
  const adminFlag = (url: string, body: Record<string, boolean>) =>
    passportCall(appId, 'PUT', url, { idDomainId: appId, ...body })
      .then(() => {
        message.success(t('passportIdentity.domain.flagSaved'));
        refresh();
      })
      .catch(() => undefined);

  let body;
  if (query.isLoading) body = <Skeleton active />;
  else if (missing || !domain) {
    body = missing ? (
      <Flex vertical gap={16}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportIdentity.domain.none')} />
        {canEdit && <DomainForm onSubmit={save} submitText={t('passportIdentity.domain.create')} />}
      </Flex>
    ) : (
      <Typography.Text type="danger">{t('passportIdentity.common.loadFailed')}</Typography.Text>
    );
  } else if (editing) {
    body = <DomainForm initial={domain} onSubmit={save} onCancel={() => setEditing(false)} submitText={t('passportIdentity.common.save')} />;
  } else {
    body = (
      <Flex vertical gap={16}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('passportIdentity.domain.name')}>{domain.name}</Descriptions.Item>
          <Descriptions.Item label={t('passportIdentity.domain.environment')}>
            <EnvironmentTag domain={domain} />
          </Descriptions.Item>
          <Descriptions.Item label={t('passportIdentity.domain.smsSignature')}>{domain.smsSignature ? `【${domain.smsSignature}】` : '—'}</Descriptions.Item>
          <Descriptions.Item label="ID">
            <Typography.Text copyable>{domain.id}</Typography.Text>
          </Descriptions.Item>
          {domain.description && <Descriptions.Item label={t('passportIdentity.domain.description')}>{domain.description}</Descriptions.Item>}
          <Descriptions.Item label={t('passportIdentity.domain.updatedAt')}>{formatDateTime(domain.updatedAt)}</Descriptions.Item>
        </Descriptions>
        {canEdit && (
          <Space wrap>
            <Button onClick={() => setEditing(true)} data-testid="id-domain-edit">
              {t('passportIdentity.common.edit')}
            </Button>
            {!domain.production && !domain.sendForReview && (
              <Button type="primary" onClick={() => production(true)} data-testid="id-domain-request-production">
                {t('passportIdentity.domain.requestProduction')}
              </Button>
            )}
            {(domain.production || domain.sendForReview) && (
              <Button danger onClick={() => production(false)} data-testid="id-domain-leave-production">
                {t('passportIdentity.domain.leaveProduction')}
              </Button>
            )}
          </Space>
        )}
        {current?.isAdmin && (
          <Card size="small" type="inner" title={t('passportIdentity.domain.adminTitle')} data-testid="id-domain-admin">
            <Space wrap>
              <Button type="primary" disabled={domain.production} onClick={() => void adminFlag('/update-id-domain-production', { production: true })}>
                {t('passportIdentity.domain.approve')}
              </Button>
              <Button disabled={!domain.production} onClick={() => void adminFlag('/update-id-domain-production', { production: false })}>
                {t('passportIdentity.domain.revokeProduction')}
              </Button>
              <Button onClick={() => void adminFlag('/update-id-domain-send-for-review', { sendForReview: !domain.sendForReview })}>
                {t(domain.sendForReview ? 'passportIdentity.domain.clearReview' : 'passportIdentity.domain.markReview')}
              </Button>
            </Space>
          </Card>
        )}
      </Flex>
    );
  }
  return (
    <Card title={t('passportIdentity.domain.title')} size="small" data-testid="id-domain">
      {body}
    </Card>
  );
}
