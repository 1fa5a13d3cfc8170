import { findResource } from '../../../resources';
import type { JsonSchema } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';

type EnumNames = { 'zh-CN': string[]; en: string[] };

function enumLabels(resource: string, field: string): { values: string[]; names?: EnumNames } {
  const prop = ((findResource('passport', resource)?.schema.properties ?? {}) as Record<string, JsonSchema>)[field] ?? {};
  return { values: (prop.enum as string[] | undefined) ?? [], names: (prop['x-ui'] as { enumNames?: EnumNames } | undefined)?.enumNames };
}

/** Labels of the economy's enumerations and states, read from the declarations (one source for both languages). */
export function useEconomyLabels() {
  const { locale, text } = useLocale();
  const label = (resource: string, field: string) => {
    const { values, names } = enumLabels(resource, field);
    return (value: string | null | undefined) => {
      const i = values.indexOf(String(value));
      return i >= 0 && names ? names[locale][i] : String(value ?? '—');
    };
  };
  const statuses = findResource('passport', 'transactions')?.status?.values ?? {};
  return {
    resourceType: label('resources', 'type'),
    transactionType: label('transactions', 'type'),
    status: (s: string) => (statuses[s] ? text(statuses[s].label) : s),
    statusColor: (s: string) => statuses[s]?.color ?? 'default',
  };
}
