import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { COMPANY_NAME_MAX, ORG_NAME_MAX, type CreateOrganizationBody, type OrganizationItem } from '../../../resources/org-api';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';
import { showFieldErrors } from './data';

/** Creates an organisation, or edits `org` when given. Calls `onDone` with the saved organisation. */
export function OrgFormDialog({ open, org, onClose, onDone }: { open: boolean; org?: OrganizationItem; onClose: () => void; onDone: (org: OrganizationItem) => void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<CreateOrganizationBody>();
  const [saving, setSaving] = useState(false);

  async function save(values: CreateOrganizationBody) {
    setSaving(true);
    try {
      const body = { Name: values.Name.trim(), CompanyName: (values.CompanyName ?? '').trim() };
      const saved = org
        ? await requireOk<OrganizationItem>(`/api/organizations/${encodeURIComponent(org.Id)}`, { method: 'PUT', body })
        : await requireOk<OrganizationItem>('/api/organizations', { method: 'POST', body });
      toast('success', org ? t('org.organizations.saved') : t('org.organizations.created', { name: saved.Name }));
      form.resetFields();
      onDone(saved);
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={org ? t('org.organizations.form.editTitle') : t('org.organizations.form.createTitle')}
      okText={org ? t('common.save') : t('org.organizations.create')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'org-form-submit' }}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        requiredMark="optional"
        initialValues={{ Name: org?.Name ?? '', CompanyName: org?.CompanyName ?? '' }}
        data-testid="org-form"
      >
        <Form.Item
          name="Name"
          label={t('org.organizations.form.name')}
          extra={t('org.organizations.form.nameHint')}
          rules={[
            { required: true, whitespace: true, message: t('org.organizations.form.nameRequired') },
            { max: ORG_NAME_MAX, message: t('org.organizations.form.nameTooLong') },
          ]}
        >
          <Input autoFocus placeholder={t('org.organizations.form.namePlaceholder')} maxLength={ORG_NAME_MAX} showCount data-testid="org-name" />
        </Form.Item>
        <Form.Item name="CompanyName" label={t('org.organizations.form.company')} rules={[{ max: COMPANY_NAME_MAX, message: t('org.organizations.form.companyTooLong') }]}>
          <Input placeholder={t('org.organizations.form.companyPlaceholder')} maxLength={COMPANY_NAME_MAX} data-testid="org-company" />
        </Form.Item>
        {/* Enter in any field submits. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
