import { Link } from 'react-router';
import { Space, Typography } from 'antd';
import { CERTIFICATION_STATUSES, CERTIFICATIONS, type Certification, type CertificationStatus } from '../../../../resources/payments-api';
import { BACK_OFFICE } from '../../../../resources/platform-entities';
import { requireOk } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { EntityActions } from '../../../engine/EntityActions';
import { PageHeader } from '../../../engine/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { CertificationStatusTag } from '../../payments/tags';
import { ReviewQueue } from './ReviewQueue';

/** `/admin/certification`: organisations' enterprise certification requests, approved or invalidated here. */
export default function CertificationAdminPage() {
  const { t } = useLocale();
  usePageTitle(t('payments.admin.certification.title'));

  function reviewed(action: string, ok: boolean, reload: () => void) {
    if (!ok) return;
    toast('success', t(action === 'approve' ? 'payments.admin.certification.approved' : 'payments.admin.certification.invalidated'));
    reload();
  }

  async function openLicence(id: string) {
    const detail = await requireOk<Certification>(`/api/enterprise-certification/${encodeURIComponent(id)}`);
    if (detail.LicenseUrl) window.open(detail.LicenseUrl, '_blank', 'noopener');
  }

  return (
    <>
      <PageHeader title={t('payments.admin.certification.title')} subtitle={t('payments.admin.certification.subtitle')} />
      <ReviewQueue<Certification, CertificationStatus>
        url="/api/enterprise-certification"
        id="certification"
        searchLabel={t('payments.admin.certification.search')}
        statusLabel={t('payments.certification.status')}
        statuses={CERTIFICATION_STATUSES}
        statusText={(s) => t(`payments.certification.statuses.${s}`)}
        initialStatus="Pending"
        emptyText={t('payments.admin.certification.empty')}
        width={1150}
        columns={(reload) => [
          { title: t('payments.certification.createdAt'), dataIndex: 'CreatedAt', width: 170, render: (v: string) => formatDateTime(v) },
          { title: t('payments.admin.columns.org'), dataIndex: 'OrgName', width: 160, render: (name: string, r) => <Link to={`/admin/organization/${encodeURIComponent(r.OrgId)}`}>{name}</Link> },
          { title: t('payments.admin.columns.company'), dataIndex: 'CompanyName', ellipsis: true },
          { title: t('payments.admin.columns.creditCode'), dataIndex: 'CreditCode', width: 190, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { title: t('payments.admin.columns.legalPerson'), dataIndex: 'LegalPerson', width: 120 },
          { title: t('payments.admin.columns.status'), dataIndex: 'Status', width: 100, render: (v: CertificationStatus) => <CertificationStatusTag status={v} /> },
          {
            key: 'actions',
            title: t('payments.admin.columns.actions'),
            width: 220,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space>
                <Typography.Link onClick={() => void openLicence(r.Id)}>{t('payments.certification.viewLicense')}</Typography.Link>
                <EntityActions
                  entity={CERTIFICATIONS}
                  record={r}
                  principals={BACK_OFFICE}
                  variant="link"
                  testId={(a) => `certification-${a.name}-${r.Id}`}
                  onSettled={(a, ok) => reviewed(a.name, ok, reload)}
                />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
