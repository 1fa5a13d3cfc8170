import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Breadcrumb, Button, Card, Result, Skeleton } from 'antd';
import { useCan, useOne } from '@refinedev/core';
import { isApiError } from '../../providers/http';
import { usePageTitle } from '../lib/usePageTitle';
import { StatusTag } from './FieldValue';
import { PageHeader } from './PageHeader';
import { PartEditor } from './PartEditor';
import { RecordActions } from './RecordActions';
import { RecordDrawer } from './RecordDrawer';
import { RecordView } from './RecordView';
import { RecordChildren } from './RecordChildren';
import { RecordDetails } from './DetailView';
import { RecordCharts } from './RecordCharts';
import { RecordPanels } from './RecordPanels';
import { RecordViews } from './RecordViews';
import { listPathOf, listRoutes, recordParamOf, routeTo, serviceOfRoute, shownResources, viewPages } from './routes';
import { useDeclared } from './useDeclared';
import { watched, WATCH_MS } from './watch';
import { useRecordCommands } from './useRecordCommands';

/**
 * A record's page (`routes.show`, naming the record by its id or its slug): its fields, its status, its state
 * actions (enabled from their allowed states), its item commands, edit and delete, each declared part editable in
 * place with its own save, the declared detail views, panels and views, then a list of each child resource's records of this one.
 */
export default function ResourceShowPage({ resourceKey }: { resourceKey: string }) {
  const found = useMemo(() => shownResources().find((r) => r.key === resourceKey), [resourceKey]);
  if (!found) throw new Error(`No declaration for ${resourceKey}`);
  const params = useParams();
  // A sub-resource's page names its parent in the address (`func/profiles/:id/servers/:serverId`).
  const parent = found.decl.parent && !found.decl.parent.ofApp ? params[found.decl.parent.param] : undefined;
  const declared = useMemo(() => (parent ? { ...found, parentId: parent } : found), [found, parent]);
  const scope = useDeclared(declared);
  const { decl, key, meta, t, text, appId } = scope;
  const id = params[recordParamOf(decl.routes?.show ?? '')] ?? '';
  const navigate = useNavigate();
  const commands = useRecordCommands(scope);
  const [editing, setEditing] = useState(false);
  const canEdit = useCan({ resource: key, action: 'edit', params: { appId } }).data?.can === true;
  const { result: record, query } = useOne({
    resource: key,
    id,
    meta: { ...meta, silent: true },
    dataProviderName: declared.service.convention,
    errorNotification: false,
    // Read again every few seconds while a job may move it on (`StatusDecl.watch`).
    queryOptions: { retry: false, refetchInterval: (q) => (watched(decl, q.state.data?.data) ? WATCH_MS : false) },
  });

  // Its list: its own, or the service's page whose view lists its records (a sub-resource's app-wide list).
  const route = decl.routes?.list ?? viewPages().find(({ service, page }) => service === declared.service && page.view.row === decl.name)?.page.route ?? '';
  const listPath = listPathOf(decl, appId) ?? (route ? routeTo(route, { appId }) : `/services/${appId}`);
  const menuLabel = serviceOfRoute(route)?.menu?.find((m) => m.route === route)?.label;
  const sharesRoute = (listRoutes().find((r) => r.route === route)?.resources.length ?? 0) > 1;
  const title = record ? scope.titleOf(record) : scope.singular;
  usePageTitle(title, scope.singular);

  const breadcrumb = (
    <Breadcrumb
      style={{ marginBottom: 12 }}
      items={[
        ...(menuLabel ? [{ title: <Link to={routeTo(route, { appId })}>{text(menuLabel)}</Link> }] : []),
        // The resource's own step only where its list is one tab of several (else it repeats the menu entry).
        ...(!menuLabel || sharesRoute ? [{ title: <Link to={listPath}>{scope.label}</Link> }] : []),
        // The record's name is what its user entered (see FieldValue); before it loads, the resource's name.
        { title: record ? <span data-user-text>{title}</span> : title },
      ]}
    />
  );

  if (query.isLoading) {
    return (
      <>
        {breadcrumb}
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </>
    );
  }
  if (!record) {
    const error = query.error;
    const missing = isApiError(error) && error.statusCode === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('engine.notFoundTitle') : (error?.message ?? t('errors.loadFailed'))}
        subTitle={missing ? t('engine.notFoundHint') : undefined}
        extra={
          <Button type="primary" onClick={() => navigate(listPath)}>
            {t('engine.backToList')}
          </Button>
        }
      />
    );
  }

  return (
    <>
      {breadcrumb}
      <PageHeader
        title={<span data-user-text>{title}</span>}
        tags={decl.status ? <StatusTag decl={decl} value={record[decl.status.field]} /> : undefined}
        extra={
          <RecordActions
            scope={scope}
            record={record}
            commands={commands}
            variant="page"
            onEdit={() => setEditing(true)}
            onDeleted={() => navigate(listPath)}
          />
        }
      />
      <Card title={t('engine.fields')}>
        <RecordView scope={scope} record={record} />
      </Card>
      {(decl.parts ?? []).map((part) => (
        <PartEditor key={part.path} scope={scope} record={record} part={part} commands={commands} canEdit={canEdit} />
      ))}
      <RecordDetails scope={scope} record={record} />
      <RecordCharts scope={scope} record={record} />
      <RecordPanels scope={scope} record={record} />
      <RecordViews scope={scope} record={record} />
      <RecordChildren scope={scope} record={record} />
      <RecordDrawer scope={scope} mode="edit" record={record} open={editing} onClose={() => setEditing(false)} onSaved={() => void commands.refresh(id)} />
      {commands.dialogs}
    </>
  );
}
