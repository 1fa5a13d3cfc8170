import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Result } from 'antd';
import type { ContactUsInput } from '../../../resources/ops-api';
import { requireOk } from '../../../providers/http';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { showFieldErrors } from '../../lib/fieldErrors';
import { SiteShell } from './SiteShell';

const CONTENT_MAX = 2000;

/**
 * `/contact-us?content=…`: write to the provider; the message is prefilled from `content`. Another page may give the
 * form its own heading and a first line put before the message (the feature requests at `/wish`).
 */
export default function ContactUsPage({ title, subtitle, prefix = '' }: { title?: string; subtitle?: string; prefix?: string }) {
  const { t } = useLocale();
  usePageTitle(title ?? t('ops.contact.title'));
  const [params] = useSearchParams();
  const [form] = Form.useForm<ContactUsInput>();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  const send = async (values: ContactUsInput) => {
    setSending(true);
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== '')) as unknown as ContactUsInput;
      if (prefix) body.Content = `${prefix}${body.Content}`;
      await requireOk('/base/contact-us', { method: 'POST', body, anonymous: true });
      setSentTo(values.Email);
      form.resetFields(['Content']);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <SiteShell width={720}>
      <PageHeader title={title ?? t('ops.contact.title')} subtitle={subtitle ?? t('ops.contact.subtitle')} />
      <Card>
        {sentTo ? (
          <div data-testid="contact-sent">
            <Result
              status="success"
              title={t('ops.contact.sentTitle')}
              subTitle={t('ops.contact.sentHint', { email: sentTo })}
              extra={<Button onClick={() => setSentTo(undefined)}>{t('ops.contact.again')}</Button>}
            />
          </div>
        ) : (
          <Form<ContactUsInput>
            form={form}
            layout="vertical"
            requiredMark
            initialValues={{ Content: (params.get('content') ?? '').slice(0, CONTENT_MAX) }}
            onFinish={(v) => void send(v)}
            data-testid="contact-form"
          >
            <Form.Item name="Content" label={t('ops.contact.content')} rules={[{ required: true, whitespace: true }]}>
              <Input.TextArea rows={6} maxLength={CONTENT_MAX - prefix.length} showCount placeholder={t('ops.contact.contentPlaceholder')} autoFocus />
            </Form.Item>
            <Form.Item name="Email" label={t('ops.contact.email')} rules={[{ required: true, type: 'email' }]}>
              <Input type="email" maxLength={254} autoComplete="email" />
            </Form.Item>
            <Form.Item name="Name" label={t('ops.contact.name')}>
              <Input maxLength={100} autoComplete="name" />
            </Form.Item>
            <Form.Item name="Phone" label={t('ops.contact.phone')} rules={[{ pattern: /^[0-9+()\- ]*$/, message: t('ops.contact.phoneInvalid') }]}>
              <Input maxLength={40} autoComplete="tel" inputMode="tel" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={sending} data-testid="contact-submit">
              {t('ops.contact.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </SiteShell>
  );
}
