import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Layout, Result, Skeleton } from 'antd';
import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { useCustom, useInvalidateAuthStore } from '@refinedev/core';
import type { RealNameAnswer, RealNameRequest, RealNameStatus } from '../../../resources/account-api';
import { checkIdNumber } from '../../../resources/real-name';
import { forgetIdentity } from '../../../providers/auth';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { ConsoleHeader } from '../layout/ConsoleHeader';
import { showFieldErrors } from '../../lib/api';
import { isApiError, request } from '../../../providers/http';
import { toast } from '../../../providers/notification';

function Verified({ status }: { status: RealNameStatus }) {
  const { t } = useLocale();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('account.realName.verifiedTitle')}
      extra={
        <Button type="primary" onClick={() => navigate('/apps')}>
          {t('account.realName.back')}
        </Button>
      }
    >
      <div data-testid="real-name-verified">
        <Descriptions column={1} bordered size="small" style={{ maxWidth: 480, margin: '0 auto' }}>
          <Descriptions.Item label={t('account.realName.name')}>{status.RealName}</Descriptions.Item>
          <Descriptions.Item label={t('account.realName.idNumber')}>
            <code>{status.IdNumber}</code>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.realName.verifiedAt')}>{formatDateTime(status.VerifiedAt)}</Descriptions.Item>
        </Descriptions>
      </div>
    </Result>
  );
}

/** `/real-name-verify`: name and resident ID number; after success, the verified state. */
export default function RealNameVerifyPage() {
  const { t } = useLocale();
  const [form] = Form.useForm<RealNameRequest>();
  const invalidateAuth = useInvalidateAuthStore();
  const [pending, setPending] = useState(false);
  const [justVerified, setJustVerified] = useState<RealNameStatus>();
  const { result, query } = useCustom<RealNameStatus>({ url: '/auth/real-name-verify', method: 'get', errorNotification: false });
  usePageTitle(t('account.realName.title'));
  const status = justVerified ?? (result.data?.Verified ? result.data : undefined);

  async function submit(values: RealNameRequest) {
    setPending(true);
    try {
      const answer = await request<RealNameAnswer>('/auth/real-name-verify', {
        method: 'POST',
        body: { name: values.name.trim(), idNumber: values.idNumber.trim() },
        silent: true,
        throwResponse: true,
      });
      forgetIdentity();
      await invalidateAuth();
      toast('success', t('account.realName.done'));
      setJustVerified({ Verified: true, RealName: answer?.RealName ?? '', IdNumber: answer?.IdNumber ?? '', VerifiedAt: new Date().toISOString() });
    } catch (error) {
      if (!showFieldErrors(form, error, ['name', 'idNumber'])) toast('error', isApiError(error) ? error.message : String(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader />
      <Layout.Content style={{ padding: '32px 24px', maxWidth: 720, width: '100%', margin: '0 auto' }}>
        <PageHeader title={t('account.realName.title')} subtitle={t('account.realName.subtitle')} />
        <Card>
          {query.isLoading ? (
            <Skeleton active />
          ) : status ? (
            <Verified status={status} />
          ) : (
            <Form<RealNameRequest> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} style={{ maxWidth: 480 }}>
              <Form.Item
                name="name"
                label={t('account.realName.name')}
                rules={[{ required: true, whitespace: true, min: 2, max: 30, message: t('account.realName.nameRule') }]}
              >
                <Input prefix={<UserOutlined />} placeholder={t('account.realName.namePlaceholder')} maxLength={30} autoComplete="name" autoFocus />
              </Form.Item>
              <Form.Item
                name="idNumber"
                label={t('account.realName.idNumber')}
                validateFirst
                rules={[
                  { required: true, pattern: /^\s*\d{17}[\dXx]\s*$/, message: t('account.realName.idFormat') },
                  { validator: (_, v: string) => (checkIdNumber(v ?? '').ok ? Promise.resolve() : Promise.reject(new Error(t('account.realName.idInvalid')))) },
                ]}
              >
                <Input prefix={<IdcardOutlined />} placeholder={t('account.realName.idPlaceholder')} maxLength={20} autoComplete="off" />
              </Form.Item>
              <Alert type="info" showIcon message={t('account.realName.privacy')} style={{ marginBottom: 16 }} />
              <Button type="primary" htmlType="submit" loading={pending} data-testid="real-name-submit">
                {t('account.realName.submit')}
              </Button>
            </Form>
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
