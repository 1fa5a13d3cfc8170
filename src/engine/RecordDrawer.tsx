import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Space } from 'antd';
import { useCreate, useUpdate, type BaseRecord } from '@refinedev/core';
import { translateServerMessage } from '../../providers/i18n';
import { toast } from '../../providers/notification';
import { useServerForm } from './form/useServerForm';
import { LazySchemaForm } from './LazySchemaForm';
import { recordFormSchema } from './form/formSchemas';
import { formFields, pick } from './schema';
import type { DeclaredScope } from './useDeclared';

interface Props {
  scope: DeclaredScope;
  mode: 'create' | 'edit';
  /** The record being edited (with its version). */
  record?: BaseRecord;
  /** Values a new record starts with (a child's parent id). */
  defaults?: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  onSaved?: (record: BaseRecord) => void;
}

/**
 * Create or edit a declared record in a drawer: the schema's form, submitted with Enter or the save button,
 * the server's field errors put back on the fields. An edit sends the record's version, so a change made
 * meanwhile by someone else is refused rather than overwritten.
 */
export function RecordDrawer({ scope, mode, record, defaults, open, onClose, onSaved }: Props) {
  const { decl, key, meta, t, appId, service } = scope;
  const { modal } = App.useApp();
  const formId = useId().replace(/:/g, '');
  const fields = useMemo(() => formFields(decl, mode), [decl, mode]);
  const schema = useMemo(() => recordFormSchema(decl, mode), [decl, mode]);
  const initial = useMemo(() => pick(mode === 'create' ? defaults : record, fields), [mode, defaults, record, fields]);
  const { data, change, extraErrors, failure, reset, refuse, clearFailure } = useServerForm(initial, fields);
  // The values when the user first reached into the form (a key, a click, an input): the form fills in defaults by itself, and
  // a click or an Escape that changes nothing is no reason to ask before closing.
  const [baseline, setBaseline] = useState<string>();
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();

  useEffect(() => {
    if (!open) return;
    reset();
    setBaseline(undefined);
  }, [open, reset]);

  const submit = async (formData: Record<string, unknown>) => {
    clearFailure();
    try {
      let saved: BaseRecord;
      if (mode === 'create') {
        const answer = await create({ resource: key, values: formData, meta: { ...meta, silent: true }, successNotification: false, errorNotification: false });
        saved = answer.data;
        toast('success', t('engine.created', { name: scope.singular }));
      } else {
        // Fields the form leaves out (a secret, replaced on its own) go back unchanged.
        const values = { ...pick(record, formFields(decl, 'create')), ...formData, version: record?.version };
        const answer = await update({
          resource: key,
          id: scope.idOf(record ?? {}),
          values,
          meta: { ...meta, silent: true },
          mutationMode: 'pessimistic',
          successNotification: false,
          errorNotification: false,
        });
        saved = answer.data;
        toast('success', t('engine.saved', { name: scope.singular }));
      }
      onSaved?.(saved);
      onClose();
    } catch (error) {
      refuse(error);
    }
  };

  const dirty = baseline !== undefined && JSON.stringify(data) !== baseline;
  const reached = () => setBaseline((known) => known ?? JSON.stringify(data));
  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('common.unsaved'),
      okText: t('common.close'),
      cancelText: t('common.cancel'),
      onOk: onClose,
    });
  };
  const busy = creating.isPending || updating.isPending;

  return (
    <Drawer
      title={t(mode === 'create' ? 'engine.createTitle' : 'engine.editTitle', { name: scope.singular })}
      open={open}
      onClose={close}
      width={Math.min(680, typeof window === 'undefined' ? 680 : window.innerWidth)}
      destroyOnHidden
      maskClosable={!dirty}
      // The drawer takes focus when it opens; hand it to the first field (Enter then submits), unless the user is
      // already typing in the form (the opening animation ends late on a busy machine).
      afterOpenChange={(visible) => {
        const form = document.getElementById(formId);
        if (visible && form && !form.contains(document.activeElement)) form.querySelector<HTMLElement>('input:not([type=hidden]), textarea')?.focus();
      }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={formId} loading={busy}>
            {mode === 'create' ? t('common.create') : t('common.save')}
          </Button>
        </Space>
      }
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={failure.message}
          description={
            failure.others.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {failure.others.map((d) => (
                  <li key={`${d.field}${d.message}`}>
                    <code>{d.field}</code> {translateServerMessage(d.message)}
                  </li>
                ))}
              </ul>
            ) : extraErrors ? (
              t('engine.fixFields')
            ) : undefined
          }
        />
      )}
      {open && (
        <div onKeyDownCapture={reached} onMouseDownCapture={reached} onInputCapture={reached}>
        <LazySchemaForm
          id={formId}
          schema={schema}
          formData={data}
          onChange={change}
          onSubmit={(next) => void submit(next)}
          extraErrors={extraErrors}
          appId={appId}
          serviceName={service.name}
          disabled={busy}
        />
        </div>
      )}
    </Drawer>
  );
}
