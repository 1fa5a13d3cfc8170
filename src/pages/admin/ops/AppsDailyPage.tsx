import { useState } from 'react';
import { Card, Table, Tooltip, Typography } from 'antd';
import type { DayRange } from '../../../../resources/ops-api';
import { PageHeader } from '../../../engine/PageHeader';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { DayRangeSwitch } from '../../ops/DayRangeSwitch';
import { useDailyStats } from './useDailyStats';

interface DayRow {
  Date: string;
  Active: number;
  New: number;
}

/** `/admin/apps-daily`: active and new apps per day as a table, newest day first, with the period's totals. */
export default function AppsDailyPage() {
  const { t } = useLocale();
  usePageTitle(t('ops.daily.title'));
  const [days, setDays] = useState<DayRange>(30);
  const { active, created, loading } = useDailyStats(days);
  const newByDate = new Map((created?.Items ?? []).map((d) => [d.Date, d.Count]));
  const rows: DayRow[] = (active?.Items ?? []).map((d) => ({ Date: d.Date, Active: d.Count, New: newByDate.get(d.Date) ?? 0 })).reverse();

  return (
    <>
      <PageHeader title={t('ops.daily.title')} subtitle={t('ops.daily.subtitle')} extra={<DayRangeSwitch value={days} onChange={setDays} testId="daily-days" />} />
      <Card>
        <Table<DayRow>
          rowKey="Date"
          size="middle"
          loading={loading}
          dataSource={rows}
          pagination={false}
          data-testid="daily-table"
          columns={[
            { title: t('ops.daily.date'), dataIndex: 'Date' },
            { title: t('ops.daily.active'), dataIndex: 'Active', align: 'right' },
            { title: t('ops.daily.new'), dataIndex: 'New', align: 'right' },
          ]}
          summary={() =>
            active && created ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="daily-total">
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('ops.daily.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <Tooltip title={t('ops.daily.totalActiveHint')}>
                      <Typography.Text strong>{active.Total}</Typography.Text>
                    </Tooltip>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <Typography.Text strong>{created.Total}</Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </>
  );
}
