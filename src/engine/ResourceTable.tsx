import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Drawer, Empty, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCan, useTable, type BaseKey, type BaseRecord, type CrudFilter, type LogicalFilter } from '@refinedev/core';
import type { DeclaredResource } from '../../providers/declarations';
import { buildColumns, scrollWidth } from './columns';
import { CommandButtons } from './CommandButtons';
import { preloadSchemaForm } from './LazySchemaForm';
import { ListToolbar } from './ListToolbar';
import { RecordActions } from './RecordActions';
import { useRefetchOnChange } from './useRefetchOnChange';
import { watched, WATCH_MS } from './watch';
import { RecordDrawer } from './RecordDrawer';
import { RecordView } from './RecordView';
import { showPathOf } from './routes';
import { formFields } from './schema';
import { useDeclared } from './useDeclared';
import { useDirectories } from './useDirectories';
import { preloadDialogs } from './useDialogs';
import { firstPageParams } from './first-page';
import { listAnswered } from '../../providers/crud';
import { LIST_AHEAD_MS } from '../../providers/lists-ahead';
import { useInertMeasureRows } from './useInertMeasureRows';
import { useRecordCommands } from './useRecordCommands';
import { usePreset } from './usePreset';
import { useOpenedOnce } from '../lib/useOpenedOnce';

type Panel = { kind: 'create' } | { kind: 'edit'; record: BaseRecord } | { kind: 'view'; record: BaseRecord };

/**
 * A filter the screen fixes: a child list shows the records whose `field` holds its parent's id; another service's
 * screen of the resource (`ServiceDecl.borrowed`) those whose `field` holds its `value`, or any value (`present`).
 */
export interface FixedFilter {
  field: string;
  value?: string;
  present?: true;
}

/**
 * The list of a declared resource: server-side paging, the declared sorts and filters, free-text search, status
 * tags, row actions, the declared commands (on the list, on the ticked rows, on a row), bulk delete, and create /
 * edit in a drawer. Nothing here knows which resource it shows.
 */
/**
 * `changedWith`: on a record's page, the record's version — the list is read again when an action there changes the
 * record (a database's "Back up now" adds a backup to its list).
 */
