import { useState } from 'react';
import { useParams } from 'react-router';
import { App, Button, Card, Checkbox, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import { showFieldErrors } from '../../lib/api';
import { useCurrentAppState } from '../../lib/currentApp';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageHeader } from '../../engine/PageHeader';
import { passportCall, usePassportQuery } from './passport-api';

interface Provider {
  id: string;
  enabled: boolean;
  appKey: string;
  appSecretSet: boolean;
  appSecretMasked: string;
  version: number;
  updatedAt: string | null;
}

interface Fields {
  enabled: boolean;
  appKey: string;
  appSecret?: string;
  clearSecret?: boolean;
}

/** Server-side login needs no key of its own. */
const KEYLESS = 'ServiceLogin';

function EditDialog({ appId, provider, onClose, onSaved }: { appId: string; provider: Provider; onClose: () => void; onSaved: () => void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const clearing = Form.useWatch('clearSecret', form);
  const name = t(`passportIdentity.idProviders.names.${provider.id}`);
  const save = async (v: Fields) => {
    setBusy(true);
    try {
      const secret = v.clearSecret ? { appSecret: '' } : v.appSecret ? { appSecret: v.appSecret } : {};
      await passportCall(appId, 'PUT', `/id-providers/${encodeURIComponent(provider.id)}`, { enabled: v.enabled, appKey: v.appKey ?? '', ...secret, version: provider.version });
      onSaved();
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('passportIdentity.idProviders.editTitle', { name })}
      okText={t('passportIdentity.common.save')}
      cancelText={t('passportIdentity.common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'id-provider-save' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ enabled: provider.enabled, appKey: provider.appKey }} onFinish={save}>
        <Form.Item name="enabled" label={t('passportIdentity.idProviders.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="appKey"
          label={t('passportIdentity.idProviders.appKey')}
          extra={provider.id === KEYLESS ? t('passportIdentity.idProviders.noKeyNeeded') : undefined}
          dependencies={['enabled']}
          rules={[
            { max: 200 },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                getFieldValue('enabled') && provider.id !== KEYLESS && !value?.trim() ? Promise.reject(new Error(t('passportIdentity.idProviders.keyRequired'))) : Promise.resolve(),
            }),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="appSecret" label={t('passportIdentity.idProviders.secret')} rules={[{ max: 4096 }]}>
          <Input.Password
            autoComplete="new-password"
            disabled={clearing}
            placeholder={provider.appSecretSet ? t('passportIdentity.idProviders.secretKeep', { masked: provider.appSecretMasked }) : t('passportIdentity.idProviders.secretNew')}
          />
        </Form.Item>
        {provider.appSecretSet && (
          <Form.Item name="clearSecret" valuePropName="checked">
            <Checkbox>{t('passportIdentity.idProviders.clearSecret')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** `passport/settings/id-providers`: the login providers of spec 002 §9, each switched on with its credentials. */
export default function IdentityIdProviders() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  const { message } = App.useApp();
  const canEdit = useCurrentAppState()?.canEdit ?? false;
  usePageTitle(t('passportIdentity.idProviders.title'));
  const [editing, setEditing] = useState<Provider | null>(null);
  const list = usePassportQuery<{ total: number; idProviders: Provider[] }>(appId, '/id-providers');
  const saved = () => {
    message.success(t('passportIdentity.common.saved'));
    void list.refetch();
  };
  const toggle = (p: Provider, enabled: boolean) => {
    if (enabled && !p.appKey && p.id !== KEYLESS) return setEditing(p);
    void passportCall(appId, 'PUT', `/id-providers/${encodeURIComponent(p.id)}`, { enabled, version: p.version })
      .then(saved)
      .catch(() => undefined);
  };

  return (
    <>
      <PageHeader title={t('passportIdentity.idProviders.title')} subtitle={t('passportIdentity.idProviders.subtitle')} />
      <Card>
        <Table<Provider>
          rowKey="id"
          loading={list.loading}
          dataSource={list.data?.idProviders ?? []}
          pagination={false}
          locale={list.error ? { emptyText: t('passportIdentity.common.loadFailed') } : undefined}
          columns={[
            {
              title: t('passportIdentity.idProviders.provider'),
              dataIndex: 'id',
              render: (id: string) => {
                const name = t(`passportIdentity.idProviders.names.${id}`);
                return (
                  <span data-testid={`id-provider-${id}`}>
                    {name} {name !== id && <Typography.Text type="secondary">{id}</Typography.Text>}
                  </span>
                );
              },
            },
            {
              title: t('passportIdentity.idProviders.enabled'),
              dataIndex: 'enabled',
              width: 110,
              render: (on: boolean, p: Provider) =>
                canEdit ? (
                  <Switch checked={on} onChange={(v) => toggle(p, v)} aria-label={t(`passportIdentity.idProviders.names.${p.id}`)} data-testid="id-provider-toggle" />
                ) : (
                  <Tag color={on ? 'green' : 'default'}>{t(on ? 'passportIdentity.idProviders.on' : 'passportIdentity.idProviders.off')}</Tag>
                ),
            },
            { title: t('passportIdentity.idProviders.appKey'), dataIndex: 'appKey', render: (v: string) => (v ? <code>{v}</code> : '—') },
            {
              title: t('passportIdentity.idProviders.secret'),
              dataIndex: 'appSecretMasked',
              render: (v: string, p: Provider) => (p.appSecretSet ? <code>{v}</code> : <Typography.Text type="secondary">{t('passportIdentity.idProviders.secretNone')}</Typography.Text>),
            },
            {
              title: t('passportIdentity.idProviders.updatedAt'),
              dataIndex: 'updatedAt',
              width: 190,
              render: (v: string | null) => (v ? formatDateTime(v) : <Typography.Text type="secondary">{t('passportIdentity.idProviders.never')}</Typography.Text>),
            },
            ...(canEdit
              ? [
                  {
                    key: 'edit',
                    width: 90,
                    render: (_: unknown, p: Provider) => (
                      <Button size="small" onClick={() => setEditing(p)} data-testid="id-provider-edit">
                        {t('passportIdentity.common.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing && (
        <EditDialog
          appId={appId}
          provider={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            saved();
          }}
        />
      )}
    </>
  );
}
