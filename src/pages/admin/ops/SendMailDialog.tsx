import { useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import type { SendMailInput } from '../../../../resources/ops-api';
import { requireOk } from '../../../../providers/http';
import { useLocale } from '../../../lib/useLocale';
import { showFieldErrors } from '../../../lib/api';

interface MailForm {
  To: string[];
  Subject: string;
  Text: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An administrator writes an e-mail (POST /api/send-mail); `initial` prefills a reply. */
export function SendMailDialog({ open, initial, onClose }: { open: boolean; initial?: Partial<MailForm>; onClose: () => void }) {
  const { t } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<MailForm>();
  const [sending, setSending] = useState(false);

  const send = async (values: MailForm) => {
    setSending(true);
    try {
      const body: SendMailInput = { To: values.To, Subject: values.Subject, Text: values.Text };
      await requireOk('/api/send-mail', { method: 'POST', body });
      void message.success(t('ops.mail.sent'));
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('ops.mail.send')}
      okText={t('ops.mail.submit')}
      cancelText={t('ops.common.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<MailForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ To: [], Subject: '', Text: '', ...initial }}
        onFinish={(v) => void send(v)}
        data-testid="send-mail-form"
      >
        <Form.Item
          name="To"
          label={t('ops.mail.to')}
          extra={t('ops.mail.toHelp')}
          rules={[
            { required: true, type: 'array', min: 1 },
            { validator: async (_r, v: string[] = []) => (v.every((a) => EMAIL.test(a)) ? undefined : Promise.reject(new Error(t('ops.mail.toInvalid')))) },
          ]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} suffixIcon={null} data-testid="send-mail-to" />
        </Form.Item>
        <Form.Item name="Subject" label={t('ops.mail.subject')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={200} data-testid="send-mail-subject" />
        </Form.Item>
        <Form.Item name="Text" label={t('ops.mail.text')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={8} maxLength={20000} showCount data-testid="send-mail-text" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