export function ResourceTable({ declared, fixed: fixedHere, changedWith }: { declared: DeclaredResource; fixed?: FixedFilter; changedWith?: unknown }) {
  const scope = useDeclared(declared);
  const fixed = fixedHere ?? declared.where;
  const { decl, key, t, appId } = scope;
  const navigate = useNavigate();
  const commands = useRecordCommands(scope);
  const [panel, setPanel] = useState<Panel>();
  const editing = panel?.kind === 'create' || panel?.kind === 'edit';
  const drawerOpened = useOpenedOnce(editing);
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const tableBox = useInertMeasureRows<HTMLDivElement>();
  const params = { appId };
  // A child list creates only records its form can tie to the parent.
  const tieable = !fixed || formFields(decl, 'create').includes(fixed.field);
  const defaults = usePreset(scope, fixed);
  // A column every row holds the same value of says nothing.
  const sameInEveryRow = fixed?.value !== undefined ? [fixed.field] : [];
  const canCreate = useCan({ resource: key, action: 'create', params }).data?.can === true && tieable;
  const canBulk = useCan({ resource: key, action: 'bulkDelete', params }).data?.can === true;
  const selectable = (canBulk && !!decl.bulkDeleteParam) || commands.commandsOn('selection').length > 0;
  // Browsed by directory while nothing is searched or filtered (`ListDecl.directories`).
  const directories = useDirectories(scope);

  const permanent: CrudFilter[] = fixed ? [fixed.present ? { field: fixed.field, operator: 'nnull', value: true } : { field: fixed.field, operator: 'eq', value: fixed.value }] : [];
  const opening = firstPageParams(declared, directories.listMeta, permanent);
  const { result, tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, sorters, setSorters, filters, setFilters } = useTable({
    resource: key,
    meta: opening.meta,
    dataProviderName: declared.service.convention,
    pagination: opening.pagination,
    sorters: { initial: opening.sorters },
    filters: { permanent },
    syncWithLocation: false,
    errorNotification: false,
    queryOptions: {
      // The first page, when it was read ahead of the table (a deep link's: providers/lists-ahead.ts) and has come:
      // the first render has the rows, and they are not read again at once.
      initialData: () => listAnswered(opening),
      staleTime: (q) => (q.state.dataUpdateCount === 0 ? LIST_AHEAD_MS : 0),
      // Read again every few seconds while a row is in a state a job moves it out of (`StatusDecl.watch`).
      refetchInterval: (q) => ((q.state.data?.data ?? []).some((row) => watched(decl, row)) ? WATCH_MS : false),
    },
  });
  useRefetchOnChange(tableQuery.refetch, changedWith);
  // The create form's code and the calls' dialogs, once the first page has come: the rows are drawn before they are read.
  const firstPageIn = result.total !== undefined;
  useEffect(() => {
    if (canCreate && firstPageIn) preloadSchemaForm();
    if (firstPageIn) preloadDialogs();
  }, [canCreate, firstPageIn]);

  const filterValues = useMemo(
    () =>
      Object.fromEntries(
        filters.filter((f): f is LogicalFilter => 'field' in f && f.field !== fixed?.field).map((f) => [f.field, f.value as string | undefined]),
      ),
    [filters, fixed?.field],
  );
  const filtering = Object.values(filterValues).some((v) => v !== undefined && v !== '');
  const directory = directories.view(filtering);

  const onFilter = useCallback(
    (field: string, value: string | undefined) => {
      setFilters([{ field, operator: field === 'q' ? 'contains' : 'eq', value }], 'merge');
      setCurrentPage(1);
      setSelected([]);
    },
    [setFilters, setCurrentPage],
  );

  const openRecord = (record: BaseRecord) => {
    const path = showPathOf(decl, appId, record);
    if (path) navigate(path);
    else setPanel({ kind: 'view', record });
  };

  // Another directory opens at its first page, nothing ticked.
  useEffect(() => {
    setCurrentPage(1);
    setSelected([]);
  }, [directories.dir, setCurrentPage]);

  const columns = directory.columns(buildColumns(
    scope,
    sorters,
    openRecord,
    (record) => (
      <RecordActions
        scope={scope}
        record={record}
        commands={commands}
        variant="row"
        onView={() => openRecord(record)}
        onEdit={() => setPanel({ kind: 'edit', record })}
        onDeleted={() => setSelected((s) => s.filter((id) => id !== scope.idOf(record)))}
      />
    ),
    sameInEveryRow,
  ));

  const empty = filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('engine.noMatch', { name: scope.labelInSentence })}>
      <Button onClick={() => setFilters([], 'replace')}>{t('engine.clearFilters')}</Button>
    </Empty>
  ) : (
    <Empty description={t('engine.emptyTitle', { name: scope.labelInSentence })}>
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPanel({ kind: 'create' })}>
          {t('engine.emptyCreate', { name: scope.singular })}
        </Button>
      )}
    </Empty>
  );

  return (
    <>
      <ListToolbar
        scope={scope}
        values={filterValues}
        onFilter={onFilter}
        onRefresh={() => void tableQuery.refetch()}
        refreshing={tableQuery.isFetching}
        onCreate={canCreate ? () => setPanel({ kind: 'create' }) : undefined}
        selected={selected.length}
        onBulkDelete={canBulk && decl.bulkDeleteParam ? () => commands.removeMany(selected, () => setSelected([])) : undefined}
        fixed={fixed ? [fixed.field] : undefined}
        extra={
          <>
            {selected.length > 0 && (
              <CommandButtons scope={scope} commands={commands} on="selection" target={{ ids: selected }} onDone={() => setSelected([])} defaults={defaults} />
            )}
            <CommandButtons scope={scope} commands={commands} on="collection" target={{}} defaults={defaults} />
          </>
        }
      />
      {directory.breadcrumb}
      <div ref={tableBox}>
        <Table<BaseRecord>
          rowKey={(r) => directories.rowKey(r) ?? scope.idOf(r)}
          columns={columns}
          dataSource={result.data}
          loading={tableQuery.isFetching}
          locale={{ emptyText: tableQuery.isLoading ? ' ' : empty }}
          scroll={{ x: scrollWidth(columns) }}
          size="middle"
          rowSelection={
            selectable
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (record) =>
                    (directories.rowKey(record) ? { disabled: true, style: { display: 'none' } } : { 'aria-label': t('engine.selectRow', { title: scope.titleOf(record) }) }) as never,
                }
              : undefined
          }
          pagination={{
            current: currentPage,
            pageSize,
            total: result.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
            hideOnSinglePage: false,
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              setSorters(s?.order ? [{ field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? 'asc' : 'desc' }] : []);
              setCurrentPage(1);
            } else if (extra.action === 'paginate') {
              if (pagination.pageSize && pagination.pageSize !== pageSize) {
                setPageSize(pagination.pageSize);
                setCurrentPage(1);
              } else setCurrentPage(pagination.current ?? 1);
              setSelected([]);
            }
          }}
        />
      </div>
      {drawerOpened && (
        <RecordDrawer
          scope={scope}
          mode={panel?.kind === 'edit' ? 'edit' : 'create'}
          record={panel?.kind === 'edit' ? panel.record : undefined}
          defaults={defaults}
          open={editing}
          onClose={() => setPanel(undefined)}
        />
      )}
      <Drawer
        title={t('engine.viewTitle', { name: scope.singular })}
        open={panel?.kind === 'view'}
        onClose={() => setPanel(undefined)}
        width={Math.min(640, window.innerWidth)}
        extra={
          panel?.kind === 'view' && (
            <RecordActions
              scope={scope}
              record={panel.record}
              commands={commands}
              variant="page"
              onEdit={() => setPanel({ kind: 'edit', record: panel.record })}
              onDeleted={() => setPanel(undefined)}
            />
          )
        }
      >
        {panel?.kind === 'view' && <RecordView scope={scope} record={panel.record} withStatus onChanged={(saved) => setPanel({ kind: 'view', record: saved })} />}
      </Drawer>
      {commands.dialogs}
    </>
  );
}
