import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Flex, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { CERTIFICATION_ACTIONS, CERTIFICATION_STATUSES, type Certification, type CertificationStatus } from '../../../../resources/payments-api';
import { allows } from '../../../../resources/state-actions';
import { requireOk } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { PageHeader } from '../../../engine/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiQuery } from '../../../lib/api';
import { CertificationStatusTag } from '../../payments/tags';

const PAGE_SIZE = 20;

/** `/admin/certification`: organisations' enterprise certification requests, approved or invalidated here. */
export default function CertificationAdminPage() {
  const { t } = useLocale();
  usePageTitle(t('payments.admin.certification.title'));
  const [status, setStatus] = useState<CertificationStatus | undefined>('Pending');
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const query = useMemo(() => ({ status, q, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE }), [status, q, page]);
  const { data, loading, refetch } = useApiQuery<{ TotalCount: number; Items: Certification[] }>('/api/enterprise-certification', { query });

  async function review(c: Certification, action: 'approve' | 'invalidate') {
    const done = await requireOk(`/api/enterprise-certification/${encodeURIComponent(c.Id)}/${action}`, { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (!done) return;
    toast('success', t(action === 'approve' ? 'payments.admin.certification.approved' : 'payments.admin.certification.invalidated'));
    void refetch();
  }

  async function openLicence(id: string) {
    const detail = await requireOk<Certification>(`/api/enterprise-certification/${encodeURIComponent(id)}`);
    if (detail.LicenseUrl) window.open(detail.LicenseUrl, '_blank', 'noopener');
  }

  return (
    <>
      <PageHeader title={t('payments.admin.certification.title')} subtitle={t('payments.admin.certification.subtitle')} />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            maxLength={100}
            style={{ width: 320 }}
            placeholder={t('payments.admin.certification.search')}
            aria-label={t('payments.admin.certification.search')}
            onSearch={(v) => {
              setQ(v.trim() || undefined);
              setPage(1);
            }}
          />
          <Select<CertificationStatus>
            allowClear
            value={status}
            style={{ width: 160 }}
            placeholder={t('payments.certification.status')}
            options={CERTIFICATION_STATUSES.map((s) => ({ value: s, label: t(`payments.certification.statuses.${s}`) }))}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            data-testid="certification-status-filter"
          />
        </Flex>
        <Table<Certification>
          rowKey="Id"
          loading={loading}
          dataSource={data?.Items ?? []}
          scroll={{ x: 1150 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('payments.admin.certification.empty')} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalCount ?? 0, onChange: setPage, showSizeChanger: false }}
          data-testid="certification-table"
          columns={[
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
                  {allows(CERTIFICATION_ACTIONS.approve, r.Status) && (
                    <Popconfirm title={t('payments.admin.certification.approveConfirm', { name: r.CompanyName })} onConfirm={() => review(r, 'approve')}>
                      <Typography.Link data-testid={`certification-approve-${r.Id}`}>{t('payments.admin.certification.approve')}</Typography.Link>
                    </Popconfirm>
                  )}
                  {allows(CERTIFICATION_ACTIONS.invalidate, r.Status) && (
                    <Popconfirm
                      title={t('payments.admin.certification.invalidateConfirm', { name: r.CompanyName })}
                      onConfirm={() => review(r, 'invalidate')}
                      okButtonProps={{ danger: true }}
                    >
                      <Typography.Link type="danger" data-testid={`certification-invalidate-${r.Id}`}>
                        {t('payments.admin.certification.invalidate')}
                      </Typography.Link>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
