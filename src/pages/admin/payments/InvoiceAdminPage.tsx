import { Link, useParams } from 'react-router';
import { Button, Card, Empty, Flex, Skeleton, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { INVOICES, type Invoice } from '../../../../resources/payments-api';
import { BACK_OFFICE } from '../../../../resources/platform-entities';
import { toast } from '../../../../providers/notification';
import { EntityActions } from '../../../engine/EntityActions';
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

  function settled(action: string, ok: boolean) {
    if (!ok) return;
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
                <EntityActions
                  entity={INVOICES}
                  record={invoice}
                  principals={BACK_OFFICE}
                  variant="buttons"
                  testId={(a) => `invoice-${a.name}`}
                  onSettled={(a, ok) => settled(a.name, ok)}
                />
                <InvoiceDownload invoice={invoice} />
              </Space>
            </Card>
          ))}
        </Flex>
      )}
    </>
  );
}
