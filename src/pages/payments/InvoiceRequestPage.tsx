import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Space, Table } from 'antd';
import type { Transaction } from '../../../resources/billing-api';
import { canManage, type OrganizationItem } from '../../../resources/org-api';
import { INVOICES, type Invoice, type InvoiceDetails } from '../../../resources/payments-api';
import { ORG_MANAGERS } from '../../../resources/platform-entities';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { EntityActions } from '../../engine/EntityActions';
import { PageHeader } from '../../engine/PageHeader';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiGet } from '../org/data';
import { OrgShell } from '../org/OrgShell';
import { InvoiceDescriptions, InvoiceDownload } from './InvoiceDescriptions';
import { InvoiceForm } from './InvoiceForm';
import { InvoiceStatusTag } from './tags';

const isLive = (i: Invoice) => i.Status === 'Pending' || i.Status === 'Finished';

/** `/apps/bill/:transactionId/invoice`: request the invoice of a top-up, follow it, download it when issued. */
export default function InvoiceRequestPage() {
  const { transactionId = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('payments.invoice.title'));
  const tx = useApiGet<Transaction>(`/api/transactions/${encodeURIComponent(transactionId)}`);
  const org = useApiGet<OrganizationItem>(tx.data ? `/api/organizations/${encodeURIComponent(tx.data.OrgId)}` : undefined);
  const invoices = useApiGet<{ TotalCount: number; Items: Invoice[] }>(tx.data ? '/api/invoices' : undefined, { transactionId, count: 50 });
  const [editing, setEditing] = useState(false);
  const crumbs = [{ title: t('payments.invoice.breadcrumb'), to: '/apps/bill' }, { title: t('payments.invoice.title') }];

  if (tx.error) {
    return (
      <OrgShell crumbs={crumbs}>
        <Result status="404" title={t('payments.invoice.notAvailable')} subTitle={t('payments.invoice.notAvailableHint')} extra={<Link to="/apps/bill">{t('payments.invoice.breadcrumb')}</Link>} />
      </OrgShell>
    );
  }
  if (!tx.data || !invoices.data || !org.data) {
    return (
      <OrgShell crumbs={crumbs}>
        <Skeleton active />
      </OrgShell>
    );
  }

  const deposit = tx.data;
  const manager = canManage(org.data.Role);
  const live = invoices.data.Items.find(isLive);
  const earlier = invoices.data.Items.filter((i) => i !== live);
  const refresh = () => void invoices.refetch();

  async function request(values: InvoiceDetails) {
    await requireOk('/api/invoices', { method: 'POST', body: { ...values, TransactionId: deposit.Id } });
    toast('success', t('payments.invoice.submitted'));
    refresh();
  }
  async function save(values: InvoiceDetails) {
    await requireOk(`/api/invoices/${encodeURIComponent(live!.Id)}`, { method: 'PUT', body: { ...values, Version: live!.Version } });
    toast('success', t('payments.invoice.saved'));
    setEditing(false);
    refresh();
  }

  const body = () => {
    if (live && !editing) {
      return (
        <Flex vertical gap={16}>
          {live.Status === 'Pending' && <Alert type="info" showIcon message={t('payments.invoice.pendingHint')} />}
          <InvoiceDescriptions invoice={live} />
          <Space>
            <InvoiceDownload invoice={live} />
            {live.Status === 'Pending' && manager && (
              <>
                <Button onClick={() => setEditing(true)} data-testid="invoice-edit">
                  {t('payments.invoice.edit')}
                </Button>
                <EntityActions
                  entity={INVOICES}
                  record={live}
                  principals={ORG_MANAGERS}
                  variant="buttons"
                  testId={() => 'invoice-withdraw'}
                  onSettled={(_action, ok) => {
                    if (ok) toast('success', t('payments.invoice.withdrawn'));
                    refresh();
                  }}
                />
              </>
            )}
          </Space>
        </Flex>
      );
    }
    if (live) return <InvoiceForm initial={live} submitText={t('payments.invoice.save')} onSubmit={save} onCancel={() => setEditing(false)} />;
    if (deposit.Type !== 'Deposit' || deposit.Status !== 'Active') return <Alert type="warning" showIcon message={t('payments.invoice.onlyActiveDeposit')} />;
    if (!manager) return <Alert type="info" showIcon message={t('payments.invoice.readOnly')} />;
    return <InvoiceForm initial={{ Title: org.data?.CompanyName || '' }} submitText={t('payments.invoice.submit')} onSubmit={request} />;
  };

  return (
    <OrgShell crumbs={crumbs}>
      <PageHeader title={t('payments.invoice.title')} subtitle={t('payments.invoice.subtitle')} />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'org', label: t('payments.invoice.org'), children: org.data.Name },
            { key: 'tx', label: t('payments.invoice.transaction'), children: deposit.Id },
            { key: 'amount', label: t('payments.invoice.amount'), children: `¥ ${formatAmount(deposit.Amount)}` },
          ]}
        />
      </Card>
      <Card>{body()}</Card>
      {earlier.length > 0 && (
        <Card title={t('payments.invoice.previous')} style={{ marginTop: 16 }}>
          <Table<Invoice>
            rowKey="Id"
            size="small"
            pagination={false}
            dataSource={earlier}
            columns={[
              { title: t('payments.invoice.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
              { title: t('payments.invoice.titleLabel'), dataIndex: 'Title' },
              { title: t('payments.invoice.type'), dataIndex: 'Type', render: (v: string) => t(`payments.invoice.types.${v}`) },
              { title: t('payments.invoice.status'), dataIndex: 'Status', render: (v: Invoice['Status']) => <InvoiceStatusTag status={v} /> },
            ]}
          />
        </Card>
      )}
    </OrgShell>
  );
}
