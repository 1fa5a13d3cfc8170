import { useState } from 'react';
import { Button, Form, Input, Radio, Space } from 'antd';
import { INVOICE_FORMATS, INVOICE_TYPES, TAX_ID_PATTERN, type InvoiceDetails } from '../../../resources/payments-api';
import { useLocale } from '../../lib/useLocale';
import { showFieldErrors } from '../org/data';

const TAX_ID = new RegExp(TAX_ID_PATTERN);

/**
 * The buyer's details of an invoice: type and format, title and tax id, and for a special VAT invoice the bank,
 * account, address and phone. `onSubmit` throws the server's refusal, whose field errors land on the fields.
 */
export function InvoiceForm({
  initial,
  submitText,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<InvoiceDetails>;
  submitText: string;
  onSubmit: (values: InvoiceDetails) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useLocale();
  const [form] = Form.useForm<InvoiceDetails>();
  const [pending, setPending] = useState(false);
  const type = Form.useWatch('Type', form) ?? initial?.Type ?? 'regular';
  const vat = type === 'VAT';
  const vatRule = { required: vat, whitespace: true, message: t('payments.invoice.vatRequired') };

  async function submit(values: InvoiceDetails) {
    setPending(true);
    try {
      const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as unknown as InvoiceDetails;
      await onSubmit(trimmed);
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setPending(false);
    }
  }

  return (
    <Form<InvoiceDetails>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ Type: 'regular', Format: 'PDF', TaxId: '', BankName: '', BankAccount: '', Address: '', Phone: '', Email: '', ...initial }}
      onFinish={(v) => void submit(v)}
      data-testid="invoice-form"
    >
      <Form.Item name="Type" label={t('payments.invoice.type')}>
        <Radio.Group optionType="button" options={INVOICE_TYPES.map((v) => ({ value: v, label: t(`payments.invoice.types.${v}`) }))} data-testid="invoice-type" />
      </Form.Item>
      <Form.Item name="Format" label={t('payments.invoice.format')}>
        <Radio.Group options={INVOICE_FORMATS.map((v) => ({ value: v, label: t(`payments.invoice.formats.${v}`) }))} data-testid="invoice-format" />
      </Form.Item>
      <Form.Item name="Title" label={t('payments.invoice.titleLabel')} rules={[{ required: true, whitespace: true, message: t('payments.invoice.titleRequired') }]}>
        <Input maxLength={100} placeholder={t('payments.invoice.titlePlaceholder')} data-testid="invoice-title" />
      </Form.Item>
      <Form.Item
        name="TaxId"
        label={t('payments.invoice.taxId')}
        normalize={(v: string) => v.toUpperCase()}
        rules={[vatRule, { validator: async (_, v: string) => { if (v && !TAX_ID.test(v.trim())) throw new Error(t('payments.invoice.taxIdInvalid')); } }]}
      >
        <Input maxLength={20} placeholder={t('payments.invoice.taxIdPlaceholder')} data-testid="invoice-tax-id" />
      </Form.Item>
      {vat && (
        <>
          <Form.Item name="BankName" label={t('payments.invoice.bankName')} rules={[vatRule]}>
            <Input maxLength={100} data-testid="invoice-bank-name" />
          </Form.Item>
          <Form.Item name="BankAccount" label={t('payments.invoice.bankAccount')} rules={[vatRule, { pattern: /^[0-9 -]*$/, message: t('payments.invoice.bankAccountInvalid') }]}>
            <Input maxLength={40} inputMode="numeric" data-testid="invoice-bank-account" />
          </Form.Item>
          <Form.Item name="Address" label={t('payments.invoice.address')} rules={[vatRule]}>
            <Input maxLength={200} data-testid="invoice-address" />
          </Form.Item>
          <Form.Item name="Phone" label={t('payments.invoice.phone')} rules={[vatRule, { pattern: /^[0-9 ()+-]*$/, message: t('payments.invoice.phoneInvalid') }]}>
            <Input maxLength={40} inputMode="tel" data-testid="invoice-phone" />
          </Form.Item>
        </>
      )}
      <Form.Item name="Email" label={t('payments.invoice.email')} rules={[{ type: 'email', message: t('payments.invoice.emailInvalid') }]}>
        <Input maxLength={254} type="email" data-testid="invoice-email" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={pending} data-testid="invoice-submit">
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('payments.invoice.cancelEdit')}</Button>}
      </Space>
    </Form>
  );
}
