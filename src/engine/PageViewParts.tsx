import { useMemo, useState } from 'react';
import { Button, Card, Col, Row } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { isApiError, requestFile } from '../../providers/http';
import { toast } from '../../providers/notification';
import { pageCallRequest, type FilterValues } from '../../resources/page-view-call';
import type { JsonSchema, PageChartDecl, PageDetailDecl, PageDownloadDecl, PageViewDecl, ServiceDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { sourcedChartPoints } from './dashboard-data';
import { ChartBody } from './ChartBody';
import { DetailBody } from './DetailView';
import { DeclaredValue } from './DeclaredValue';
import { answerFieldSpecs, detailFieldSpecs } from './detail-fields';
import { saveFile } from './useDialogs';
import { useRefetchOnChange } from './useRefetchOnChange';


type Answer = Record<string, unknown>;

/** What a page's part is given: the service, its view, the page's values (filters and the address's) and the app. */
export interface PagePartProps {
  service: ServiceDecl;
  view: PageViewDecl;
  values: FilterValues;
  appId: string;
  /** Changes when the page is refreshed (a toolbar command done, the refresh button). */
  refreshKey: number;
}

/** One call of the page beside its list, read again when the page refreshes. */
function usePageCall(props: PagePartProps, path: string, query: Record<string, string | number>, names: string[], refreshSeconds?: number) {
  const { service, view, values, appId, refreshKey } = props;
  const request = pageCallRequest(path, view.filters ?? [], values, appId, names);
  const { query: call } = useCustom<Answer>({
    url: request.url ?? '',
    method: 'get',
    config: { query: { ...query, ...request.query } },
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: {
      enabled: !!request.url && !!appId,
      refetchInterval: refreshSeconds ? refreshSeconds * 1000 : false,
      retry: (count, error) => !(isApiError(error) && error.statusCode < 500) && count < 2,
    },
    errorNotification: false,
  });
  useRefetchOnChange(call.refetch, refreshKey);
  return { ready: !!request.url, call };
}

function PageDetail(props: PagePartProps & { detail: PageDetailDecl }) {
  const { detail, service, appId } = props;
  const { text, locale } = useLocale();
  const { ready, call } = usePageCall(props, detail.path, {}, []);
  const specs = useMemo(() => detailFieldSpecs(detail, locale), [detail, locale]);
  if (!ready) return null;
  const answer = call.data?.data;
  const context = { service, owner: service.resources[0], appId };
  const tagSpec = detail.tag ? answerFieldSpecs(detail.answer as JsonSchema, locale, [detail.tag])[0] : undefined;
  const body = <DetailBody context={context} detail={detail} specs={specs} answer={answer} fetching={call.isFetching} onRetry={() => void call.refetch()} />;
  return (
    <Card
      title={text(detail.label)}
      size="small"
      data-testid={`detail-${detail.name}`}
      extra={answer && tagSpec && <DeclaredValue context={context} spec={tagSpec} row={answer} size="full" />}
    >
      {body}
    </Card>
  );
}

/** The page's declared details (`PageViewDecl.details`), each a description list in a card. */
export function PageDetails(props: PagePartProps) {
  return (
    <>
      {(props.view.details ?? []).map((detail) => (
        <PageDetail key={detail.name} {...props} detail={detail} />
      ))}
    </>
  );
}

/** The charts of one `from` call: asked once for all of them; what a chart says when the answer has no items. */
function SourcedPageCharts(props: PagePartProps & { charts: PageChartDecl[] }) {
  const { charts } = props;
  const { text, locale } = useLocale();
  const { from } = charts[0];
  const names = [...new Set(charts.flatMap((c) => c.filters ?? []))];
  const { ready, call } = usePageCall(props, from.path, from.query ?? {}, names, from.refreshSeconds);
  if (!ready) return null;
  const answer = call.data?.data;
  return (
    <>
      {charts.map((chart) => {
        const points = answer ? sourcedChartPoints(chart, answer, locale) : undefined;
        return (
          <Col key={chart.list + chart.label.en} xs={24} lg={chart.span}>
            <Card title={text(chart.label)} size="small" data-testid="page-chart" data-points={points?.length ?? 0}>
              <ChartBody chart={chart} points={points} waiting={!answer && call.isFetching} />
            </Card>
          </Col>
        );
      })}
    </>
  );
}

/** The page's declared charts (`PageViewDecl.charts`), those sharing a `from` drawn from one call. */
export function PageCharts(props: PagePartProps) {
  const sources = new Map<string, PageChartDecl[]>();
  for (const chart of props.view.charts ?? []) {
    const key = JSON.stringify([chart.from, chart.filters ?? []]);
    sources.set(key, [...(sources.get(key) ?? []), chart]);
  }
  if (sources.size === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {[...sources].map(([key, charts]) => (
        <SourcedPageCharts key={key} {...props} charts={charts} />
      ))}
    </Row>
  );
}

/** The page's download (`PageViewDecl.download`): the declared call asked with the page's filters, its file saved. */
export function PageDownloadButton({ service, view, values, appId, download }: Omit<PagePartProps, 'refreshKey'> & { download: PageDownloadDecl }) {
  const { t, text } = useLocale();
  const [busy, setBusy] = useState(false);
  const call = service.calls?.[download.call];
  if (!call || call.method !== 'GET') throw new Error(`${service.name}: a page's download names the GET call ${download.call}`);
  const names = Object.keys(((call.query ?? {}) as JsonSchema).properties ?? {});
  const request = pageCallRequest(call.path, view.filters ?? [], values, appId, names);
  const save = async () => {
    setBusy(true);
    try {
      const file = await requestFile(`${service.base}${request.url}`, { appId, query: request.query, throwResponse: true });
      if (!file) return;
      const name = file.name ?? `${view.name}.txt`;
      saveFile(file.blob, name);
      toast('success', t('engine.commandDownloaded', { name }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={!request.url} onClick={() => void save()} data-testid="page-download">
      {text(download.label)}
    </Button>
  );
}
