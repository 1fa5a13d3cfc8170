import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Button, Card, Empty, Flex, Space, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { filterFromQuery, type FilterValue, type FilterValues } from '../../resources/page-view-call';
import type { PageDecl, PageViewDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import type { DeclaredResource } from '../../providers/declarations';
import { useCurrentAppState } from '../lib/currentApp';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { CommandButtons } from './CommandButtons';
import { CreatedOnceCard } from './CreatedOnceCard';
import { PageHeader } from './PageHeader';
import { PageLinks } from './PageLinks';
import { UploadButtons } from './UploadButtons';
import { useDeclared } from './useDeclared';
import { usePageViewRows } from './usePageViewRows';
import { viewSummary } from './view-columns';
import { useRecordCommands } from './useRecordCommands';
import { useRowCommands } from './RowCommands';
import { ViewFilters } from './ViewFilters';
import { ViewTable } from './ViewTable';
import { PageCharts, PageDetails, PageDownloadButton } from './PageViewParts';

/**
 * The page as a declared resource for the engine's command buttons: no records of its own, its toolbar commands
 * addressed under the service base, written by those who may write the service's resources.
 */
export function pageResource(service: ServiceDecl, page: PageDecl & { view: PageViewDecl }): DeclaredResource {
  const decl: ResourceDecl = {
    name: `page:${page.route}`,
    label: page.label,
    singular: page.label,
    schema: { type: 'object', properties: {} },
    path: '',
    idField: 'id',
    titleField: 'id',
    scope: 'app',
    operations: [],
    list: { columns: [] },
    access: { read: ['app', 'admin'], write: ['app', 'admin'] },
    commands: page.view.commands,
  };
  return { service, decl, key: `${service.name}.${decl.name}` };
}

function Toolbar({ service, page, onDone }: { service: ServiceDecl; page: PageDecl & { view: PageViewDecl }; onDone: () => void }) {
  const declared = useMemo(() => pageResource(service, page), [service, page]);
  const scope = useDeclared(declared);
  const commands = useRecordCommands(scope);
  const canEdit = useCurrentAppState()?.canEdit ?? false;
  return (
    <>
      {canEdit && page.view.uploads && <UploadButtons service={service} buttons={page.view.uploads} appId={scope.appId} onDone={onDone} />}
      {canEdit && <CommandButtons scope={scope} commands={commands} on="collection" target={{}} onDone={onDone} />}
      {commands.dialogs}
    </>
  );
}

/**
 * A service's page whose content is a declared view over one of its calls (`PageDecl.view`): its filters (kept in
 * the address where declared), the toolbar's commands and links, the list with its rows' commands, and what it says
 * while a needed filter is unset or nothing matches.
 */
export default function PageViewPage({ service, page }: { service: ServiceDecl; page: PageDecl & { view: PageViewDecl } }) {
  const { appId = '', ...routeParams } = useParams();
  const { t, text, locale } = useLocale();
  const view = page.view;
  usePageTitle(text(page.label));
  const [query, setQuery] = useSearchParams();
  const [chosen, setValues] = useState<FilterValues>(() => Object.fromEntries((view.filters ?? []).map((f) => [f.name, filterFromQuery(f, query)])));
  // A parameter of the view's path that the page's route names too is the address's (`func/:funcId/autoscaler`).
  const values = useMemo(() => ({ ...chosen, ...routeParams }), [chosen, JSON.stringify(routeParams)]); // eslint-disable-line react-hooks/exhaustive-deps
  const [page_, setPage] = useState(1);
  const [refreshKey, setRefreshKey] = useState(0);
  const { state: listed, request } = usePageViewRows(service, view, values, appId, page_, setPage);
  const refetch = () => {
    setRefreshKey((k) => k + 1);
    return listed.refetch();
  };
  const state = { ...listed, refetch };
  const rowCommands = useRowCommands({ service, view, appId, values, onDone: state.refetch });
  const parts = { service, view, values, appId, refreshKey };

  const change = (name: string, value: FilterValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    setPage(1);
    const filter = view.filters?.find((f) => f.name === name);
    if (filter?.param && filter.kind !== 'dateRange') {
      const next = new URLSearchParams(query);
      if (typeof value === 'string' && value) next.set(filter.param, value);
      else next.delete(filter.param);
      setQuery(next, { replace: true });
    }
  };

  const refresh = (
    <Tooltip title={t('common.refresh')}>
      <Button icon={<ReloadOutlined />} onClick={() => void state.refetch()} disabled={!request.url} aria-label={t('common.refresh')} />
    </Tooltip>
  );
  return (
    <>
      <PageHeader
        title={text(page.label)}
        subtitle={view.subtitle && text(view.subtitle)}
        extra={
          <Space wrap>
            <PageLinks links={view.links} appId={appId} text={text} />
            {view.download && <PageDownloadButton service={service} view={view} values={values} appId={appId} download={view.download} />}
            <Toolbar service={service} page={page} onDone={() => void state.refetch()} />
            {refresh}
          </Space>
        }
      />
      <Flex vertical gap={16}>
        {view.notice && <Alert type="info" showIcon message={text(view.notice)} />}
        {page.record && <CreatedOnceCard service={service} resource={page.record} />}
        <PageDetails {...parts} />
        <PageCharts {...parts} />
        <Card
          title={text(view.label)}
          data-testid={`view-${view.name}`}
          extra={<Typography.Text type="secondary">{viewSummary(view, state.total, text, locale)}</Typography.Text>}
        >
          <ViewFilters service={service} filters={view.filters ?? []} values={values} onChange={change} appId={appId} />
          {request.missing.length ? (
            <Empty description={view.choose ? text(view.choose) : text(view.empty)} />
          ) : (
            <ViewTable
              service={service}
              owner={service.resources[0]}
              view={view}
              state={state}
              appId={appId}
              actions={rowCommands.actions}
              emptyText={request.filtered && view.emptyFiltered ? text(view.emptyFiltered) : undefined}
            />
          )}
          {rowCommands.element}
        </Card>
      </Flex>
    </>
  );
}
