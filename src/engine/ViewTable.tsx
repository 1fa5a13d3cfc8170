import type { HTMLAttributes, ReactNode } from 'react';
import { Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { isDateTimeColumn } from './column-widths';
import { scrollWidth } from './columns';
import { DeclaredValue } from './DeclaredValue';
import { TimeColumnTitle } from './TimeColumnTitle';
import { viewColumnSpecs, viewRowKey, viewRows } from './view-columns';
import type { ViewRowsState } from './useViewRows';

type Row = Record<string, unknown>;

interface Props {
  service: ServiceDecl;
  /** The resource whose record the view is about (a page's view: any resource of the service, to find it by). */
  owner: ResourceDecl;
  /** The view, or any list declared as one (a dashboard's table): its rows, columns, key, paging and empty text. */
  view: Pick<ViewDecl, 'name' | 'row' | 'columns' | 'rowKey' | 'empty' | 'paging'>;
  state: ViewRowsState;
  appId: string;
  /** A last column of buttons on each row (the view's row commands). */
  actions?: { width: number; render: (row: Row) => ReactNode };
  /** What the list says when it has no rows, instead of the view's `empty`. */
  emptyText?: string;
  /** Attributes of a row's element (a test id, a class marking the row looked for). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLElement>;
}

/**
 * The rows of a record's view (`ViewDecl`): its declared columns drawn as the engine draws a field (tags, times,
 * references, links to record pages), its paging (asked page by page, or paged here), its empty text, and a retry
 * when the call failed. The list's columns and widths follow a resource list's.
 */
export function ViewTable({ service, owner, view, state, appId, actions, emptyText, rowProps }: Props) {
  const { t, text, locale } = useLocale();
  const { records } = viewRows(service, view);
  const context = { service, owner, records, appId };
  const columns: ColumnsType<Row> = viewColumnSpecs(service, view, locale, t).map((spec) => ({
    key: spec.field,
    dataIndex: spec.field,
    title: isDateTimeColumn(spec.field, spec.prop) ? <TimeColumnTitle title={spec.title} /> : spec.title,
    width: spec.width,
    align: spec.align,
    ellipsis: true,
    render: (_: unknown, row: Row) => <DeclaredValue context={context} spec={spec} row={row} size="small" />,
  }));
  // Not pinned to the right, as a resource list's actions: a pinned column would lie over the last columns.
  if (actions) columns.push({ key: 'actions', width: actions.width, render: (_: unknown, row: Row) => actions.render(row) });
  const { pageSize, mode } = view.paging;
  const empty = state.error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('errors.loadFailed')}>
      <Button size="small" onClick={() => void state.refetch()}>
        {t('errors.retry')}
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? text(view.empty)} />
  );
  return (
    <Table<Row>
      size="small"
      rowKey={(row) => viewRowKey(view, row)}
      columns={columns}
      dataSource={state.rows}
      onRow={rowProps}
      loading={state.loading}
      locale={{ emptyText: state.loading && state.rows.length === 0 ? ' ' : empty }}
      scroll={{ x: scrollWidth(columns as never) }}
      pagination={
        mode === 'server'
          ? { current: state.page, pageSize, total: state.total ?? 0, onChange: state.setPage, hideOnSinglePage: true, showSizeChanger: false }
          : { pageSize, hideOnSinglePage: true, showSizeChanger: false }
      }
    />
  );
}
