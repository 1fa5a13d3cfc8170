import { useMemo, useState } from 'react';
import { Card, Empty, Flex, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useApiQuery } from '../../../lib/api';

const PAGE_SIZE = 20;

interface ReviewQueueProps<T, S extends string> {
  /** The list call: answers `{ TotalCount, Items }` to `status`, `q`, `count` and `start`. */
  url: string;
  /** The prefix of the controls' test ids (`<id>-search`, `<id>-status-filter`, `<id>-table`). */
  id: string;
  searchLabel: string;
  statusLabel: string;
  statuses: readonly S[];
  statusText: (status: S) => string;
  /** The status shown first (the requests waiting for a decision), or all. */
  initialStatus?: S;
  emptyText: string;
  /** The table's scroll width, for its fixed action column. */
  width: number;
  /** The columns; `reload` reads the page again after a decision. */
  columns: (reload: () => void) => ColumnsType<T>;
}

/**
 * A back-office queue of requests from every organisation: text search, a status filter and a paged table, read
 * from one list call (the invoice and the enterprise certification queues).
 */
export function ReviewQueue<T extends { Id: string }, S extends string>(props: ReviewQueueProps<T, S>) {
  const [status, setStatus] = useState<S | undefined>(props.initialStatus);
  const [q, setQ] = useState<string>();
  const [page, setPage] = useState(1);
  const query = useMemo(() => ({ status, q, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE }), [status, q, page]);
  const { data, loading, refetch } = useApiQuery<{ TotalCount: number; Items: T[] }>(props.url, { query });

  return (
    <Card>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          maxLength={100}
          style={{ width: 320 }}
          placeholder={props.searchLabel}
          aria-label={props.searchLabel}
          onSearch={(v) => {
            setQ(v.trim() || undefined);
            setPage(1);
          }}
          data-testid={`${props.id}-search`}
        />
        <Select<S>
          allowClear
          value={status}
          style={{ width: 160 }}
          placeholder={props.statusLabel}
          aria-label={props.statusLabel}
          options={props.statuses.map((s) => ({ value: s, label: props.statusText(s) }))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          data-testid={`${props.id}-status-filter`}
        />
      </Flex>
      <Table<T>
        rowKey="Id"
        loading={loading}
        dataSource={data?.Items ?? []}
        scroll={{ x: props.width }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        data-testid={`${props.id}-table`}
        columns={props.columns(() => void refetch())}
      />
    </Card>
  );
}
