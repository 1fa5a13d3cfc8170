import { useMemo } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { isApiError } from '../../providers/http';
import type { DetailViewDecl, JsonSchema } from '../../resources/types';
import { detailUrl, recordParentId } from '../../resources/view-call';
import { useLocale } from '../lib/useLocale';
import { DeclaredValue, type DeclaredValueContext } from './DeclaredValue';
import { answerFieldSpecs, detailFieldSpecs, detailIsEmpty } from './detail-fields';
import type { DeclaredScope } from './useDeclared';
import type { ViewColumnSpec } from './view-columns';
import { useRefetchOnChange } from './useRefetchOnChange';

type Answer = Record<string, unknown>;

/** Where a detail's values are read: the service (for links), the resource (for references), the app. */
export type DetailContext = Omit<DeclaredValueContext, 'records'>;

/** An answer's fields as a description list, one per row, titled by its schema. */
export function DetailFields({ context, specs, answer }: { context: DetailContext; specs: ViewColumnSpec[]; answer: Answer }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 160 } }}
      items={specs.map((spec) => ({ key: spec.field, label: spec.title, children: <DeclaredValue context={context} spec={spec} row={answer} size="full" /> }))}
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
 * What a detail's card holds: a skeleton while its call is first asked, the failure with a retry, its `empty` text when
 * the answer holds none of its fields, else the fields.
 */
export function DetailBody({ context, detail, specs, answer, fetching, onRetry }: { context: DetailContext; detail: Pick<DetailViewDecl, 'empty'>; specs: ViewColumnSpec[]; answer: Answer | undefined; fetching: boolean; onRetry: () => void }) {
  const { t, text } = useLocale();
  if (!answer && fetching) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!answer)
    return (
      <Alert
        type="error"
        showIcon
        message={t('errors.loadFailed')}
        action={
          <Button size="small" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        }
      />
    );
  if (detail.empty && detailIsEmpty(specs, answer)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text(detail.empty)} />;
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
    url: detailUrl(service, decl, detail, id, recordParentId(decl, record)),
    method: 'get',
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!id && !!appId, retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2 },
    errorNotification: false,
  });
  const { refetch } = query;
  useRefetchOnChange(refetch, record.version);

  const specs = useMemo(() => detailFieldSpecs(detail, locale), [detail, locale]);
  const answer = query.data?.data as Answer | undefined;
  const context = { service, owner: decl, appId };
  const tagSpec = detail.tag ? answerFieldSpecs(detail.answer, locale, [detail.tag])[0] : undefined;

  const body = <DetailBody context={context} detail={detail} specs={specs} answer={answer} fetching={query.isFetching} onRetry={() => void refetch()} />;

  return (
    <Card
      title={text(detail.label)}
      size="small"
      style={{ marginTop: 16 }}
      data-testid={`detail-${detail.name}`}
      extra={
        <>
          {answer && tagSpec && <DeclaredValue context={context} spec={tagSpec} row={answer} size="full" />}
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
