import { Link, useParams } from 'react-router';
import { Button, Card, Result, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../engine/PageHeader';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useBalances } from '../../billing/api';
import { BalanceCard } from '../../billing/BalanceCard';
import { TransactionsTable } from '../../billing/TransactionsTable';
import { useOffice } from './office';

/**
 * `/admin/balance/:orgId` and `/bc-admin/org/:orgId`: one organisation's balance and every transaction, with
 * activate, invalidate and cancel (each confirmed) and note editing.
 */
export default function OrgBalancePage() {
  const { t } = useLocale();
  const { orgId = '' } = useParams();
  const { balancesPath, invoicePath } = useOffice();
  const balances = useBalances({ orgId });
  const balance = balances.data?.Items[0];
  usePageTitle(balance?.OrgName, t('billing.office.orgTitle'));

  const back = (
    <Link to={balancesPath}>
      <Button icon={<ArrowLeftOutlined />}>{t('billing.office.back')}</Button>
    </Link>
  );

  if (balances.error) {
    const missing = balances.error.statusCode === 404;
    return <Result status={missing ? '404' : 'error'} title={missing ? t('billing.office.orgMissing') : balances.error.message} extra={back} data-testid="org-balance-missing" />;
  }

  return (
    <>
      <PageHeader
        title={balance?.OrgName ?? t('billing.office.orgTitle')}
        subtitle={
          <Typography.Text type="secondary" copyable={{ text: orgId }}>
            {balance?.CompanyName ? `${balance.CompanyName} · ` : ''}
            {orgId}
          </Typography.Text>
        }
        extra={back}
      />
      <BalanceCard balance={balance} loading={balances.loading} />
      <Card title={t('billing.transactions.title')}>
        <TransactionsTable
          base={{ orgId }}
          office
          onChanged={() => void balances.refetch()}
          rowActions={(tx) =>
            tx.Type === 'Deposit' && tx.Status === 'Active' ? (
              <Link to={invoicePath(tx.Id)} data-testid={`invoice-${tx.Id}`}>
                {t('billing.office.invoice')}
              </Link>
            ) : null
          }
        />
      </Card>
    </>
  );
}
