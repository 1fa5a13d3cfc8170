import { Descriptions } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { FieldValue } from './FieldValue';
import { detailFields, fieldTitle, propertyOf } from './schema';
import type { DeclaredScope } from './useDeclared';
import { isWriteOnly } from './write-only';
import { WriteOnlyValue } from './WriteOnlyValue';

/**
 * A record's fields as a read-only description list, then its id, version and timestamps. A write-only field shows
 * whether it is set, with its own replace (`onChanged` is given the record the replace answered).
 */
export function RecordView({ scope, record, withStatus, onChanged }: { scope: DeclaredScope; record: BaseRecord; withStatus?: boolean; onChanged?: (record: BaseRecord) => void }) {
  const { decl, t, locale } = scope;
  const fields = detailFields(decl);
  const statusField = decl.status?.field;
  const items = [
    ...(withStatus && statusField ? [statusField] : []),
    ...fields,
  ].map((field) => ({
    key: field,
    label: fieldTitle(propertyOf(decl.schema, field), field, locale),
    children: isWriteOnly(decl, field) ? (
      <WriteOnlyValue scope={scope} record={record} field={field} onChanged={onChanged} />
    ) : (
      <FieldValue decl={decl} field={field} value={record[field]} record={record} />
    ),
  }));
  const meta = [
    { key: 'id', label: t('engine.id'), children: <code>{String(record[decl.idField] ?? '')}</code> },
    { key: 'version', label: t('engine.version'), children: String(record.version ?? '') },
    // A service's answer may carry no creation time (a login provider's): then the row is left out.
    ...(record.createdAt === undefined ? [] : [{ key: 'createdAt', label: t('engine.createdAt'), children: <FieldValue decl={decl} field="createdAt" value={record.createdAt} /> }]),
    { key: 'updatedAt', label: t('engine.updatedAt'), children: <FieldValue decl={decl} field="updatedAt" value={record.updatedAt} /> },
  ];
  return (
    <>
      <Descriptions bordered size="small" column={1} items={items} styles={{ label: { width: 160 } }} />
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} items={meta} style={{ marginTop: 16 }} title={t('engine.meta')} />
    </>
  );
}
