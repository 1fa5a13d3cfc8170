import { useMemo } from 'react';
import { App, Button, Card, Empty, Flex, Skeleton, Space, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { isApiError, requireOk } from '../../providers/http';
import { toast } from '../../providers/notification';
import { changeAllowed, changeBody, changeIsIdle, changeUrl } from '../../resources/change-call';
import type { ChangeDecl, ServiceDecl } from '../../resources/types';
import { useCurrentAppState } from '../lib/currentApp';
import { answerFieldSpecs } from './detail-fields';
import { DetailFields } from './DetailView';
import { recordFormSchema } from './form/formSchemas';
import { useDeclared } from './useDeclared';
import { useDialogs } from './useDialogs';

type Row = Record<string, unknown>;

/**
 * A create-once singleton shown in a card (`PageDecl.record`): until it exists, what it is and a Create button; then
 * its fields by its schema, Edit, and its declared changes (`ChangeDecl`) as buttons — each offered to those its
 * `access` names (else to those who may edit), enabled while its `when` holds and it would change something.
 */
export function CreatedOnceCard({ service, resource }: { service: ServiceDecl; resource: string }) {
  const decl = service.resources.find((r) => r.name === resource);
  if (!decl?.singleton?.createOnce) throw new Error(`${service.name}: no create-once resource '${resource}'`);
  const declared = useMemo(() => ({ service, decl, key: `${service.name}.${decl.name}` }), [service, decl]);
  const scope = useDeclared(declared);
  const { appId, t, text, locale, singular } = scope;
  const { modal } = App.useApp();
  const current = useCurrentAppState();
  const dialogs = useDialogs(appId, service.name);
  const { query } = useCustom<Row>({
    url: `${decl.path}/${encodeURIComponent(appId)}`,
    method: 'get',
    meta: { service: service.name, appId, silent: true },
    dataProviderName: service.convention,
    queryOptions: { enabled: !!appId, retry: false },
    errorNotification: false,
  });
  const record = query.data?.data as Row | undefined;
  const missing = isApiError(query.error) && query.error.statusCode === 404;
  const specs = useMemo(() => [...answerFieldSpecs(decl.schema, locale), { field: 'updatedAt', title: t('engine.updatedAt'), prop: { format: 'date-time' } }], [decl, locale, t]);
  const canEdit = current?.canEdit ?? false;
  const mayCall = (change: ChangeDecl) => (change.access ? change.access.includes('admin') && current?.isAdmin === true : canEdit);
  const refresh = () => void query.refetch();

  const write = (mode: 'create' | 'edit') =>
    dialogs.askFields({
      title: t(mode === 'create' ? 'engine.createTitle' : 'engine.editTitle', { name: singular }),
      schema: recordFormSchema(decl, mode),
      okText: t(mode === 'create' ? 'common.create' : 'common.save'),
      initial: mode === 'edit' ? record : undefined,
      submit: async (values) => {
        const url = `${service.base}${decl.path}${mode === 'edit' ? `/${encodeURIComponent(appId)}` : ''}`;
        const method = mode === 'edit' ? decl.singleton!.write : 'POST';
        await requireOk(url, { appId, method, body: mode === 'edit' ? { ...values, version: record?.version } : values });
        toast('success', t(mode === 'create' ? 'engine.created' : 'engine.saved', { name: singular }));
        refresh();
      },
    });
  const make = async (change: ChangeDecl, row: Row) => {
    await requireOk(changeUrl(service, decl, change, appId), { appId, method: change.method, body: { ...changeBody(change, row) } });
    toast('success', t('engine.actionDone', { action: text(change.label), title: scope.titleOf(row) }));
    refresh();
  };
  const ask = (change: ChangeDecl, row: Row) => {
    if (!change.confirm) return void make(change, row).catch(() => undefined);
    modal.confirm({ title: text(change.label), content: text(change.confirm), okButtonProps: { danger: change.danger }, onOk: () => make(change, row) });
  };

  let body;
  if (query.isLoading) body = <Skeleton active />;
  else if (missing) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('engine.emptyTitle', { name: singular })}>
        {canEdit && (
          <Button type="primary" onClick={() => write('create')} data-testid="created-once-create">
            {t('common.create')}
          </Button>
        )}
      </Empty>
    );
  } else if (!record) body = <Typography.Text type="danger">{t('errors.loadFailed')}</Typography.Text>;
  else {
    const changes = (decl.changes ?? []).filter(mayCall);
    body = (
      <Flex vertical gap={16}>
        <DetailFields context={{ service, owner: decl, appId }} specs={specs} answer={record} />
        <Space wrap>
          {canEdit && <Button onClick={() => write('edit')}>{t('common.edit')}</Button>}
          {changes.map((change) => (
            <Button
              key={change.name}
              danger={change.danger}
              disabled={!changeAllowed(change, record) || changeIsIdle(change, record)}
              onClick={() => ask(change, record)}
              data-change={change.name}
            >
              {text(change.label)}
            </Button>
          ))}
        </Space>
      </Flex>
    );
  }
  return (
    <Card
      title={text(decl.label)}
      size="small"
      data-testid={`record-${decl.name}`}
      extra={
        <Tooltip title={t('common.refresh')}>
          <Button type="text" size="small" icon={<ReloadOutlined />} loading={query.isFetching} onClick={refresh} aria-label={t('common.refresh')} />
        </Tooltip>
      }
    >
      {body}
      {dialogs.element}
    </Card>
  );
}
