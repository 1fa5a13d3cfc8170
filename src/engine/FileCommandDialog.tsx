import { useEffect, useId, useMemo, useState } from 'react';
import { Alert, Button } from 'antd';
import { isApiError } from '../../providers/http';
import type { JsonSchema } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { CallDialog } from './CallDialog';
import { FileDropZone, SendingStatus, type Sending } from './FileSend';
import { useServerForm } from './form/useServerForm';
import { LazySchemaForm } from './LazySchemaForm';
import { propertiesOf } from './schema';

export interface FileRequest {
  title: string;
  okText: string;
  /** What the picker offers (the call's extensions and types). */
  picker: { accept: string; extensions: string[] };
  /** The dialog's other fields (sent in the call's query), when it asks for any. */
  schema?: JsonSchema;
  /** Said above the form (a declared confirmation). */
  note?: string;
  danger?: boolean;
  /** Sends the file with the fields' values, reporting the share sent; rejects with the server's refusal. */
  submit: (file: File, values: Record<string, unknown>, onProgress: (percent: number) => void) => Promise<void>;
}

interface Props {
  request?: FileRequest;
  appId: string;
  serviceName: string;
  onClose: () => void;
}

const EMPTY: Record<string, unknown> = {};

/**
 * A command whose body is a file (`CommandDecl.file`: a function's code): the file picked with the page uploads'
 * picker, the command's fields as a form, then the file sent with its progress; the server's refusal is said in the
 * console's language, a refused field's problem on that field, and the dialog stays open to try again.
 */
export function FileCommandDialog({ request, appId, serviceName, onClose }: Props) {
  const { t } = useLocale();
  const formId = useId().replace(/:/g, '');
  const fields = useMemo(() => (request?.schema ? propertiesOf(request.schema).map(([name]) => name) : []), [request]);
  const { data, change, extraErrors, reset, refuse } = useServerForm(EMPTY, fields);
  const [file, setFile] = useState<File>();
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const busy = sending.state === 'sending';

  useEffect(() => {
    setFile(undefined);
    reset();
    setMissing(false);
    setSending({ state: 'idle' });
  }, [request, reset]);

  const send = async (values: Record<string, unknown>) => {
    if (!request) return;
    if (!file) {
      setMissing(true);
      return;
    }
    setSending({ state: 'sending', name: file.name, percent: 0 });
    try {
      await request.submit(file, values, (percent) => setSending({ state: 'sending', name: file.name, percent }));
      onClose();
    } catch (e) {
      // The fields the refusal names show its problem themselves; the status says what to do.
      const onFields = isApiError(e) && refuse(e);
      setSending({ state: 'refused', name: file.name, message: onFields ? t('engine.fixFields') : e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <CallDialog
      title={request?.title}
      open={!!request}
      onClose={onClose}
      busy={busy}
      note={request?.note}
      danger={request?.danger}
      ok={
        <Button
          type="primary"
          danger={request?.danger}
          loading={busy}
          {...(request?.schema ? { htmlType: 'submit' as const, form: formId } : { onClick: () => void send({}) })}
          data-testid="file-dialog-ok"
        >
          {request?.okText}
        </Button>
      }
    >
      {request && (
        <FileDropZone
          picker={request.picker}
          disabled={busy}
          chosen={file?.name}
          onPick={(picked) => {
            setFile(picked);
            setMissing(false);
            setSending({ state: 'idle' });
          }}
          testId="file-dialog-file"
        />
      )}
      {missing && <Alert type="error" showIcon message={t('fileUpload.pickFirst')} style={{ marginTop: 16 }} />}
      {request?.schema && (
        <div style={{ marginTop: 16 }}>
          <LazySchemaForm id={formId} schema={request.schema} formData={data} onChange={change} onSubmit={(values) => void send(values)} extraErrors={extraErrors} appId={appId} serviceName={serviceName} disabled={busy} autofocus={false} />
        </div>
      )}
      <SendingStatus sending={sending} named={false} />
    </CallDialog>
  );
}
