import { Navigate, useSearchParams } from 'react-router';
import { Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useIsAuthenticated, useLogin } from '@refinedev/core';
import { afterSignIn } from '../../providers/auth';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { Brand } from './layout/Brand';
import { LanguageSwitch } from './layout/LanguageSwitch';
import { PageLoading } from './PageLoading';

interface Credentials {
  email: string;
  password: string;
}

/** `/login-authorize`: e-mail and password. Signed-in visitors go straight on. */
export default function LoginPage() {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const to = params.get('to');
  const { data: auth, isLoading } = useIsAuthenticated();
  const { mutate: login, isPending } = useLogin<Credentials & { to?: string }>();
  usePageTitle(t('auth.submit'));

  if (isLoading) return <PageLoading full />;
  if (auth?.authenticated) return <Navigate to={afterSignIn(to)} replace />;

  return (
    <Flex
      vertical
      style={{ minHeight: '100vh', background: `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)` }}
    >
      <Flex justify="flex-end" style={{ padding: 16 }}>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '0 16px 64px' }}>
        <Card style={{ width: '100%', maxWidth: 400, boxShadow: token.boxShadowTertiary }} styles={{ body: { padding: 32 } }}>
          <Flex vertical align="center" style={{ marginBottom: 24 }}>
            <Brand />
            <Typography.Title level={4} style={{ margin: '4px 0 4px' }}>
              {t('auth.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('auth.subtitle')}</Typography.Text>
          </Flex>
          <Form<Credentials>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => login({ ...values, email: values.email.trim(), to: to ?? undefined })}
          >
            <Form.Item
              name="email"
              label={t('auth.email')}
              rules={[
                { required: true, message: t('auth.emailRequired') },
                { type: 'email', message: t('auth.emailInvalid') },
              ]}
            >
              <Input prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} autoComplete="username" autoFocus size="large" />
            </Form.Item>
            <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={isPending} style={{ marginTop: 8 }}>
              {t('auth.submit')}
            </Button>
          </Form>
        </Card>
      </Flex>
    </Flex>
  );
}
