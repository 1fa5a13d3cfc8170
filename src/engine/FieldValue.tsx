import { Tag, Typography } from 'antd';
import { CheckCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import type { ResourceDecl } from '../../resources/types';
import { formatDateTime } from '../lib/format';
import { useLocale } from '../lib/useLocale';
import { CutText } from './CutText';
import { NestedValue } from './NestedValue';
import { ReferenceValue } from './ReferenceValue';
import { enumOptions, numberText, propertyOf, xui, type PropSchema } from './schema';
import { isWriteOnly, secretIsSet } from './write-only';

/** Code, rules and JSON. */
export const MONO: React.CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
/** Preformatted code or JSON, wrapped. */
export const PRE: React.CSSProperties = { ...MONO, margin: 0, whiteSpace: 'pre-wrap' };
const TIME_FIELDS = new Set(['createdAt', 'updatedAt']);

/** Ant Design's status colours as palette colours: the palette's tag text reads at AA contrast (see the theme). */
const PALETTE_OF: Record<string, string> = { success: 'green', processing: 'blue', error: 'red', warning: 'gold' };

/** A declared tag colour as the tag shows it. */
export const tagColor = (color: string): string => PALETTE_OF[color] ?? color;

export function StatusTag({ decl, value }: { decl: ResourceDecl; value: unknown }) {
  const { text } = useLocale();
  const declared = decl.status?.values[String(value)];
  const color = declared ? tagColor(declared.color) : undefined;
  return <Tag color={color}>{declared ? text(declared.label) : String(value ?? '')}</Tag>;
}

/** Whether a write-only field (a secret, never answered) holds a value. */
export function SecretTag({ field, set }: { field: string; set: boolean }) {
  const { t } = useLocale();
  return (
    <Tag color={set ? 'green' : 'default'} icon={set ? <CheckCircleOutlined /> : <MinusCircleOutlined />} data-testid={`secret-${field}`}>
      {t(set ? 'engine.secret.isSet' : 'engine.secret.notSet')}
    </Tag>
  );
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
 * One field's value, shown by what its schema says it is: a secret as whether it is set, the status as its tag,
 * another record by its name, times in Beijing time, enum labels, percentages, rules and JSON in monospace, lists
 * and objects laid out by their schema. `compact` keeps it to one line (lists).
 */
export function FieldValue({ decl, field, value, record, compact }: { decl: ResourceDecl; field: string; value: unknown; record?: Record<string, unknown>; compact?: boolean }) {
  const { t } = useLocale();
  if (record && isWriteOnly(decl, field)) return <SecretTag field={field} set={secretIsSet(record, field)} />;
  if (value === undefined || value === null || value === '') return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
  if (decl.status?.field === field) return <StatusTag decl={decl} value={value} />;
  if (TIME_FIELDS.has(field)) return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(String(value))}</span>;
  return <SchemaValue decl={decl} prop={propertyOf(decl.schema, field)} value={value} record={record} compact={compact} />;
}

/** A value by its own schema (a field, or a part of one): see `FieldValue`. */
export function SchemaValue({ decl, prop, value, record, compact }: { decl: ResourceDecl; prop: PropSchema | undefined; value: unknown; record?: Record<string, unknown>; compact?: boolean }) {
  const { t, locale } = useLocale();
  const hints = xui(prop);
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
  }
  const from = hints.optionsFrom ?? (prop?.type === 'array' ? xui(prop.items).optionsFrom : undefined);
  if (from && hints.widget === undefined && (typeof value === 'string' || Array.isArray(value))) {
    return <ReferenceValue decl={decl} from={from} value={value} holder={record} compact={compact} />;
  }
  if (prop?.format === 'date-time') return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(String(value))}</span>;
  // A declared value's label, a tag in its colour when it has one (a risk's severity), as a view's cell reads it.
  const named = hints.values?.[String(value)];
  if (named) return named.color ? <Tag color={tagColor(named.color)}>{named.label[locale]}</Tag> : <span>{named.label[locale]}</span>;
  if (prop?.enum) return <span>{enumOptions(prop, locale).find((o) => o.value === String(value))?.label ?? String(value)}</span>;
  if (typeof value === 'boolean') return <span>{value ? t('common.yes') : t('common.no')}</span>;
  // A number that names something (a port) is shown as written, not grouped as a quantity.
  if (typeof value === 'number' && hints.widget === 'code') return <Typography.Text code>{String(value)}</Typography.Text>;
  if (typeof value === 'number') return <span>{hints.widget === 'percent' ? `${value}%` : numberText(prop, value, locale)}</span>;
  if (typeof value === 'object') {
    if (compact) return <Typography.Text type="secondary">{Array.isArray(value) ? t('engine.itemCount', { count: value.length }) : '{…}'}</Typography.Text>;
    return <NestedValue decl={decl} prop={prop} value={value} />;
  }

  // A signed link to a file (a backup's download): a link that saves the file, not its address as text.
  if (hints.widget === 'download' && typeof value === 'string') {
    return (
      <Typography.Link href={value} download rel="noopener noreferrer" data-testid="download-link">
        {t('engine.downloadFile')}
      </Typography.Link>
    );
  }

  // What was entered, shown as it is: marked as the user's text (the zh-CN check leaves it out, tests/e2e/zh-crawl.test.ts).
  const text = String(value);
  const valueType = typeOfSibling(prop, record);
  if (valueType === 'BOOL') return <Tag color={text === 'true' ? 'green' : 'default'} data-user-text>{text}</Tag>;
  const code = hints.widget === 'expression' || hints.widget === 'variableName' || valueType === 'JSON' || (valueType !== undefined && valueType !== 'STRING');
  if (compact) return <CutText text={text} code={code} user />;
  if (valueType === 'JSON') return <pre style={PRE}>{prettyJson(text)}</pre>;
  return (
    <Typography.Text copyable={hints.widget === 'variableName'} style={{ ...(code ? MONO : {}), whiteSpace: 'pre-wrap' }} data-user-text>
      {text}
    </Typography.Text>
  );
}
