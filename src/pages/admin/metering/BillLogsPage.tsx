import { useState } from 'react';
import { App, Button, Card, Empty, Form, Modal, Table, Tag, Typography, type ButtonProps } from 'antd';
import { requireOk } from '../../../../providers/http';
import type { BillLog, BillLogList, ProcessBillResult } from '../../../../resources/bills-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { iconOf } from '../../../lib/icons';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiQuery } from '../../../lib/api';
import { MonthPicker } from './MonthPicker';

const PAGE_SIZE = 20;
const STATUS_COLORS = { Pending: 'processing', Finished: 'success' } as const;

/** Chooses an ended month, asks for confirmation, then bills it. */
function ProcessMonth({ onDone }: { onDone: () => void }) {
  const { t } = useLocale();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);

  const run = async (m: string) => {
    setBusy(true);
    try {
      const result = await requireOk<ProcessBillResult>('/api/process-bill', { method: 'POST', body: { Month: m } });
      message.success(t('metering.admin.logs.done', { month: m, count: result.Log.BillCount, amount: formatAmount(result.Log.TotalAmount) }));
      setOpen(false);
      setMonth(undefined);
    } catch {
      // the shared toast has said why
    } finally {
      setBusy(false);
      onDone();
    }
  };

  const confirm = () => {
    if (!month) {
      setMissing(true);
      return;
    }
    modal.confirm({
      title: t('metering.admin.logs.processTitle'),
      content: t('metering.admin.logs.processConfirm', { month }),
      okText: t('metering.admin.logs.processOk'),
      okButtonProps: { danger: true, 'data-testid': 'process-confirm' } as ButtonProps,
      onOk: () => run(month),
    });
  };

  return (
    <>
      <Button type="primary" icon={iconOf('ScheduleOutlined')} onClick={() => setOpen(true)} data-testid="process-month">
        {t('metering.admin.logs.process')}
      </Button>
      <Modal
        open={open}
        title={t('metering.admin.logs.processTitle')}
        okText={t('metering.admin.logs.processOk')}
        onOk={confirm}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'process-submit' } as ButtonProps}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={confirm}>
          <Form.Item
            label={t('metering.common.month')}
            required
            validateStatus={missing && !month ? 'error' : undefined}
            help={missing && !month ? t('metering.admin.logs.monthRequired') : undefined}
          >
            <MonthPicker value={month} onChange={(m) => { setMonth(m); setMissing(false); }} endedOnly testId="process-month-picker" label={t('metering.common.month')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** `/admin/bill-logs`: the runs of the monthly billing, and the action that bills a month. */
export default function BillLogsPage() {
  const { t } = useLocale();
  usePageTitle(t('metering.admin.logs.title'));
  const [page, setPage] = useState(1);
  const { data, loading, refetch } = useApiQuery<BillLogList>('/api/bill-logs', { query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE } });

  return (
    <>
      <PageHeader title={t('metering.admin.logs.title')} subtitle={t('metering.admin.logs.subtitle')} extra={<ProcessMonth onDone={() => void refetch()} />} />
      <Card>
        <Table<BillLog>
          data-testid="bill-logs"
          rowKey="Id"
          scroll={{ x: 'max-content' }}
          loading={loading}
          dataSource={data?.Items ?? []}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalCount ?? 0, onChange: setPage, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metering.admin.logs.empty')} /> }}
          columns={[
            { title: t('metering.common.month'), dataIndex: 'Month' },
            {
              title: t('metering.common.status'),
              dataIndex: 'Status',
              render: (s: BillLog['Status']) => (
                <Tag color={STATUS_COLORS[s]} data-testid="bill-log-status">
                  {t(`metering.admin.logs.statuses.${s}`)}
                </Tag>
              ),
            },
            { title: t('metering.admin.logs.appCount'), dataIndex: 'AppCount', align: 'right' },
            { title: t('metering.admin.logs.billCount'), dataIndex: 'BillCount', align: 'right' },
            { title: t('metering.admin.logs.totalAmount'), dataIndex: 'TotalAmount', align: 'right', render: (v: string) => formatAmount(v) },
            { title: t('metering.admin.logs.createdBy'), dataIndex: 'CreatedBy' },
            { title: t('metering.admin.logs.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
            { title: t('metering.admin.logs.finishedAt'), dataIndex: 'FinishedAt', render: (v: string | null) => formatDateTime(v) },
            {
              title: t('metering.admin.logs.error'),
              dataIndex: 'Error',
              render: (v: string | null) => (v ? <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }}>{v}</Typography.Text> : '—'),
            },
          ]}
        />
      </Card>
    </>
  );
}
