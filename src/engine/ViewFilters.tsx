import { Suspense, useMemo } from 'react';
import { Flex, Input, Segmented, Select } from 'antd';
import type { FilterValue, FilterValues } from '../../resources/page-view-call';
import type { ServiceDecl, ViewFilterDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { useTypedResourceOptions } from './form/widgets/useResourceOptions';
import { useReferenced } from './useReferenced';
import { preloadable } from '../lib/preloadable';

// The date pickers' code is large and most lists filter by no date: it loads with the first list that does.
const DateRangeFilter = preloadable(() => import('./DateRangeFilter'));

/** A record of the service chosen by its name, searched on the server as one types (a persona picker). */
function ReferenceFilter({ service, filter, value, onChange, appId }: { service: ServiceDecl; filter: ViewFilterDecl; value?: string; onChange: (v?: string) => void; appId: string }) {
  const { t, text } = useLocale();
  const from = filter.optionsFrom!;
  const { records, loading, searching, onSearch } = useTypedResourceOptions({ serviceName: service.name, appId, rootData: {} }, from);
  const target = service.resources.find((r) => r.name === from.resource);
  // The chosen record's name, even when the choices shown do not hold it (opened from a link).
  const chosen = useReferenced(service, target, from, value ?? '', appId);
  const options = useMemo(() => {
    const list = [...records, ...(chosen && !records.some((r) => String(r[from.value]) === value) ? [chosen] : [])];
    return list.map((r) => {
      const v = String(r[from.value] ?? '');
      const name = from.label ? r[from.label] : undefined;
      return { value: v, label: name ? `${String(name)} · ${v.slice(0, 8)}` : v };
    });
  }, [records, chosen, from, value]);
  return (
    <Select
      showSearch
      allowClear
      filterOption={searching ? false : (input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
      onSearch={onSearch}
      loading={loading}
      options={options}
      value={value}
      onChange={(v?: string) => onChange(v)}
      placeholder={text(filter.label)}
      notFoundContent={loading ? t('common.loading') : t('widgets.noReferences', { name: target ? text(target.label) : '' })}
      style={{ minWidth: 280 }}
      aria-label={text(filter.label)}
      data-filter={filter.name}
    />
  );
}

/** One declared filter's control (a page view's, or a panel's own choice such as a persona to open). */
export function ViewFilter({ service, filter, value, onChange, appId }: { service: ServiceDecl; filter: ViewFilterDecl; value: FilterValue; onChange: (v: FilterValue) => void; appId: string }) {
  const { text } = useLocale();
  const label = text(filter.label);
  const single = typeof value === 'string' ? value : undefined;
  switch (filter.kind) {
    case 'reference':
      return <ReferenceFilter service={service} filter={filter} value={single} onChange={onChange} appId={appId} />;
    case 'text':
      return <Input.Search allowClear placeholder={label} aria-label={label} defaultValue={single} onSearch={(v) => onChange(v || undefined)} style={{ width: 220 }} data-filter={filter.name} />;
    case 'dateRange':
      return (
        <Suspense fallback={<Input disabled placeholder={label} aria-label={label} style={{ width: 256 }} />}>
          <DateRangeFilter name={filter.name} label={label} value={value} onChange={onChange} />
        </Suspense>
      );
    default: {
      const options = Object.entries(filter.values ?? {}).map(([v, { label: l }]) => ({ value: v, label: text(l) }));
      if (filter.all) {
        return (
          <Segmented
            value={single ?? ''}
            onChange={(v) => onChange(v ? String(v) : undefined)}
            options={[{ value: '', label: text(filter.all) }, ...options]}
            aria-label={label}
            data-filter={filter.name}
          />
        );
      }
      return <Select allowClear placeholder={label} aria-label={label} value={single} onChange={(v?: string) => onChange(v)} options={options} style={{ width: 180 }} data-filter={filter.name} />;
    }
  }
}

/** A page view's declared filters, in a row above its list. */
export function ViewFilters({ service, filters, values, onChange, appId }: { service: ServiceDecl; filters: ViewFilterDecl[]; values: FilterValues; onChange: (name: string, value: FilterValue) => void; appId: string }) {
  if (filters.length === 0) return null;
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      {filters.map((filter) => (
        <ViewFilter key={filter.name} service={service} filter={filter} value={values[filter.name]} onChange={(v) => onChange(filter.name, v)} appId={appId} />
      ))}
    </Flex>
  );
}
