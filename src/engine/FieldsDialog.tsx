import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Button } from 'antd';
import type { JsonSchema } from '../../resources/types';
import { translateServerMessage } from '../../providers/i18n';
import { useLocale } from '../lib/useLocale';
import { CallDialog } from './CallDialog';
import { useServerForm } from './form/useServerForm';
import type { FormParent } from './form/context';
import { LazySchemaForm } from './LazySchemaForm';
import { propertiesOf } from './schema';

export interface FieldsRequest {
  title: string;
  /** What the call asks for: an object schema. */
  schema: JsonSchema;
  okText: string;
  danger?: boolean;
  /** Said above the form (a declared confirmation). */
  note?: string;
  /** Values the form starts with (a child list's parent). */
  initial?: Record<string, unknown>;
  /** The record the call works under (a sub-resource's parent), whose records its choices list. */
  parent?: FormParent;
  /** Sends the call; a refusal is shown on the form, which stays open. */
  submit: (values: Record<string, unknown>) => Promise<void>;
}

interface Props {
  request?: FieldsRequest;
  appId: string;
  serviceName: string;
  onClose: () => void;
}

const EMPTY: Record<string, unknown> = {};

/**
 * A call's fields asked in a dialog before it is made (a ban's reason and end, a batch's size): the schema's form,
 * submitted with Enter or the button, the server's refusal put back on the fields.
 */
export function FieldsDialog({ request, appId, serviceName, onClose }: Props) {
  const { t } = useLocale();
  const formId = useId().replace(/:/g, '');
  const fields = useMemo(() => (request ? propertiesOf(request.schema).map(([name]) => name) : []), [request]);
  const initial = useMemo(() => request?.initial ?? EMPTY, [request]);
  const { data, change, extraErrors, failure, reset, refuse, clearFailure } = useServerForm(initial, fields);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (request) reset();
  }, [request, reset]);

  const submit = async (values: Record<string, unknown>) => {
    if (!request) return;
    clearFailure();
    setBusy(true);
    try {
      await request.submit(values);
      onClose();
    } catch (error) {
      refuse(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CallDialog
      title={request?.title}
      open={!!request}
      onClose={onClose}
      note={request?.note}
      danger={request?.danger}
      ok={
        <Button type="primary" danger={request?.danger} htmlType="submit" form={formId} loading={busy} data-testid="fields-dialog-ok">
          {request?.okText}
        </Button>
      }
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={failure.message}
          description={failure.others.length ? failure.others.map((d) => translateServerMessage(d.message)).join('; ') : extraErrors ? t('engine.fixFields') : undefined}
        />
      )}
      {request && (
        <LazySchemaForm
          id={formId}
          schema={request.schema}
          formData={data}
          onChange={change}
          onSubmit={(values) => void submit(values)}
          extraErrors={extraErrors}
          appId={appId}
          serviceName={serviceName}
          parent={request.parent}
          disabled={busy}
        />
      )}
    </CallDialog>
  );
}
