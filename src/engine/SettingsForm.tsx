import { useEffect, useId, useMemo } from 'react';
import { Alert, Button, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { LazyResult } from '../lib/LazyResult';
import { useCan, useOne, useUpdate, type BaseRecord } from '@refinedev/core';
import type { DeclaredResource } from '../../providers/declarations';
import { toast } from '../../providers/notification';
import { formatDateTime } from '../lib/format';
import { useServerForm } from './form/useServerForm';
import { LazySchemaForm } from './LazySchemaForm';
import { recordFormSchema } from './form/formSchemas';
import { formFields, pick } from './schema';
import { useDeclared } from './useDeclared';

/**
 * A singleton's screen (settings): its one record loaded into the schema's form, saved with the version read. A
 * save that someone else's overtook is refused (409) and says so, with a way to load the newer settings.
 */
export function SettingsForm({ declared }: { declared: DeclaredResource }) {
  const scope = useDeclared(declared);
  const { decl, key, meta, t, appId, service } = scope;
  const formId = useId().replace(/:/g, '');
  const canEdit = useCan({ resource: key, action: 'edit', params: { appId } }).data?.can === true;
  const { result: record, query } = useOne<BaseRecord>({
    resource: key,
    // A singleton has no id of its own: the provider reads `<path>`.
    id: decl.name,
    meta: { ...meta, silent: true },
    dataProviderName: service.convention,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const fields = useMemo(() => formFields(decl, 'edit'), [decl]);
  const schema = useMemo(() => recordFormSchema(decl, 'edit'), [decl]);
  // Keyed by content: a refetch that brings the same settings keeps the edits in progress.
  const stored = JSON.stringify(pick(record, fields));
  const initial = useMemo(() => JSON.parse(stored) as Record<string, unknown>, [stored]);
  const { data, change, extraErrors, failure, reset, refuse, clearFailure } = useServerForm(initial, fields);
  const { mutateAsync: update, mutation } = useUpdate();
  // A stale version: the server names `/version`, which no field of the form shows.
  const conflict = !!failure?.others.some((d) => d.field === '/version');

  // Newer settings (after a save, or a reload after a conflict) replace what is shown.
  useEffect(reset, [reset]);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!record) {
    return (
      <LazyResult
        status="error"
        title={query.error?.message ?? t('errors.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('errors.retry')}</Button>}
      />
    );
  }

  const version = Number(record.version ?? 0);
  const dirty = JSON.stringify(data) !== JSON.stringify(initial);
  const save = async (formData: Record<string, unknown>) => {
    clearFailure();
    try {
      await update({
        resource: key,
        id: decl.name,
        values: { ...formData, version },
        meta: { ...meta, silent: true },
        dataProviderName: service.convention,
        mutationMode: 'pessimistic',
        // Read again only after a save: a refused one keeps the form as typed, beside the reason.
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
      await query.refetch();
      toast('success', t('engine.saved', { name: scope.singular }));
    } catch (error) {
      refuse(error);
    }
  };
  const reload = async () => {
    clearFailure();
    await query.refetch();
  };

  return (
    <div style={{ maxWidth: 760 }} data-testid={`settings-${decl.name}`}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {version === 0 ? t('engine.settings.defaults') : t('engine.settings.savedAt', { time: formatDateTime(String(record.updatedAt ?? '')), version })}
        </Typography.Text>
        {dirty && <Tag color="orange">{t('common.unsaved')}</Tag>}
      </Flex>
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={failure.message}
          description={conflict ? t('engine.settings.conflict') : extraErrors ? t('engine.fixFields') : undefined}
          action={
            conflict ? (
              <Button size="small" onClick={() => void reload()}>
                {t('engine.settings.reload')}
              </Button>
            ) : undefined
          }
        />
      )}
      <LazySchemaForm
        id={formId}
        schema={schema}
        formData={data}
        onChange={change}
        onSubmit={(next) => void save(next)}
        extraErrors={extraErrors}
        appId={appId}
        serviceName={service.name}
        disabled={!canEdit || mutation.isPending}
        autofocus={false}
      />
      {canEdit && (
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" form={formId} disabled={!dirty && version > 0} loading={mutation.isPending}>
            {t('common.save')}
          </Button>
          <Button disabled={!dirty || mutation.isPending} onClick={reset}>
            {t('engine.partReset')}
          </Button>
        </Space>
      )}
    </div>
  );
}
