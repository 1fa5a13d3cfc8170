import { Link } from 'react-router';
import { Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { CutText } from './CutText';
import { hasSummary, summaryLine, summaryTags } from './detail-fields';
import { FieldValue, MONO, SchemaValue, tagColor } from './FieldValue';
import { routeTo, showPathOf } from './routes';
import { xui, type PropSchema } from './schema';
import { viewCell, type ViewColumnSpec } from './view-columns';

type Row = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Where a declared value is read: the service (for links and pages), the resource whose value it is (for
 * references), the records a view's rows are (drawn as that resource draws its fields), the app.
 */
export interface DeclaredValueContext {
  service: ServiceDecl;
  owner: ResourceDecl;
  records?: ResourceDecl;
  appId: string;
}

/** How much room a value has: `small` one line of a list's cell, `full` a row of a record's detail. */
type ValueSize = 'small' | 'full';

/** An object as its schema's summary line, then its tags. */
function SummaryLine({ prop, value }: { prop: PropSchema | undefined; value: Row }) {
  const { locale } = useLocale();
  return (
    <span>
      {summaryLine(prop, value, locale)}
      {summaryTags(prop, value, locale).map((tag) => (
        <Tag key={tag.field} color={tag.color ? tagColor(tag.color) : undefined} style={{ marginInlineStart: 8 }}>
          {tag.text}
        </Tag>
      ))}
    </span>
  );
}

/** An object with no summary in one line: its JSON, cut, whole on pointing. */
function JsonLine({ value }: { value: Row }) {
  const { t } = useLocale();
  if (Object.keys(value).length === 0) return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
  return <CutText text={JSON.stringify(value)} code />;
}

/**
 * A value by its schema: summary lines (one per item of a list), code in monospace, a view's record row as its
 * resource shows the field, else as the engine shows a field; `small` keeps it to one line.
 */
function Value({ context, spec, value, row, size }: { context: DeclaredValueContext; spec: ViewColumnSpec; value: unknown; row: Row; size: ValueSize }) {
  const { prop } = spec;
  const compact = size === 'small';
  if (hasSummary(prop, value)) {
    if (!Array.isArray(value)) return <SummaryLine prop={prop} value={value as Row} />;
    return (
      <>
        {(value as Row[]).map((item, i) => (
          <div key={i} style={{ padding: '2px 0' }}>
            <SummaryLine prop={prop?.items} value={item} />
          </div>
        ))}
      </>
    );
  }
  if (xui(prop).widget === 'code' && typeof value === 'string') {
    if (compact) return <CutText text={value} code user />;
    return (
      <Typography.Text style={{ ...MONO, maxWidth: '100%' }} data-user-text>
        {value}
      </Typography.Text>
    );
  }
  if (context.records) return <FieldValue decl={context.records} field={spec.field} value={value} record={row} compact={compact} />;
  if (compact && isPlainObject(value)) return <JsonLine value={value} />;
  return <SchemaValue decl={context.owner} prop={prop} value={value} record={row} compact={compact} />;
}

/**
 * One declared value of a row (a view's cell, a detail's row), read by `viewCell`: an absent value, what its absence
 * means, a declared label, tags, progress, a page or record link, or the value by its schema.
 */
export function DeclaredValue({ context, spec, row, size }: { context: DeclaredValueContext; spec: ViewColumnSpec; row: Row; size: ValueSize }) {
  const { t, locale } = useLocale();
  const cell = viewCell(spec, row, locale);
  switch (cell.kind) {
    case 'absent':
      return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
    case 'empty':
      return <span>{cell.text}</span>;
    case 'label':
      if (cell.color) return <Tag color={tagColor(cell.color)}>{cell.text}</Tag>;
      return size === 'small' ? <Typography.Text type="secondary">{cell.text}</Typography.Text> : <span>{cell.text}</span>;
    case 'tags':
      if (cell.collapsed) {
        return (
          <Tooltip title={cell.items.slice(0, 50).join(', ')}>
            <Tag color={cell.color} tabIndex={0} style={{ cursor: 'help' }}>
              {cell.collapsed}
            </Tag>
          </Tooltip>
        );
      }
      return (
        <Flex gap={4} wrap>
          {cell.items.map((item, i) => (
            <Tag key={`${item}-${i}`} color={cell.color} style={{ marginInlineEnd: 0 }}>
              {item}
            </Tag>
          ))}
        </Flex>
      );
    case 'progress':
      return <Progress size="small" percent={cell.of ? Math.floor((cell.value / cell.of) * 100) : 0} format={() => `${cell.value} / ${cell.of}`} />;
    case 'page':
      return (
        <Link to={`${routeTo(cell.route, { appId: context.appId })}?${new URLSearchParams(cell.query).toString()}`} data-user-text>
          {String(cell.value)}
        </Link>
      );
    case 'link': {
      const target = context.service.resources.find((r) => r.name === cell.resource);
      const path = target && showPathOf(target, context.appId, context.records === target ? row : cell.id);
      const body = <Value context={context} spec={spec} value={cell.value} row={row} size={size} />;
      return path ? <Link to={path}>{body}</Link> : body;
    }
    default:
      return <Value context={context} spec={spec} value={cell.value} row={row} size={size} />;
  }
}
