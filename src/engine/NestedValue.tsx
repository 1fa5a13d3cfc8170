import { Descriptions, Table, Tag } from 'antd';
import type { ResourceDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { widthOf } from './column-widths';
import { PRE, SchemaValue } from './FieldValue';
import { fieldTitle, propertiesOf, type PropSchema } from './schema';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The declared properties of an object schema that any of these values holds, in the schema's order. */
function shownProperties(schema: PropSchema | undefined, values: Record<string, unknown>[]): [string, PropSchema][] {
  return propertiesOf(schema ?? {}).filter(([name]) => values.some((v) => v[name] !== undefined && v[name] !== null && v[name] !== ''));
}

/**
 * A list or an object inside a record, laid out by its schema: a list of objects as a small table (a gift's
 * contents: resource and amount), an object as a description list, a list of plain values as tags. Values the
 * schema does not describe are shown as JSON.
 */
export function NestedValue({ decl, prop, value }: { decl: ResourceDecl; prop: PropSchema | undefined; value: object }) {
  const { t, locale } = useLocale();
  if (Array.isArray(value)) {
    if (value.length === 0) return <span>{t('engine.itemCount', { count: 0 })}</span>;
    const items = prop?.items;
    if (items?.properties && value.every(isRecord)) {
      const columns = shownProperties(items, value).map(([name, p]) => ({
        key: name,
        title: fieldTitle(p, name, locale),
        width: widthOf(name, p, false),
        render: (_: unknown, row: Record<string, unknown>) => <SchemaValue decl={decl} prop={p} value={row[name]} record={row} />,
      }));
      if (columns.length > 0) {
        // A few columns stay compact; a wide list (a crash's frames: module, address, function, file, line) gets the room.
        return <Table size="small" bordered pagination={false} rowKey={(_, i) => String(i)} dataSource={value} columns={columns} style={{ maxWidth: Math.max(720, columns.length * 180) }} />;
      }
    }
    if (value.every((v) => v === null || typeof v !== 'object')) {
      return (
        <span>
          {value.map((v, i) => (
            <Tag key={`${String(v)}:${i}`} style={{ marginInlineEnd: 4 }}>
              <SchemaValue decl={decl} prop={items} value={v} />
            </Tag>
          ))}
        </span>
      );
    }
  } else if (isRecord(value) && prop?.properties) {
    const shown = shownProperties(prop, [value]);
    if (shown.length > 0) {
      return (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ maxWidth: 720 }}
          items={shown.map(([name, p]) => ({ key: name, label: fieldTitle(p, name, locale), children: <SchemaValue decl={decl} prop={p} value={value[name]} record={value} /> }))}
        />
      );
    }
  }
  return <pre style={PRE}>{JSON.stringify(value, null, 2)}</pre>;
}
