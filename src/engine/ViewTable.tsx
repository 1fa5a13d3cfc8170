import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Flex, Progress, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ResourceDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { scrollWidth } from './columns';
import { FieldValue, MONO, SchemaValue, tagColor } from './FieldValue';
import { routeTo, showPathOf } from './routes';
import { viewCell, viewColumnSpecs, viewRowKey, viewRows, type ViewColumnSpec } from './view-columns';
import type { ViewRowsState } from './useViewRows';

type Row = Record<string, unknown>;

interface Props {
  service: ServiceDecl;
  /** The resource whose record the view is about (a page's view: any resource of the service, to find it by). */
  owner: ResourceDecl;
  view: ViewDecl;
  state: ViewRowsState;
  appId: string;
  /** A last column of buttons on each row (the view's row commands). */
  actions?: { width: number; render: (row: Row) => ReactNode };
  /** What the list says when it has no rows, instead of the view's `empty`. */
  emptyText?: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value by the row's schema: a record row as its resource shows it, an object as one line of JSON. */
function Value({ owner, records, spec, value, row }: { owner: ResourceDecl; records?: ResourceDecl; spec: ViewColumnSpec; value: unknown; row: Row }) {
  const { t } = useLocale();
  if (isPlainObject(value) && !records) {
    if (Object.keys(value).length === 0) return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
    const json = JSON.stringify(value);
    return (
      <Tooltip title={json.length > 40 ? <span style={MONO}>{json}</span> : undefined} placement="topLeft">
        <Typography.Text ellipsis style={{ ...MONO, maxWidth: '100%' }}>
          {json}
        </Typography.Text>
      </Tooltip>
    );
  }
  if (records) return <FieldValue decl={records} field={spec.field} value={value} record={row} compact />;
  return <SchemaValue decl={owner} prop={spec.prop} value={value} record={row} compact />;
}

function Cell({ service, owner, records, spec, row, appId }: { service: ServiceDecl; owner: ResourceDecl; records?: ResourceDecl; spec: ViewColumnSpec; row: Row; appId: string }) {
  const { t, locale } = useLocale();
  const cell = viewCell(spec, row, locale);
  switch (cell.kind) {
    case 'absent':
      return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
    case 'empty':
      return <span>{cell.text}</span>;
    case 'label':
      return cell.color ? <Tag color={tagColor(cell.color)}>{cell.text}</Tag> : <Typography.Text type="secondary">{cell.text}</Typography.Text>;
    case 'tags':
      if (cell.collapsed) {
        return (
          <Tooltip title={cell.items.slice(0, 50).join(', ')}>
            <Tag color={cell.color} tabIndex={0} style={{ cursor: 'help' }}>
              {cell.collapsed}
            </Tag>
          </Tooltip>
        );
      }
      return (
        <Flex gap={4} wrap>
          {cell.items.map((item, i) => (
            <Tag key={`${item}-${i}`} color={cell.color} style={{ marginInlineEnd: 0 }}>
              {item}
            </Tag>
          ))}
        </Flex>
      );
    case 'progress':
      return <Progress size="small" percent={cell.of ? Math.floor((cell.value / cell.of) * 100) : 0} format={() => `${cell.value} / ${cell.of}`} />;
    case 'page':
      return <Link to={`${routeTo(cell.route, { appId })}?${new URLSearchParams(cell.query).toString()}`}>{String(cell.value)}</Link>;
    case 'link': {
      const target = service.resources.find((r) => r.name === cell.resource);
      const path = target && showPathOf(target, appId, records === target ? row : cell.id);
      const body = <Value owner={owner} records={records} spec={spec} value={cell.value} row={row} />;
      return path ? <Link to={path}>{body}</Link> : body;
    }
    default:
      return <Value owner={owner} records={records} spec={spec} value={cell.value} row={row} />;
  }
}

/**
 * The rows of a record's view (`ViewDecl`): its declared columns drawn as the engine draws a field (tags, times,
 * references, links to record pages), its paging (asked page by page, or paged here), its empty text, and a retry
 * when the call failed. The list's columns and widths follow a resource list's.
 */
export function ViewTable({ service, owner, view, state, appId, actions, emptyText }: Props) {
  const { t, text, locale } = useLocale();
  const { records } = viewRows(service, view);
  const columns: ColumnsType<Row> = viewColumnSpecs(service, view, locale, t).map((spec) => ({
    key: spec.field,
    dataIndex: spec.field,
    title: spec.title,
    width: spec.width,
    align: spec.align,
    ellipsis: true,
    render: (_: unknown, row: Row) => <Cell service={service} owner={owner} records={records} spec={spec} row={row} appId={appId} />,
  }));
  if (actions) columns.push({ key: 'actions', width: actions.width, fixed: 'right', render: (_: unknown, row: Row) => actions.render(row) });
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
