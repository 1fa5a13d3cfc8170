import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Input, Select, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { toVariableName } from '../../../../resources/formats';
import { useLocale } from '../../../lib/useLocale';
import type { OptionsFrom } from '../../schema';
import type { FormContext } from '../context';
import { asValueType, TypedValueInput } from './TypedValue';
import { useResourceOptions } from './useResourceOptions';

interface Row {
  id: number;
  key: string;
  value: string | undefined;
}

type Values = Record<string, string>;

const toObject = (rows: Row[]): Values =>
  Object.fromEntries(rows.filter((r) => r.key).map((r) => [r.key, r.value ?? ''])) as Values;

const same = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

let nextRowId = 1;
const rowsOf = (values: Values): Row[] => Object.entries(values).map(([key, value]) => ({ id: nextRowId++, key, value }));

/**
 * `x-ui.widget: configValues`: an object of key → value text, edited as rows. With `x-ui.optionsFrom` the key is
 * chosen from that resource's records and the value input follows the chosen record's type.
 */
export function ConfigValuesField({ formData, onChange, fieldPathId, registry, uiSchema, errorSchema, rawErrors, disabled, readonly }: FieldProps) {
  const { t } = useLocale();
  const context = registry.formContext as FormContext;
  const from = (uiSchema?.['ui:options'] as { optionsFrom?: OptionsFrom } | undefined)?.optionsFrom;
  const { records, loading } = useResourceOptions(context, from);
  const values = useMemo(() => (formData && typeof formData === 'object' ? (formData as Values) : {}), [formData]);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(values));
  const emitted = useRef<Values>(values);

  // Data replaced from outside (a reset, a reload): start again from it.
  useEffect(() => {
    if (!same(values, emitted.current)) {
      emitted.current = values;
      setRows(rowsOf(values));
    }
  }, [values]);

  const update = (next: Row[]) => {
    setRows(next);
    const object = toObject(next);
    emitted.current = object;
    onChange(object, fieldPathId.path);
  };

  const byKey = useMemo(() => new Map(records.map((r) => [String(r[from?.value ?? 'key']), r])), [records, from]);
  const chosen = new Set(rows.map((r) => r.key));
  const locked = disabled || readonly;
  const title = typeof uiSchema?.['ui:title'] === 'string' ? uiSchema['ui:title'] : undefined;

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {title && <Typography.Text strong>{title}</Typography.Text>}
      {rows.length === 0 && <Typography.Text type="secondary">{t('widgets.noValues')}</Typography.Text>}
      {rows.map((row, index) => {
        const record = byKey.get(row.key);
        const type = from?.type && record ? asValueType(record[from.type]) : undefined;
        const rowErrors = row.key ? (errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[row.key]?.__errors : undefined;
        const unknown = !!from && !loading && !!row.key && !record;
        const hint = from?.hint && record ? String(record[from.hint] ?? '') : '';
        const setRow = (patch: Partial<Row>) => update(rows.map((r) => (r.id === row.id ? { ...r, ...patch } : r)));
        return (
          <Flex key={row.id} gap={8} align="flex-start" data-testid={`${fieldPathId.$id}-row-${index}`}>
            <div style={{ width: '38%', minWidth: 160 }}>
              {from ? (
                <Select
                  showSearch
                  style={{ width: '100%' }}
                  value={row.key || undefined}
                  placeholder={t('widgets.chooseKey')}
                  loading={loading}
                  disabled={locked}
                  status={unknown || rowErrors ? 'error' : undefined}
                  optionFilterProp="value"
                  labelRender={({ value }) => <span style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>{String(value)}</span>}
                  onChange={(key: string) => setRow({ key, value: key === row.key ? row.value : undefined })}
                  options={records.map((r) => {
                    const key = String(r[from.value]);
                    return {
                      value: key,
                      disabled: chosen.has(key) && key !== row.key,
                      label: (
                        <Flex justify="space-between" gap={8}>
                          <span>{key}</span>
                          {from.type ? <Tag style={{ marginInlineEnd: 0 }}>{String(r[from.type])}</Tag> : null}
                        </Flex>
                      ),
                    };
                  })}
                />
              ) : (
                <Input
                  value={row.key}
                  placeholder={t('widgets.keyPlaceholder')}
                  disabled={locked}
                  onChange={(e) => setRow({ key: e.target.value })}
                  onBlur={(e) => setRow({ key: e.target.value ? toVariableName(e.target.value) : '' })}
                />
              )}
              {unknown && <Typography.Text type="danger">{t('widgets.unknownKey')}</Typography.Text>}
            </div>
            <Flex vertical style={{ flex: 1, minWidth: 0 }}>
              <TypedValueInput
                type={type}
                value={row.value}
                placeholder={t('widgets.valuePlaceholder')}
                disabled={locked || (!!from && !row.key)}
                invalid={!!rowErrors}
                onChange={(value) => setRow({ value })}
              />
              {rowErrors?.map((e) => (
                <Typography.Text key={e} type="danger">
                  {e}
                </Typography.Text>
              ))}
              {hint && !rowErrors && (
                <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                  {t('widgets.defaultValue', { value: hint })}
                </Typography.Text>
              )}
            </Flex>
            <Button
              aria-label={t('widgets.removeValue')}
              icon={<DeleteOutlined />}
              disabled={locked}
              onClick={() => update(rows.filter((r) => r.id !== row.id))}
            />
          </Flex>
        );
      })}
      {rawErrors?.map((e) => (
        <Typography.Text key={e} type="danger">
          {e}
        </Typography.Text>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={locked || (!!from && !loading && records.length > 0 && chosen.size >= records.length)}
        onClick={() => update([...rows, { id: nextRowId++, key: '', value: undefined }])}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('widgets.addValue')}
      </Button>
    </Flex>
  );
}
