import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Flex, Form, Input, Layout, Result, Select, Skeleton, Switch, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PROJECT_NAME_MAX } from '../../../resources/org-api';
import type { CreateAppBody } from '../../../resources/app-api';
import { requireOk } from '../../../providers/http';
import type { AppRecord } from '../../../providers/types';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { initialOrganization, rememberedOrganization } from '../../lib/workingOrganization';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSessions } from '../../routes/guards';
import { ConsoleHeader } from '../layout/ConsoleHeader';
import { showServerErrors } from './formErrors';
import { useOrganizations } from './useOrganizations';

/** `/apps/create`: a new app in one of the organisations the viewer manages; then its dashboard. */
export default function CreateAppPage() {
  const { t } = useLocale();
  usePageTitle(t('org.apps.createTitle'));
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const sessions = useSessions();
  const { manageable, loading } = useOrganizations(!!sessions?.admin);
  const [form] = Form.useForm<CreateAppBody>();
  const [saving, setSaving] = useState(false);

  const wanted = params.get('orgId');
  const initialOrg = initialOrganization(
    manageable.map((o) => o.Id),
    wanted,
    rememberedOrganization(),
  );

  const submit = async (values: CreateAppBody) => {
    setSaving(true);
    try {
      const app = await requireOk<AppRecord>('/api/app', { method: 'POST', body: { ...values, ProjectName: values.ProjectName.trim() } });
      message.success(t('org.apps.created', { name: app.ProjectName }));
      navigate(`/services/${encodeURIComponent(app.AppId)}/dashboard`);
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const body = () => {
    if (!sessions || loading) return <Skeleton active />;
    if (manageable.length === 0) {
      return (
        <Result
          status="info"
          title={t('org.apps.noEligibleTitle')}
          subTitle={t('org.apps.noEligibleHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/orgs?create=1')}>
              {t('org.apps.createOrg')}
            </Button>
          }
        />
      );
    }
    return (
      <Form<CreateAppBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ OrganizationId: initialOrg, SupportMultiServices: true }}
        onFinish={submit}
        data-testid="create-app-form"
      >
        <Form.Item name="OrganizationId" label={t('org.apps.organization')} rules={[{ required: true, message: t('org.apps.organizationRequired') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={manageable.map((o) => ({ value: o.Id, label: o.Name }))}
            data-testid="create-app-org"
          />
        </Form.Item>
        <Form.Item
          name="ProjectName"
          label={t('org.apps.name')}
          rules={[
            { required: true, whitespace: true, message: t('org.apps.nameRequired') },
            { max: PROJECT_NAME_MAX, message: t('org.apps.nameTooLong') },
          ]}
        >
          <Input placeholder={t('org.apps.namePlaceholder')} maxLength={PROJECT_NAME_MAX} showCount autoFocus data-testid="create-app-name" />
        </Form.Item>
        <Form.Item name="SupportMultiServices" label={t('org.apps.multi')} valuePropName="checked" extra={t('org.apps.multiHint')}>
          <Switch data-testid="create-app-multi" />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => navigate('/apps')}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="create-app-submit">
            {t('org.apps.submit')}
          </Button>
        </Flex>
      </Form>
    );
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader />
      <Layout.Content style={{ padding: '32px 24px', maxWidth: 640, width: '100%', margin: '0 auto' }}>
        <Typography.Link onClick={() => navigate('/apps')} style={{ display: 'inline-block', marginBottom: 12 }}>
          <ArrowLeftOutlined /> {t('apps.allApps')}
        </Typography.Link>
        <PageHeader title={t('org.apps.createTitle')} subtitle={t('org.apps.createSubtitle')} />
        <Card>{body()}</Card>
      </Layout.Content>
    </Layout>
  );
}
