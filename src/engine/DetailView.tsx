import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError } from '../../providers/http';
import type { DetailViewDecl, JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { detailUrl } from '../../resources/view-call';
import { useLocale } from '../lib/useLocale';
import { answerFieldSpecs, detailFieldSpecs, detailIsEmpty, hasSummary, summaryOf, summaryTags } from './detail-fields';
import { MONO, SchemaValue, tagColor } from './FieldValue';
import { showPathOf } from './routes';
import { xui, type PropSchema } from './schema';
import type { DeclaredScope } from './useDeclared';
import { viewCell, type ViewColumnSpec } from './view-columns';

type Answer = Record<string, unknown>;

/** Where a detail's values are read: the service (for links), the resource (for references), the app. */
export interface DetailContext {
  service: ServiceDecl;
  owner: ResourceDecl;
  appId: string;
}

/** An object as its schema's summary line, then its tags. */
function SummaryLine({ prop, value }: { prop: PropSchema | undefined; value: Answer }) {
  const { locale } = useLocale();
  return (
    <span>
      {summaryOf(prop, value, locale) ?? JSON.stringify(value)}
      {summaryTags(prop, value, locale).map((tag) => (
        <Tag key={tag.field} color={tag.color ? tagColor(tag.color) : undefined} style={{ marginInlineStart: 8 }}>
          {tag.text}
        </Tag>
      ))}
    </span>
  );
}

/** A value by its schema: summary lines (one per item of a list), code in monospace, else as the engine shows a field. */
function Value({ context, prop, value, answer }: { context: DetailContext; prop: PropSchema | undefined; value: unknown; answer: Answer }) {
  if (hasSummary(prop, value)) {
    if (!Array.isArray(value)) return <SummaryLine prop={prop} value={value as Answer} />;
    return (
      <>
        {(value as Answer[]).map((item, i) => (
          <div key={i} style={{ padding: '2px 0' }}>
            <SummaryLine prop={prop?.items} value={item} />
          </div>
        ))}
      </>
    );
  }
  if (xui(prop).widget === 'code' && typeof value === 'string') return <Typography.Text style={MONO}>{value}</Typography.Text>;
  return <SchemaValue decl={context.owner} prop={prop} value={value} record={answer} />;
}

/** One row's value, read as a view's cell: an absent value, what its absence means, a declared label, a link, or the value. */
export function DetailValue({ context, spec, answer }: { context: DetailContext; spec: ViewColumnSpec; answer: Answer }) {
  const { t, locale } = useLocale();
  const cell = viewCell(spec, answer, locale);
  switch (cell.kind) {
    case 'absent':
      return <Typography.Text type="secondary">{t('common.empty')}</Typography.Text>;
    case 'empty':
      return <span>{cell.text}</span>;
    case 'label':
      return cell.color ? <Tag color={tagColor(cell.color)}>{cell.text}</Tag> : <span>{cell.text}</span>;
    case 'link': {
      const target = context.service.resources.find((r) => r.name === cell.resource);
      const path = target && showPathOf(target, context.appId, cell.id);
      const body = <Value context={context} prop={spec.prop} value={cell.value} answer={answer} />;
      return path ? <Link to={path}>{body}</Link> : body;
    }
    case 'value':
      return <Value context={context} prop={spec.prop} value={cell.value} answer={answer} />;
    default:
      return <Value context={context} prop={spec.prop} value={answer[spec.field]} answer={answer} />;
  }
}

/** An answer's fields as a description list, one per row, titled by its schema. */
export function DetailFields({ context, specs, answer }: { context: DetailContext; specs: ViewColumnSpec[]; answer: Answer }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 160 } }}
      items={specs.map((spec) => ({ key: spec.field, label: spec.title, children: <DetailValue context={context} spec={spec} answer={answer} /> }))}
    />
  );
}

/** An answer described by a schema of its own (what a command answered): every property it declares, in order. */
export function SchemaAnswer({ context, schema, answer }: { context: DetailContext; schema: JsonSchema; answer: Answer }) {
  const { locale } = useLocale();
  const specs = useMemo(() => answerFieldSpecs(schema, locale), [schema, locale]);
  return <DetailFields context={context} specs={specs} answer={answer} />;
}

/**
 * One detail view of a record (`DetailViewDecl`): the object its call answers, shown as a description list by its
 * declared answer schema, its `tag` beside the label, its `empty` text when it holds none of its fields, a retry
 * when the call failed. Asked again when the record's version changes (an action on the page).
 */
function DetailBlock({ scope, detail, record }: { scope: DeclaredScope; detail: DetailViewDecl; record: BaseRecord }) {
  const { service, decl, appId, t, text, locale } = scope;
  const id = scope.idOf(record);
  const { query } = useCustom<Answer>({
    url: detailUrl(service, decl, detail, id),
    method: 'get',
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!id && !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  const { refetch } = query;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void refetch();
  }, [record.version, refetch]);

  const specs = useMemo(() => detailFieldSpecs(detail, locale), [detail, locale]);
  const answer = query.data?.data as Answer | undefined;
  const context = { service, owner: decl, appId };
  const tagSpec = detail.tag ? answerFieldSpecs(detail.answer, locale, [detail.tag])[0] : undefined;

  let body;
  if (!answer && query.isFetching) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (!answer)
    body = (
      <Alert
        type="error"
        showIcon
        message={t('errors.loadFailed')}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t('errors.retry')}
          </Button>
        }
      />
    );
  else if (detail.empty && detailIsEmpty(specs, answer)) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(detail.empty)} />;
  else body = <DetailFields context={context} specs={specs} answer={answer} />;

  return (
    <Card
      title={text(detail.label)}
      size="small"
      style={{ marginTop: 16 }}
      data-testid={`detail-${detail.name}`}
      extra={
        <>
          {answer && tagSpec && <DetailValue context={context} spec={tagSpec} answer={answer} />}
          <Tooltip title={t('common.refresh')}>
            <Button type="text" size="small" icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void refetch()} aria-label={t('common.refresh')} />
          </Tooltip>
        </>
      }
    >
      {body}
    </Card>
  );
}

/** A record's declared detail views (`ResourceDecl.details`), each in a card of its own. */
export function RecordDetails({ scope, record }: { scope: DeclaredScope; record: BaseRecord }) {
  return (
    <>
      {(scope.decl.details ?? []).map((detail) => (
        <DetailBlock key={detail.name} scope={scope} detail={detail} record={record} />
      ))}
    </>
  );
}
