import { useState } from 'react';
import { Card, Flex, Input, Select } from 'antd';
import type { BillList } from '../../../../resources/bills-api';
import { PageHeader } from '../../../engine/PageHeader';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useOrganizations } from '../../apps/useOrganizations';
import { useApiQuery } from '../../../lib/api';
import { BillsTable } from './BillsTable';
import { MonthPicker } from './MonthPicker';

const PAGE_SIZE = 20;

/** `/admin/bill`: every organisation's monthly bills, filtered by month, organisation and text, paged on the server. */
export default function BillsAdminPage() {
  const { t } = useLocale();
  usePageTitle(t('metering.admin.bills.title'));
  const { organizations, loading: orgsLoading } = useOrganizations(true);
  const [month, setMonth] = useState<string>();
  const [orgId, setOrgId] = useState<string>();
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const { data, loading } = useApiQuery<BillList>('/api/bills', { query: { month, orgId, q, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE } });
  const filter = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <>
      <PageHeader title={t('metering.admin.bills.title')} subtitle={t('metering.admin.bills.subtitle')} />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <MonthPicker value={month} onChange={filter(setMonth)} allowClear testId="bills-month" label={t('metering.common.month')} />
          <Select
            data-testid="bills-org"
            aria-label={t('metering.common.organization')}
            placeholder={t('metering.common.organization')}
            allowClear
            showSearch
            optionFilterProp="label"
            loading={orgsLoading}
            value={orgId}
            onChange={filter(setOrgId)}
            options={organizations.map((o) => ({ value: o.Id, label: o.Name }))}
            style={{ minWidth: 200 }}
          />
          <Input.Search data-testid="bills-search" placeholder={t('metering.common.search')} allowClear onSearch={(v) => filter(setQ)(v || undefined)} style={{ width: 240 }} />
        </Flex>
        <BillsTable
          rows={data?.Items ?? []}
          loading={loading}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalCount ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </Card>
    </>
  );
}
