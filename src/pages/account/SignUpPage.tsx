import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, Checkbox, Form, Input, Result, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { NAME_MAX, type SignInAnswer, type SignUpRequest } from '../../../resources/account-api';
import { afterSignIn, forgetIdentity } from '../../../providers/auth';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PageLoading } from '../PageLoading';
import { AuthCard } from './AuthCard';
import { EmailCodeFields, NewPasswordFields } from './CodeFields';
import { submitAccountForm } from './submitAccountForm';
import { useBaseInfo } from './useBaseInfo';
import { useSignedIn } from './useSignedIn';

type Values = Omit<SignUpRequest, 'policyVersion'> & { confirm: string; terms: boolean };

/** `/sign-up`: e-mail with a code sent to it, a name and a password; signs in on success. */
export default function SignUpPage() {
  const { t } = useLocale();
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const to = params.get('to');
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const info = useBaseInfo();
  const [pending, setPending] = useState(false);
  usePageTitle(t('account.signUp.title'));

  if (signedIn === undefined || info === undefined) return <PageLoading full />;
  if (signedIn) return <Navigate to={afterSignIn(to)} replace />;

  const signInLink = (
    <Typography.Text type="secondary">
      {t('account.links.haveAccount')} <Link to={to ? `/login-authorize?to=${encodeURIComponent(to)}` : '/login-authorize'}>{t('account.links.backToSignIn')}</Link>
    </Typography.Text>
  );

  if (info && !info.SignUp) {
    return (
      <AuthCard title={t('account.signUp.title')} footer={signInLink}>
        <Result status="info" title={t('account.signUp.closed')} style={{ padding: 0 }} />
      </AuthCard>
    );
  }

  async function submit({ email, code, name, password }: Values) {
    setPending(true);
    const body: SignUpRequest = { email: email.trim(), code, name: name.trim(), password, policyVersion: info?.PolicyInfo.Version ?? '' };
    const done = await submitAccountForm<SignInAnswer>(form, '/auth/sign-up', body, ['email', 'code', 'name', 'password']);
    setPending(false);
    if (!done) return;
    forgetIdentity();
    toast('success', t('account.signUp.done'));
    navigate(afterSignIn(to), { replace: true });
  }

  return (
    <AuthCard title={t('account.signUp.title')} subtitle={t('account.signUp.subtitle')} footer={signInLink}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <EmailCodeFields form={form} purpose="sign-up" />
        <Form.Item
          name="name"
          label={t('account.signUp.name')}
          rules={[
            { required: true, whitespace: true, message: t('account.signUp.nameRequired') },
            { max: NAME_MAX, message: t('validation.maxLength', { limit: NAME_MAX }) },
          ]}
        >
          <Input prefix={<UserOutlined />} placeholder={t('account.signUp.namePlaceholder')} autoComplete="nickname" size="large" maxLength={NAME_MAX} />
        </Form.Item>
        <NewPasswordFields label={t('account.password.label')} />
        <Form.Item
          name="terms"
          valuePropName="checked"
          rules={[{ validator: (_, checked) => (checked ? Promise.resolve() : Promise.reject(new Error(t('account.signUp.termsRequired')))) }]}
        >
          <Checkbox data-testid="sign-up-terms">
            {t('account.signUp.terms')}{' '}
            <a href="/policy/tos" target="_blank" rel="noopener">
              {t('account.signUp.termsLink', { version: info?.PolicyInfo.Version ?? '' })}
            </a>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="sign-up-submit">
          {t('account.signUp.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
