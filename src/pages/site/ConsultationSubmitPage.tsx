import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, Form, Input, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { consultation, offerOf, type Ticket, type TicketInput, type TicketType } from '../../../resources/ops-api';
import { requireOk, SIGN_IN_PATH } from '../../../providers/http';
import { PageHeader } from '../../engine/PageHeader';
import { useSessions } from '../../routes/guards';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { showFieldErrors } from '../../lib/fieldErrors';
import { useFetch } from '../../lib/useFetch';
import { useFeeText } from './fee';
import { SiteShell } from './SiteShell';

interface Organization {
  Id: string;
  Name: string;
}

function TicketForm({ organizations, email }: { organizations: Organization[]; email: string }) {
  const { t, text } = useLocale();
  const feeText = useFeeText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<TicketInput>();
  const [sending, setSending] = useState(false);
  const asked = params.get('type');
  const initial: Partial<TicketInput> = {
    Type: (asked && offerOf(asked) ? asked : consultation.offers[0].type) as TicketType,
    OrgId: organizations.length === 1 ? organizations[0].Id : undefined,
    Contact: email,
  };

  const send = async (values: TicketInput) => {
    setSending(true);
    try {
      const ticket = await requireOk<Ticket>('/api/ticket', { method: 'POST', body: values });
      navigate(`/consultation/${encodeURIComponent(ticket.TicketId)}`);
    } catch (error) {
      showFieldErrors(form, error);
      setSending(false);
    }
  };

  return (
    <Form<TicketInput> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void send(v)} data-testid="ticket-form">
      <Form.Item name="OrgId" label={t('ops.submit.org')} rules={[{ required: true }]}>
        <Select
          placeholder={t('ops.submit.orgPlaceholder')}
          options={organizations.map((o) => ({ value: o.Id, label: o.Name }))}
          showSearch
          optionFilterProp="label"
          data-testid="ticket-org"
        />
      </Form.Item>
      <Form.Item name="Type" label={t('ops.submit.type')} rules={[{ required: true }]}>
        <Radio.Group style={{ width: '100%' }} data-testid="ticket-type">
          <Space direction="vertical">
            {consultation.offers.map((o) => (
              <Radio key={o.type} value={o.type}>
                {text(o.label)} <Typography.Text type="secondary">· {feeText(o.fee, o.unit)}</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="Title" label={t('ops.submit.subject')} rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={100} showCount placeholder={t('ops.submit.subjectPlaceholder')} />
      </Form.Item>
      <Form.Item name="Content" label={t('ops.submit.content')} rules={[{ required: true, whitespace: true }]}>
        <Input.TextArea rows={6} maxLength={5000} showCount placeholder={t('ops.submit.contentPlaceholder')} />
      </Form.Item>
      <Form.Item name="Contact" label={t('ops.submit.contact')} rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={200} placeholder={t('ops.submit.contactPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} data-testid="ticket-submit">
        {t('ops.submit.submit')}
      </Button>
    </Form>
  );
}

/** `/consultation-submit`: request a consultation for one of your organisations (signed in; otherwise sign in first). */
export default function ConsultationSubmitPage() {
  const { t } = useLocale();
  usePageTitle(t('ops.submit.title'));
  const sessions = useSessions();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const user = sessions?.user;
  const { data, loading } = useFetch<{ Items: Organization[] }>(user ? '/api/organizations' : undefined, { query: { count: 9999 } });

  if (sessions && !user) return <Navigate to={`${SIGN_IN_PATH}?to=${encodeURIComponent(pathname + search)}`} replace />;
  const organizations = data?.Items ?? [];

  return (
    <SiteShell width={720}>
      <PageHeader title={t('ops.submit.title')} subtitle={t('ops.submit.subtitle')} />
      <Card>
        {!user || loading ? (
          <Skeleton active />
        ) : organizations.length === 0 ? (
          <div data-testid="ticket-no-orgs">
            <Empty description={t('ops.submit.noOrgs')}>
              <Button type="primary" onClick={() => navigate('/orgs?create=1')}>
                {t('ops.submit.createOrg')}
              </Button>
            </Empty>
          </div>
        ) : (
          <TicketForm organizations={organizations} email={user.email} />
        )}
      </Card>
    </SiteShell>
  );
}
