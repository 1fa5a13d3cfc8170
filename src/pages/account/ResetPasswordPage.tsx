import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Form, Result } from 'antd';
import type { ResetPasswordRequest } from '../../../resources/account-api';
import { forgetIdentity } from '../../../providers/auth';
import { clearSessionCookies, SIGN_IN_PATH } from '../../../providers/http';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { AuthCard } from './AuthCard';
import { EmailCodeFields, NewPasswordFields } from './CodeFields';
import { submitAccountForm } from './submitAccountForm';

type Values = ResetPasswordRequest & { confirm: string };

/** `/reset-password`: a code sent to the e-mail, then a new password; every session of the account ends. */
export default function ResetPasswordPage() {
  const { t } = useLocale();
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  usePageTitle(t('account.reset.title'));

  async function submit({ email, code, password }: Values) {
    setPending(true);
    const ok = await submitAccountForm(form, '/auth/reset-password', { email: email.trim(), code, password }, ['email', 'code', 'password']);
    setPending(false);
    if (!ok) return;
    // The server ended this browser's sessions too.
    clearSessionCookies();
    forgetIdentity();
    setDone(true);
  }

  if (done) {
    return (
      <AuthCard title={t('account.reset.title')}>
        <Result
          status="success"
          title={t('account.reset.doneTitle')}
          subTitle={t('account.reset.doneHint')}
          style={{ padding: 0 }}
          extra={
            <Button type="primary" onClick={() => navigate(SIGN_IN_PATH)} data-testid="reset-sign-in">
              {t('account.logout.signInAgain')}
            </Button>
          }
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.reset.title')} subtitle={t('account.reset.subtitle')} footer={<Link to={SIGN_IN_PATH}>{t('account.links.backToSignIn')}</Link>}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <EmailCodeFields form={form} purpose="reset-password" />
        <NewPasswordFields label={t('account.password.newLabel')} />
        <Button type="primary" htmlType="submit" block size="large" loading={pending} data-testid="reset-submit">
          {t('account.reset.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
