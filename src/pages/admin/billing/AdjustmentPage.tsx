import { useState } from 'react';
import { Card } from 'antd';
import { PageHeader } from '../../../engine/PageHeader';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { TransactionsTable } from '../../billing/TransactionsTable';
import { AdjustmentForm } from './AdjustmentForm';
import { useOffice } from './office';

/** `/admin/adjustment`: adjust an organisation's balance or record a bank transfer, and the recent adjustments. */
export default function AdjustmentPage() {
  const { t } = useLocale();
  usePageTitle(t('billing.office.adjustmentTitle'));
  const { orgPath } = useOffice();
  const [created, setCreated] = useState(0);
  return (
    <>
      <PageHeader title={t('billing.office.adjustmentTitle')} subtitle={t('billing.office.adjustmentSubtitle')} />
      <Card style={{ marginBottom: 16 }}>
        <AdjustmentForm onCreated={() => setCreated((n) => n + 1)} />
      </Card>
      <Card title={t('billing.office.recentTitle')}>
        <TransactionsTable base={{ type: 'Adjustment' }} office showOrg orgLink={orgPath} reloadKey={created} />
      </Card>
    </>
  );
}
