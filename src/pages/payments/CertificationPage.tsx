import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import type { OrganizationItem } from '../../../resources/org-api';
import type { AppList } from '../../../resources/platform';
import type { Certification } from '../../../resources/payments-api';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiGet } from '../org/data';
import { LoadFailed, OrgShell } from '../org/OrgShell';
import { OrgStatusTag } from '../org/tags';
import { CertificationForm, type CertificationFields } from './CertificationForm';
import { CertificationStatusTag } from './tags';

/** Opens a request's licence through the short-lived link its detail carries. */
async function openLicence(id: string) {
  const detail = await requireOk<Certification>(`/api/enterprise-certification/${encodeURIComponent(id)}`);
  if (detail.LicenseUrl) window.open(detail.LicenseUrl, '_blank', 'noopener');
}

/** `/orgs/:orgId/certification`: the organisation's enterprise certification, asked for by its owner. */
export default function CertificationPage() {
  const { orgId = '' } = useParams();
  const { t } = useLocale();
  const org = useApiGet<OrganizationItem>(`/api/organizations/${encodeURIComponent(orgId)}`);
  const requests = useApiGet<{ TotalCount: number; Items: Certification[] }>(org.data ? '/api/enterprise-certification' : undefined, { orgId, count: 50 });
  const apps = useApiGet<AppList>(org.data ? '/api/apps' : undefined, { orgId, count: 9999 });
  const [editing, setEditing] = useState(false);
  usePageTitle(t('payments.certification.title'), org.data?.Name);
  const crumbs = [{ title: org.data?.Name ?? '…', to: `/orgs/${encodeURIComponent(orgId)}/members` }, { title: t('payments.certification.breadcrumb') }];

  if (org.error) {
    return (
      <OrgShell crumbs={crumbs}>
        <LoadFailed error={org.error} title={t('org.organizations.unavailableTitle')} hint={t('org.organizations.unavailableHint')} onRetry={() => void org.refetch()} />
      </OrgShell>
    );
  }
  if (!org.data || !requests.data || !apps.data) {
    return (
      <OrgShell crumbs={crumbs}>
        <Skeleton active />
      </OrgShell>
    );
  }

  const owner = org.data.Role === 'owner';
  const latest = requests.data.Items[0];
  const appId = apps.data.Items[0]?.AppId;
  const refresh = () => {
    void requests.refetch();
    void org.refetch();
  };

  async function submit(values: CertificationFields) {
    await requireOk('/api/enterprise-certification', { method: 'POST', body: { ...values, OrgId: orgId } });
    toast('success', t('payments.certification.submitted'));
    setEditing(false);
    refresh();
  }
  async function save(values: CertificationFields) {
    await requireOk(`/api/enterprise-certification/${encodeURIComponent(latest.Id)}`, { method: 'PUT', body: { ...values, Version: latest.Version } });
    toast('success', t('payments.certification.saved'));
    setEditing(false);
    refresh();
  }

  const form = () => {
    if (!owner) return <Alert type="info" showIcon message={t('payments.certification.ownerOnly')} />;
    if (!appId) {
      return (
        <Alert
          type="warning"
          showIcon
          message={t('payments.certification.needApp')}
          action={
            <Link to={`/apps/create?orgId=${encodeURIComponent(orgId)}`}>
              <Button size="small">{t('payments.certification.createApp')}</Button>
            </Link>
          }
        />
      );
    }
    const pending = latest?.Status === 'Pending';
    return (
      <CertificationForm
        appId={appId}
        initial={pending ? latest : undefined}
        submitText={pending ? t('payments.certification.save') : latest ? t('payments.certification.resubmit') : t('payments.certification.submit')}
        onSubmit={pending ? save : submit}
        onCancel={latest ? () => setEditing(false) : undefined}
      />
    );
  };

  const current = latest && (
    <Flex vertical gap={16}>
      {latest.Status === 'Pending' && <Alert type="info" showIcon message={t('payments.certification.pendingHint')} />}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'status', label: t('payments.certification.status'), children: <CertificationStatusTag status={latest.Status} /> },
          { key: 'company', label: t('payments.certification.companyName'), children: latest.CompanyName },
          { key: 'code', label: t('payments.certification.creditCode'), children: <Typography.Text code>{latest.CreditCode}</Typography.Text> },
          { key: 'legal', label: t('payments.certification.legalPerson'), children: latest.LegalPerson },
          { key: 'created', label: t('payments.certification.createdAt'), children: formatDateTime(latest.CreatedAt) },
          { key: 'reviewed', label: t('payments.certification.reviewedAt'), children: formatDateTime(latest.ReviewedAt) },
          {
            key: 'licence',
            label: t('payments.certification.license'),
            children: <Typography.Link onClick={() => void openLicence(latest.Id)}>{t('payments.certification.viewLicense')}</Typography.Link>,
          },
        ]}
      />
      {owner && (
        <div>
          <Button onClick={() => setEditing(true)} data-testid="certification-edit">
            {latest.Status === 'Pending' ? t('payments.certification.edit') : t('payments.certification.resubmit')}
          </Button>
        </div>
      )}
    </Flex>
  );

  return (
    <OrgShell crumbs={crumbs}>
      <PageHeader title={t('payments.certification.title')} subtitle={t('payments.certification.subtitle')} tags={<OrgStatusTag status={org.data.Status} />} />
      <Card title={t('payments.certification.current')}>
        {editing || !latest ? (
          <>
            {!latest && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payments.certification.empty')} style={{ marginBottom: 16 }} />}
            {form()}
          </>
        ) : (
          current
        )}
      </Card>
      {requests.data.Items.length > 1 && (
        <Card title={t('payments.certification.history')} style={{ marginTop: 16 }}>
          <Table<Certification>
            rowKey="Id"
            size="small"
            pagination={false}
            dataSource={requests.data.Items.slice(1)}
            columns={[
              { title: t('payments.certification.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
              { title: t('payments.certification.companyName'), dataIndex: 'CompanyName' },
              { title: t('payments.certification.status'), dataIndex: 'Status', render: (v: Certification['Status']) => <CertificationStatusTag status={v} /> },
            ]}
          />
        </Card>
      )}
    </OrgShell>
  );
}
