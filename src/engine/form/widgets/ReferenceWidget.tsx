import { useMemo } from 'react';
import { Select } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import { findResource, findService } from '../../../../providers/services';
import { articleContext } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import type { OptionsFrom } from '../../schema';
import { useReferenced } from '../../useReferenced';
import type { FormContext } from '../context';
import { optionsParentId, optionsService, referenceOption } from './reference-options';
import { useTypedResourceOptions } from './useResourceOptions';

const optionOf = (from: OptionsFrom | undefined, r: BaseRecord) => referenceOption(from, r);

/**
 * A field holding another record's id or name (`x-ui.optionsFrom` without a widget of its own): chosen from that
 * resource's records by what they are called — searched on the server as one types when the resource declares
 * search — and an array of them chosen several at once. A value no record has any more stays shown as it is.
 */
export function ReferenceWidget({ id, label, value, onChange, onBlur, disabled, readonly, autofocus, schema, rawErrors, options, registry, required, placeholder }: WidgetProps) {
  const { t, text } = useLocale();
  const context = registry.formContext as FormContext;
  const from = options.optionsFrom as OptionsFrom | undefined;
  const { records, loading, searching, onSearch } = useTypedResourceOptions(context, from);
  const multiple = schema.type === 'array';
  const serviceName = optionsService(from, context.serviceName);
  const service = findService(serviceName);
  const target = from ? findResource(serviceName, from.resource) : undefined;
  const single = !multiple && value !== undefined && value !== null && value !== '' ? String(value) : '';
  // The chosen record's name, even when the page of choices shown does not hold it.
  const parentId = optionsParentId(target, context.parent, from, context.rootData, context.appId);
  const chosen = useReferenced(service, parentId === null ? undefined : target, from ?? { resource: '', value: 'id' }, single, context.appId ?? '', parentId ?? undefined);

  const choices = useMemo(() => {
    const list = records.map((r) => optionOf(from, r));
    if (chosen && !list.some((o) => o.value === single)) list.unshift(optionOf(from, chosen));
    const known = new Set(list.map((o) => o.value));
    const current = multiple ? (Array.isArray(value) ? value.map(String) : []) : single ? [single] : [];
    return [...list, ...current.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
  }, [records, from, value, multiple, single, chosen]);

  return (
    <Select
      id={id}
      // Named also where the form shows no label of its own (a part edited under its card's title).
      aria-label={label || undefined}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      // Searched on the server when the resource can; otherwise the loaded choices are filtered here.
      filterOption={searching ? false : (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
      onSearch={onSearch}
      allowClear={multiple || !required}
      loading={loading}
      value={multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)}
      options={choices}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      placeholder={placeholder || (target ? t('widgets.chooseReference', { name: text(target.singular), context: articleContext(target.singular.en) }) : undefined)}
      notFoundContent={loading ? t('common.loading') : t('widgets.noReferences', { name: target ? text(target.label) : '' })}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(next: string | string[] | undefined) => {
        onSearch('');
        onChange(multiple ? (next ?? []) : (next ?? undefined));
      }}
      onBlur={() => onBlur(id, value)}
      style={{ width: '100%' }}
    />
  );
}
