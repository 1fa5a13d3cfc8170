import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BaseRecord, CrudSort } from '@refinedev/core';
import { sortableFields } from '../../providers/declarations';
import { FieldValue } from './FieldValue';
import { buttonsWidth, FLEX_WIDTH, isDateTimeColumn, TIMESTAMP_TITLES, widthOf } from './column-widths';
import { fieldTitle, propertyOf, xui } from './schema';
import { TimeColumnTitle } from './TimeColumnTitle';
import type { DeclaredScope } from './useDeclared';

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
  const { decl, t, text, locale } = scope;
  const sortable = new Set(sortableFields(decl));
  const fields = decl.list.columns.filter((f) => !xui(propertyOf(decl.schema, f)).hideInList && !omit.includes(f));

  const columns: ColumnsType<BaseRecord> = fields.map((field) => {
    const prop = propertyOf(decl.schema, field);
    const current = sorters.find((s) => s.field === field)?.order;
    const isTitle = field === decl.titleField;
    const width = widthOf(field, prop, decl.status?.field === field) ?? (isTitle ? 180 : undefined);
    const title = TIMESTAMP_TITLES[field] ? t(TIMESTAMP_TITLES[field]) : fieldTitle(prop, field, locale);
    const time = isDateTimeColumn(field, prop);
    return {
      key: field,
      dataIndex: field,
      title: time ? <TimeColumnTitle title={title} /> : title,
      sorter: sortable.has(field),
      // The time-zone clock has its own tooltip: the sorter's is kept to its arrows.
      showSorterTooltip: time ? { target: 'sorter-icon' } : undefined,
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

  // As wide as its buttons in the console's language. Not pinned to the right: a pinned column lies over the last
  // columns of a table that scrolls sideways and hides them (a scrolled table reaches its actions at the end).
  const ops = new Set(decl.operations);
  const labels = [
    t('common.view'),
    ...(ops.has('update') ? [t('common.edit')] : []),
    ...(decl.actions ?? []).map((a) => text(a.label)),
    ...(ops.has('delete') ? [t('common.delete')] : []),
  ];
  columns.push({
    key: '__actions',
    title: t('common.actions'),
    width: buttonsWidth(labels, (decl.commands ?? []).some((c) => c.on === 'item') ? t('engine.more') : undefined),
    render: (_: unknown, record: BaseRecord) => renderActions(record),
  });
  return columns;
}

/** The width below which the table scrolls sideways: fixed columns at their width, free text at a minimum. */
export function scrollWidth(columns: ColumnsType<BaseRecord>): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : FLEX_WIDTH), 48);
}
