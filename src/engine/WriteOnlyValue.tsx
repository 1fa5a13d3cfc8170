import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useCan, useUpdate, type BaseRecord } from '@refinedev/core';
import { toast } from '../../providers/notification';
import { SecretTag } from './FieldValue';
import { FieldsDialog, type FieldsRequest } from './FieldsDialog';
import { secretFormSchema } from './form/formSchemas';
import { fieldTitle, propertyOf } from './schema';
import type { DeclaredScope } from './useDeclared';
import { replaceSecretBody, secretClearable, secretIsSet } from './write-only';

interface Props {
  scope: DeclaredScope;
  record: BaseRecord;
  field: string;
  /** The record as the update answered it. */
  onChanged?: (record: BaseRecord) => void;
}

/**
 * A write-only field on a record's page: whether it is set (its value is never answered), and for those who may
 * edit the record, "Replace" (or "Set") opening a one-field form with a masked input — Enter confirms — and "Clear"
 * for an optional one. Each sends the record's update with the version read.
 */
export function WriteOnlyValue({ scope, record, field, onChanged }: Props) {
  const { decl, key, meta, t, appId, service, locale } = scope;
  const set = secretIsSet(record, field);
  const name = fieldTitle(propertyOf(decl.schema, field), field, locale);
  const canEdit = useCan({ resource: key, action: 'edit', params: { appId } }).data?.can === true;
  const { mutateAsync: update, mutation } = useUpdate();
  const [asking, setAsking] = useState(false);

  const request = useMemo((): FieldsRequest | undefined => {
    if (!asking) return undefined;
    return {
      title: t(set ? 'engine.secret.replaceTitle' : 'engine.secret.setTitle', { name }),
      schema: secretFormSchema(decl, field),
      okText: t(set ? 'engine.secret.replace' : 'engine.secret.set'),
      note: t('engine.secret.note'),
      submit: async (values) => {
        const answer = await update({
          resource: key,
          id: scope.idOf(record),
          values: replaceSecretBody(decl, record, field, String(values[field] ?? '')),
          meta: { ...meta, silent: true },
          mutationMode: 'pessimistic',
          successNotification: false,
          errorNotification: false,
        });
        toast('success', t('engine.secret.replaced', { name }));
        onChanged?.(answer.data);
      },
    };
    // The form is asked for once per opening; the record it replaces in is the one shown when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking]);

  const clear = async () => {
    try {
      const answer = await update({
        resource: key,
        id: scope.idOf(record),
        values: replaceSecretBody(decl, record, field, ''),
        meta: { ...meta, silent: true },
        mutationMode: 'pessimistic',
        successNotification: false,
        errorNotification: false,
      });
      toast('success', t('engine.secret.cleared', { name }));
      onChanged?.(answer.data);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Space size={8} wrap>
      <SecretTag field={field} set={set} />
      {canEdit && (
        <Button size="small" icon={<KeyOutlined />} onClick={() => setAsking(true)} data-testid={`secret-${field}-replace`}>
          {t(set ? 'engine.secret.replace' : 'engine.secret.set')}
        </Button>
      )}
      {canEdit && set && secretClearable(decl, field) && (
        <Popconfirm
          title={t('engine.secret.clearConfirm', { name })}
          okText={t('engine.secret.clear')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, loading: mutation.isPending }}
          onConfirm={clear}
        >
          <Button size="small" type="link" danger>
            {t('engine.secret.clear')}
          </Button>
        </Popconfirm>
      )}
      <FieldsDialog request={request} appId={appId} serviceName={service.name} onClose={() => setAsking(false)} />
    </Space>
  );
}
