import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { CODE_LENGTH, CODE_RESEND_SECONDS, PASSWORD_MAX, PASSWORD_MIN, type CodePurpose } from '../../../resources/account-api';
import { isApiError, request } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';

import { showFieldErrors } from '../../lib/fieldErrors';

/** Sends the e-mail a code, then waits CODE_RESEND_SECONDS before it may send another. */
function SendCodeButton({ form, purpose }: { form: FormInstance; purpose: CodePurpose }) {
  const { t } = useLocale();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    let email: string;
    try {
      email = String((await form.validateFields(['email'])).email).trim();
    } catch {
      toast('warning', t('account.code.emailFirst'));
      return;
    }
    setSending(true);
    try {
      await request('/auth/send-code', { method: 'POST', body: { email, purpose }, anonymous: true, throwResponse: true });
      toast('success', t('account.code.sent', { email }));
      setLeft(CODE_RESEND_SECONDS);
      form.getFieldInstance('code')?.focus?.();
    } catch (error) {
      showFieldErrors(form, error, ['email']);
      if (isApiError(error) && error.statusCode === 429) setLeft(CODE_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  }

  return (
    <Button size="large" onClick={() => void send()} loading={sending} disabled={left > 0} style={{ minWidth: 128 }} data-testid="send-code">
      {left > 0 ? t('account.code.resend', { seconds: left }) : t('account.code.send')}
    </Button>
  );
}

/** The e-mail field of the account forms (sign-in, sign-up, reset). */
export function EmailField({ autoComplete }: { autoComplete: 'email' | 'username' }) {
  const { t } = useLocale();
  return (
    <Form.Item
      name="email"
      label={t('auth.email')}
      rules={[
        { required: true, message: t('auth.emailRequired') },
        { type: 'email', message: t('auth.emailInvalid') },
      ]}
    >
      <Input prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} autoComplete={autoComplete} autoFocus size="large" />
    </Form.Item>
  );
}

/** E-mail, and the code sent to it with its send button. */
export function EmailCodeFields({ form, purpose }: { form: FormInstance; purpose: CodePurpose }) {
  const { t } = useLocale();
  return (
    <>
      <EmailField autoComplete="email" />
      <Form.Item label={t('account.code.label')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: t('account.code.required') },
              { pattern: new RegExp(`^\\d{${CODE_LENGTH}}$`), message: t('account.code.invalid') },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('account.code.placeholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              size="large"
              aria-label={t('account.code.label')}
            />
          </Form.Item>
          <SendCodeButton form={form} purpose={purpose} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/** A new password, typed twice. */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useLocale();
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        extra={t('account.password.hint')}
        rules={[
          { required: true, message: t('auth.passwordRequired') },
          { min: PASSWORD_MIN, message: t('account.password.tooShort') },
          { max: PASSWORD_MAX, message: t('account.password.tooLong') },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.password.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('account.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('account.password.mismatch')))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
      </Form.Item>
    </>
  );
}
