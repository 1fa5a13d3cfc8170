import { useState } from 'react';
import { Card, Flex, Statistic } from 'antd';
import { addMonths, BILLS_PAGE_COUNT, shanghaiMonth, type BillList } from '../../../../resources/bills-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiQuery } from '../../../lib/api';
import { sumOf } from '../../metering/money';
import { BillsTable } from './BillsTable';
import { MonthPicker } from './MonthPicker';

/** `/admin/apps-bill`: every app's bill for one month (last month by default), all rows loaded and sortable. */
export default function AppsBillPage() {
  const { t } = useLocale();
  usePageTitle(t('metering.admin.appsBill.title'));
  const [month, setMonth] = useState(addMonths(shanghaiMonth(), -1));
  const { data, loading } = useApiQuery<BillList>('/api/bills', { query: { month, count: BILLS_PAGE_COUNT } });
  const rows = data?.Items ?? [];

  return (
    <>
      <PageHeader
        title={t('metering.admin.appsBill.title')}
        subtitle={t('metering.admin.appsBill.subtitle')}
        extra={<MonthPicker value={month} onChange={(m) => m && setMonth(m)} testId="apps-bill-month" label={t('metering.admin.appsBill.month')} />}
      />
      <Card>
        <Flex gap={48} style={{ marginBottom: 16 }}>
          <Statistic title={t('metering.common.app')} value={rows.length} loading={loading && !data} />
          <Statistic title={t('metering.common.total')} value={formatAmount(sumOf(rows.map((r) => r.Amount)))} loading={loading && !data} />
        </Flex>
        <BillsTable rows={rows} loading={loading} sortable pagination={{ pageSize: 50, hideOnSinglePage: true }} />
      </Card>
    </>
  );
}
