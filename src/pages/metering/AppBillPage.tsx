import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Card, Empty, Flex, Select, Skeleton, Statistic } from 'antd';
import { BILLS_PAGE_COUNT, shanghaiMonth, type AppBill, type BillList } from '../../../resources/bills-api';
import { PageHeader } from '../../engine/PageHeader';
import { useCurrentApp } from '../../lib/currentApp';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiQuery } from '../../lib/api';
import { BillLines } from './BillLines';
import { BillStatusTag } from './BillStatusTag';
import { billYearOptions, monthsOfFilter } from './months';

const StackedColumns = lazy(() => import('./charts').then((m) => ({ default: m.StackedColumns })));

/** `/services/:appId/bill`: the app's bill for a month (lines by service and meter, total) and its recent months. */
export default function AppBillPage() {
  const { appId = '' } = useParams();
  const app = useCurrentApp();
  const { t, text } = useLocale();
  usePageTitle(t('metering.appBill.title'), app?.ProjectName);
  const filters = useMemo(() => billYearOptions(), []);
  const [filterKey, setFilterKey] = useState(filters[0].key);
  const months = useMemo(() => monthsOfFilter(filterKey), [filterKey]);
  const [picked, setPicked] = useState<string>();
  const month = picked && months.includes(picked) ? picked : months[0];

  const { data: bill, loading } = useApiQuery<AppBill>(`/api/app/${encodeURIComponent(appId)}/bill`, { query: { month } });
  const { data: history } = useApiQuery<BillList>('/api/bills', { query: { appId, count: BILLS_PAGE_COUNT } });
  const trend = useMemo(() => {
    const amounts = new Map((history?.Items ?? []).map((b) => [b.Month, b.Amount]));
    return [...months].reverse().map((m) => ({ x: m, series: t('metering.common.amount'), value: Number(amounts.get(m) ?? 0) }));
  }, [history, months, t]);
  const anyBilled = trend.some((p) => p.value !== 0);

  return (
    <>
      <PageHeader
        title={t('metering.appBill.title')}
        subtitle={t('metering.appBill.subtitle')}
        extra={
          <Flex gap={12} wrap>
            <Select
              data-testid="bill-year"
              aria-label={t('metering.appBill.yearFilter')}
              value={filterKey}
              onChange={setFilterKey}
              options={filters.map((f) => ({ value: f.key, label: text(f.label) }))}
              style={{ minWidth: 140 }}
            />
            <Select
              data-testid="bill-month"
              aria-label={t('metering.common.month')}
              value={month}
              onChange={setPicked}
              options={months.map((m) => ({ value: m, label: m }))}
              style={{ minWidth: 120 }}
            />
          </Flex>
        }
      />
      <Card
        title={t('metering.appBill.lines')}
        extra={bill && <BillStatusTag bill={bill} />}
        style={{ marginBottom: 16 }}
        data-testid="app-bill"
      >
        <Statistic title={t('metering.common.total')} value={bill ? formatAmount(bill.Amount) : '—'} loading={loading && !bill} style={{ marginBottom: 12 }} />
        {bill && !bill.Billed && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t(bill.Month === shanghaiMonth() ? 'metering.appBill.accruingHint' : 'metering.appBill.notBilledHint')} />
        )}
        <BillLines items={bill?.Items ?? []} total={bill?.Amount ?? '0'} loading={loading} />
      </Card>
      <Card title={t('metering.appBill.trend')} data-testid="app-bill-trend">
        {!history ? (
          <Skeleton active />
        ) : !anyBilled ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.appBill.trendEmpty')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <StackedColumns data={trend} format={(n) => formatAmount(n)} height={220} />
          </Suspense>
        )}
      </Card>
    </>
  );
}
