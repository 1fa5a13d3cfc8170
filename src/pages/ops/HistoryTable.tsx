import { useMemo, useState } from 'react';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { OperationEntry, PageOf } from '../../../resources/ops-api';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { ActionLabel } from './ActionLabel';
import { ActorTag } from './ActorTag';
import { useApiQuery } from '../../lib/api';
import type { HistoryFilter } from './HistoryFilters';
import { OperationDrawer } from './OperationDrawer';

const PAGE_SIZES = [20, 50, 100];

/**
 * A page of the operation history for the filters, newest first, paged on the server. A row opens the
 * operation's drawer. `showApp` adds the app column (administrators see every app).
 */
export function HistoryTable({ filter, showApp }: { filter: HistoryFilter; showApp?: boolean }) {
  const { t } = useLocale();
  const [paging, setPaging] = useState({ page: 1, size: PAGE_SIZES[0], filterKey: '' });
  const [open, setOpen] = useState<OperationEntry>();
  const filterKey = JSON.stringify(filter);
  // New filters start again at the first page.
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const payload = useMemo(() => ({ ...filter, count: paging.size, start: (page - 1) * paging.size }), [filter, paging.size, page]);
  const { data, loading } = useApiQuery<PageOf<OperationEntry>>('/api/operation/history', { payload });

  const columns: ColumnsType<OperationEntry> = [
    { title: t('ops.history.columns.at'), dataIndex: 'At', width: 180, render: (v: string) => formatDateTime(v) },
    { title: t('ops.history.columns.actor'), dataIndex: 'Actor', width: 260, render: (v: string) => <ActorTag actor={v} /> },
    ...(showApp
      ? [
          {
            title: t('ops.history.columns.app'),
            dataIndex: 'AppName',
            width: 180,
            render: (name: string | null, e: OperationEntry) => (e.AppId ? <span title={e.AppId}>{name ?? e.AppId}</span> : <Typography.Text type="secondary">—</Typography.Text>),
          },
        ]
      : []),
    { title: t('ops.history.columns.action'), dataIndex: 'Action', render: (v: string) => <ActionLabel action={v} /> },
    {
      title: t('ops.history.columns.target'),
      dataIndex: 'Target',
      ellipsis: true,
      render: (v: string, e: OperationEntry) => e.Title ?? v,
    },
  ];

  return (
    <>
      <Table<OperationEntry>
        rowKey="Id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data?.Items ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.history.empty')} /> }}
        onRow={(entry) => ({
          onClick: () => setOpen(entry),
          onKeyDown: (e) => {
            if (e.key === 'Enter') setOpen(entry);
          },
          tabIndex: 0,
          style: { cursor: 'pointer' },
          'data-testid': `history-row-${entry.Id}`,
        })}
        pagination={{
          current: page,
          pageSize: paging.size,
          total: data?.TotalCount ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (count) => t('ops.history.total', { count }),
          onChange: (p, size) => setPaging({ page: size === paging.size ? p : 1, size, filterKey }),
        }}
        data-testid="history-table"
      />
      <OperationDrawer entry={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
