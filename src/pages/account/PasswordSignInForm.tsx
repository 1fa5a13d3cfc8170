import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useLocale } from '../../lib/useLocale';
import { EmailField } from './CodeFields';

export interface Credentials {
  email: string;
  password: string;
}

/** E-mail and password, for the user and the administrator sign-in pages. */
export function PasswordSignInForm({ onSubmit, pending, extra }: { onSubmit: (c: Credentials) => void; pending: boolean; extra?: ReactNode }) {
  const { t } = useLocale();
  return (
    <Form<Credentials> layout="vertical" requiredMark={false} onFinish={(v) => onSubmit({ email: v.email.trim(), password: v.password })}>
      <EmailField autoComplete="username" />
      <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]} style={{ marginBottom: extra ? 8 : undefined }}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      {extra}
      <Button type="primary" htmlType="submit" block size="large" loading={pending} style={{ marginTop: 8 }} data-testid="sign-in-submit">
        {t('auth.submit')}
      </Button>
    </Form>
  );
}
