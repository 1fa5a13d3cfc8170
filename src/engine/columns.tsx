import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BaseRecord, CrudSort } from '@refinedev/core';
import { sortableFields } from '../../providers/declarations';
import { FieldValue } from './FieldValue';
import { FLEX_WIDTH, TIMESTAMP_TITLES, widthOf } from './column-widths';
import { fieldTitle, propertyOf, xui } from './schema';
import type { DeclaredScope } from './useDeclared';

const ACTION_WIDTH = 42;

/**
 * The list's columns, in the declared order: titles from `x-ui.title`, sorting where declared (the current sort
 * shown), values through `FieldValue`. The title field opens the record; the last column holds its actions.
 */
export function buildColumns(
  scope: DeclaredScope,
  sorters: CrudSort[],
  openRecord: (record: BaseRecord) => void,
  renderActions: (record: BaseRecord) => ReactNode,
  /** Columns the screen makes redundant (a child list's tie to its parent, the same on every row). */
  omit: string[] = [],
): ColumnsType<BaseRecord> {
  const { decl, t, locale } = scope;
  const sortable = new Set(sortableFields(decl));
  const fields = decl.list.columns.filter((f) => !xui(propertyOf(decl.schema, f)).hideInList && !omit.includes(f));

  const columns: ColumnsType<BaseRecord> = fields.map((field) => {
    const prop = propertyOf(decl.schema, field);
    const current = sorters.find((s) => s.field === field)?.order;
    const isTitle = field === decl.titleField;
    const width = widthOf(field, prop, decl.status?.field === field) ?? (isTitle ? 180 : undefined);
    return {
      key: field,
      dataIndex: field,
      title: TIMESTAMP_TITLES[field] ? t(TIMESTAMP_TITLES[field]) : fieldTitle(prop, field, locale),
      sorter: sortable.has(field),
      sortOrder: current === 'asc' ? 'ascend' : current === 'desc' ? 'descend' : null,
      width,
      align: xui(prop).align,
      ellipsis: true,
      fixed: isTitle ? 'left' : undefined,
      render: (value: unknown, record: BaseRecord) =>
        isTitle ? (
          <Typography.Link onClick={() => openRecord(record)} style={{ fontWeight: 500 }}>
            <FieldValue decl={decl} field={field} value={value} record={record} compact />
          </Typography.Link>
        ) : (
          <FieldValue decl={decl} field={field} value={value} record={record} compact />
        ),
    };
  });

  columns.push({
    key: '__actions',
    title: t('common.actions'),
    fixed: 'right',
    width: 28 + ACTION_WIDTH * (3 + (decl.actions?.length ?? 0) + ((decl.commands ?? []).some((c) => c.on === 'item') ? 1.5 : 0)),
    render: (_: unknown, record: BaseRecord) => renderActions(record),
  });
  return columns;
}

/** The width below which the table scrolls sideways: fixed columns at their width, free text at a minimum. */
export function scrollWidth(columns: ColumnsType<BaseRecord>): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : FLEX_WIDTH), 48);
}
