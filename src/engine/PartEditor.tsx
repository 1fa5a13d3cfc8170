import { useEffect, useId, useMemo } from 'react';
import { Alert, Button, Card, Space, Tag } from 'antd';
import { useCustomMutation, type BaseRecord } from '@refinedev/core';
import type { PartDecl } from '../../resources/types';
import { toast } from '../../providers/notification';
import { recordCallUrl } from './calls';
import { useServerForm } from './form/useServerForm';
import { LazySchemaForm } from './LazySchemaForm';
import { partFormSchema } from './form/formSchemas';
import { propertyOf } from './schema';
import type { DeclaredScope } from './useDeclared';
import type { useRecordCommands } from './useRecordCommands';

interface Props {
  scope: DeclaredScope;
  record: BaseRecord;
  part: PartDecl;
  commands: ReturnType<typeof useRecordCommands>;
  canEdit: boolean;
}

/**
 * A declared part of a record (e.g. an override's variants), edited in place with its own save:
 * `PUT <item><part.path>` (a sub-resource's item under its parent) with the field and the record's version.
 */
export function PartEditor({ scope, record, part, commands, canEdit }: Props) {
  const { decl, meta, t, text, appId, service } = scope;
  const formId = useId().replace(/:/g, '');
  const schema = useMemo(() => partFormSchema(decl, part), [decl, part]);
  const unlabelled = useMemo(() => [part.field], [part.field]);
  // Keyed by content: a refetch that brings the same value keeps the edits in progress.
  const stored = JSON.stringify(record[part.field] ?? propertyOf(decl.schema, part.field)?.default ?? null);
  const initial = useMemo(() => ({ [part.field]: JSON.parse(stored) as unknown }), [stored, part.field]);
  const { data, change, extraErrors, failure, reset, refuse, clearFailure } = useServerForm(initial, unlabelled);
  const { mutateAsync, mutation } = useCustomMutation();

  // A newer value of the part (after a save, or a change elsewhere) replaces what is shown.
  useEffect(reset, [reset]);

  const dirty = JSON.stringify(data) !== JSON.stringify(initial);
  const name = text(part.label);

  const save = async (formData: Record<string, unknown>) => {
    clearFailure();
    try {
      await mutateAsync({
        url: recordCallUrl(scope, record, part),
        method: 'put',
        values: { [part.field]: formData[part.field], version: record.version },
        meta: { ...meta, silent: true },
        successNotification: false,
        errorNotification: false,
      });
      await commands.refresh(scope.idOf(record));
      toast('success', t('engine.partSaved', { name }));
    } catch (error) {
      refuse(error);
    }
  };

  return (
    <Card
      title={name}
      style={{ marginTop: 16 }}
      extra={
        canEdit && (
          <Space>
            {dirty && <Tag color="orange">{t('common.unsaved')}</Tag>}
            <Button disabled={!dirty || mutation.isPending} onClick={reset}>
              {t('engine.partReset')}
            </Button>
            <Button type="primary" htmlType="submit" form={formId} disabled={!dirty} loading={mutation.isPending}>
              {t('engine.partSave', { name })}
            </Button>
          </Space>
        )
      }
    >
      {failure && <Alert type="error" showIcon message={failure.message} description={extraErrors ? t('engine.fixFields') : undefined} style={{ marginBottom: 16 }} />}
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
        unlabelled={unlabelled}
      />
    </Card>
  );
}
