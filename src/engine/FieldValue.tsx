import { Tag, Tooltip, Typography } from 'antd';
import type { ResourceDecl } from '../../resources/types';
import { formatDateTime } from '../lib/format';
import { useLocale } from '../lib/useLocale';
import { enumOptions, propertyOf, xui, type PropSchema } from './schema';

const MONO: React.CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const TIME_FIELDS = new Set(['createdAt', 'updatedAt']);

export function StatusTag({ decl, value }: { decl: ResourceDecl; value: unknown }) {
  const { text } = useLocale();
  const declared = decl.status?.values[String(value)];
  return <Tag color={declared?.color}>{declared ? text(declared.label) : String(value ?? '')}</Tag>;
}

function typeOfSibling(prop: PropSchema | undefined, record?: Record<string, unknown>): string | undefined {
  const typeField = xui(prop).typeField;
  return typeField && record ? String(record[typeField] ?? '') : undefined;
}

function prettyJson(value: string): string {
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/**
 * One field's value, shown by what its schema says it is: the status as its tag, times in Beijing time, enum
 * labels, percentages, rules and JSON in monospace. `compact` keeps it to one line (lists).
 */
export function FieldValue({ decl, field, value, record, compact }: { decl: ResourceDecl; field: string; value: unknown; record?: Record<string, unknown>; compact?: boolean }) {
  const { t, locale } = useLocale();
  const prop = propertyOf(decl.schema, field);
  const hints = xui(prop);
  if (value === undefined || value === null || value === '') return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
  if (decl.status?.field === field) return <StatusTag decl={decl} value={value} />;
  if (TIME_FIELDS.has(field) || prop?.format === 'date-time') return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(String(value))}</span>;
  if (prop?.enum) return <span>{enumOptions(prop, locale).find((o) => o.value === String(value))?.label ?? String(value)}</span>;
  if (typeof value === 'boolean') return <span>{value ? t('common.yes') : t('common.no')}</span>;
  if (typeof value === 'number') return <span>{hints.widget === 'percent' ? `${value}%` : value.toLocaleString(locale)}</span>;
  if (typeof value === 'object') {
    if (compact) return <Typography.Text type="secondary">{Array.isArray(value) ? `[${value.length}]` : '{…}'}</Typography.Text>;
    return <pre style={{ ...MONO, margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(value, null, 2)}</pre>;
  }

  const text = String(value);
  const valueType = typeOfSibling(prop, record);
  if (valueType === 'BOOL') return <Tag color={text === 'true' ? 'green' : 'default'}>{text}</Tag>;
  const code = hints.widget === 'expression' || hints.widget === 'variableName' || valueType === 'JSON' || (valueType !== undefined && valueType !== 'STRING');
  if (compact) {
    return (
      <Tooltip title={text.length > 40 ? <span style={code ? MONO : undefined}>{text}</span> : undefined} placement="topLeft">
        <Typography.Text ellipsis style={{ ...(code ? MONO : {}), maxWidth: '100%' }}>
          {text}
        </Typography.Text>
      </Tooltip>
    );
  }
  if (valueType === 'JSON') return <pre style={{ ...MONO, margin: 0, whiteSpace: 'pre-wrap' }}>{prettyJson(text)}</pre>;
  return (
    <Typography.Text copyable={hints.widget === 'variableName'} style={{ ...(code ? MONO : {}), whiteSpace: 'pre-wrap' }}>
      {text}
    </Typography.Text>
  );
}
