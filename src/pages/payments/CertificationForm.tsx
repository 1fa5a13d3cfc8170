import { useState } from 'react';
import { Button, Form, Input, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { isValidCreditCode, type Certification, type CertificationInput } from '../../../resources/payments-api';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';
import { showFieldErrors } from '../org/data';
import { LICENCE_MAX_BYTES, uploadLicence } from './uploadLicence';

export type CertificationFields = Omit<CertificationInput, 'OrgId'>;

/** Company, credit code (its GB 32100 check character is checked as typed), legal representative and licence file. */
export function CertificationForm({
  appId,
  initial,
  submitText,
  onSubmit,
  onCancel,
}: {
  /** The app the licence is uploaded into. */
  appId: string;
  initial?: Certification;
  submitText: string;
  onSubmit: (values: CertificationFields) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<CertificationFields>();
  const [pending, setPending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [fileName, setFileName] = useState<string>();

  async function submit(values: CertificationFields) {
    setPending(true);
    try {
      await onSubmit({ ...values, CompanyName: values.CompanyName.trim(), LegalPerson: values.LegalPerson.trim(), CreditCode: values.CreditCode.trim() });
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setPending(false);
    }
  }

  async function upload(file: File) {
    if (file.size > LICENCE_MAX_BYTES) {
      form.setFields([{ name: 'LicenseKey', errors: [t('payments.certification.licenseTooLarge')] }]);
      return;
    }
    setUploading(true);
    try {
      const key = await uploadLicence(appId, file);
      form.setFieldsValue({ LicenseKey: key });
      form.setFields([{ name: 'LicenseKey', errors: [] }]);
      setFileName(file.name);
    } catch {
      toast('error', t('payments.certification.uploadFailed'));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Form<CertificationFields>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={initial && { CompanyName: initial.CompanyName, CreditCode: initial.CreditCode, LegalPerson: initial.LegalPerson, LicenseKey: initial.LicenseKey }}
      onFinish={(v) => void submit(v)}
      data-testid="certification-form"
    >
      <Form.Item name="CompanyName" label={t('payments.certification.companyName')} rules={[{ required: true, whitespace: true, min: 2, message: t('payments.certification.companyNameRequired') }]}>
        <Input maxLength={100} data-testid="certification-company" />
      </Form.Item>
      <Form.Item
        name="CreditCode"
        label={t('payments.certification.creditCode')}
        required
        normalize={(v: string) => v.toUpperCase().replace(/\s/g, '')}
        rules={[{ validator: async (_, v: string | undefined) => { if (!v || !isValidCreditCode(v)) throw new Error(t('payments.certification.creditCodeInvalid')); } }]}
      >
        <Input maxLength={18} style={{ fontFamily: 'monospace' }} data-testid="certification-credit-code" />
      </Form.Item>
      <Form.Item name="LegalPerson" label={t('payments.certification.legalPerson')} rules={[{ required: true, whitespace: true, message: t('payments.certification.legalPersonRequired') }]}>
        <Input maxLength={50} data-testid="certification-legal-person" />
      </Form.Item>
      <Form.Item label={t('payments.certification.license')} extra={t('payments.certification.licenseHint')} required>
        <Space direction="vertical">
          <Upload
            accept="image/jpeg,image/png,application/pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading} data-testid="certification-upload">
              {uploading ? t('payments.certification.uploading') : t('payments.certification.upload')}
            </Button>
          </Upload>
          {fileName && <Typography.Text type="success">{t('payments.certification.uploaded', { name: fileName })}</Typography.Text>}
        </Space>
        <Form.Item name="LicenseKey" noStyle rules={[{ required: true, message: t('payments.certification.licenseRequired') }]}>
          <Input type="hidden" />
        </Form.Item>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={pending} disabled={uploading} data-testid="certification-submit">
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('payments.invoice.cancelEdit')}</Button>}
      </Space>
    </Form>
  );
}
