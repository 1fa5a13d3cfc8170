import { Link, useParams } from 'react-router';
import { Button, Card, Empty, Flex, Popconfirm, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { INVOICE_ACTIONS, type Invoice } from '../../../../resources/payments-api';
import { allows } from '../../../../resources/state-actions';
import { requireOk } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { PageHeader } from '../../../engine/PageHeader';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiQuery } from '../../../lib/api';
import { InvoiceDescriptions, InvoiceDownload } from '../../payments/InvoiceDescriptions';
import { invoicesPath, useOffice } from './office';

/**
 * `/admin/balance/invoice/:transactionId` and `/bc-admin/invoice/:transactionId`: the invoice requests of one
 * transaction, newest first, to issue (which generates the document) or invalidate, and download.
 */
export default function InvoiceAdminPage() {
  const { transactionId = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('payments.admin.invoice.title'));
  const office = useOffice();
  const { data, refetch } = useApiQuery<{ TotalCount: number; Items: Invoice[] }>('/api/invoices', { query: { transactionId, count: 50 } });

  async function act(invoice: Invoice, action: 'finish' | 'invalidate') {
    const done = await requireOk(`/api/invoices/${encodeURIComponent(invoice.Id)}/${action}`, { method: 'POST' }).then(
      () => true,
      () => false,
    );
    if (!done) return;
    toast('success', t(action === 'finish' ? 'payments.admin.invoice.finished' : 'payments.admin.invoice.invalidated'));
    void refetch();
  }

  return (
    <>
      <PageHeader
        title={t('payments.admin.invoice.title')}
        subtitle={transactionId}
        extra={
          <Link to={invoicesPath(office)}>
            <Button icon={<ArrowLeftOutlined />}>{t('payments.admin.invoice.back')}</Button>
          </Link>
        }
      />
      {!data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : data.Items.length === 0 ? (
        <Card>
          <Empty description={t('payments.admin.invoice.none')} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {data.Items.map((invoice) => (
            <Card key={invoice.Id} data-testid={`admin-invoice-${invoice.Id}`}>
              <InvoiceDescriptions invoice={invoice} showOrg />
              <Space style={{ marginTop: 16 }}>
                {allows(INVOICE_ACTIONS.finish, invoice.Status) && (
                  <Popconfirm title={t('payments.admin.invoice.finishConfirm', { format: invoice.Format })} onConfirm={() => act(invoice, 'finish')}>
                    <Button type="primary" data-testid="invoice-finish">
                      {t('payments.admin.invoice.finish')}
                    </Button>
                  </Popconfirm>
                )}
                {allows(INVOICE_ACTIONS.invalidate, invoice.Status) && (
                  <Popconfirm title={t('payments.admin.invoice.invalidateConfirm')} onConfirm={() => act(invoice, 'invalidate')} okButtonProps={{ danger: true }}>
                    <Button danger data-testid="invoice-invalidate">
                      {t('payments.admin.invoice.invalidate')}
                    </Button>
                  </Popconfirm>
                )}
                <InvoiceDownload invoice={invoice} />
              </Space>
            </Card>
          ))}
        </Flex>
      )}
    </>
  );
}
