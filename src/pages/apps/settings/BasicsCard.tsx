import { useState } from 'react';
import { App, Button, Card, Form, Input, Switch } from 'antd';
import { PROJECT_NAME_MAX } from '../../../../resources/org-api';
import type { UpdateAppBody } from '../../../../resources/app-api';
import { requireOk } from '../../../../providers/http';
import { useCurrentAppState } from '../../../lib/currentApp';
import { useLocale } from '../../../lib/useLocale';
import { showServerErrors } from '../formErrors';

interface Values {
  ProjectName: string;
  needGatherInfo: boolean;
}

/** The app's name and its needGatherInfo property; read-only for members. */
export function BasicsCard() {
  const { app, canEdit, reload } = useCurrentAppState()!;
  const { t } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const body: UpdateAppBody = {
        ProjectName: values.ProjectName.trim(),
        Properties: { needGatherInfo: values.needGatherInfo ? 'true' : 'false' },
      };
      await requireOk(`/api/app/${encodeURIComponent(app.AppId)}`, { method: 'PUT', body });
      message.success(t('org.settings.saved'));
      await reload();
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('org.settings.basics')} style={{ marginBottom: 16 }}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canEdit}
        initialValues={{ ProjectName: app.ProjectName, needGatherInfo: app.Properties?.needGatherInfo === 'true' }}
        onFinish={save}
        style={{ maxWidth: 480 }}
        data-testid="settings-basics"
      >
        <Form.Item
          name="ProjectName"
          label={t('org.settings.name')}
          rules={[
            { required: true, whitespace: true, message: t('org.settings.nameRequired') },
            { max: PROJECT_NAME_MAX, message: t('org.settings.nameTooLong') },
          ]}
        >
          <Input maxLength={PROJECT_NAME_MAX} showCount data-testid="settings-name" />
        </Form.Item>
        <Form.Item name="needGatherInfo" label={t('org.settings.gatherInfo')} valuePropName="checked" extra={t('org.settings.gatherInfoHint')}>
          <Switch data-testid="settings-gather-info" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
            {t('org.settings.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
