import { Alert, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useLocale } from '../lib/useLocale';

/** Where a file sent to a declared call is: not yet sent, going (with the share sent), or refused (the server's reason). */
export type Sending = { state: 'idle' } | { state: 'sending'; name: string; percent: number } | { state: 'refused'; name: string; message: string };

interface PickerProps {
  /** What the picker offers (`filePicker` in resources/command-call.ts). */
  picker: { accept: string; extensions: string[] };
  disabled: boolean;
  /** The file chosen so far, when the dialog sends it later (with its fields). */
  chosen?: string;
  onPick: (file: File) => void;
  testId: string;
}

/** The file picker of a call whose body is a file: one file, of the types the call takes, named below it. */
export function FileDropZone({ picker, disabled, chosen, onPick, testId }: PickerProps) {
  const { t } = useLocale();
  return (
    <Upload.Dragger
      accept={picker.accept}
      multiple={false}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onPick(file);
        return false;
      }}
      data-testid={testId}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{chosen ? <span data-user-text>{chosen}</span> : t('fileUpload.pick')}</p>
      {chosen && <p className="ant-upload-hint">{t('fileUpload.pickAnother')}</p>}
      {picker.extensions.length > 0 && (
        <p className="ant-upload-hint">
          {t('fileUpload.hint')} <Typography.Text code data-user-text>
            {picker.extensions.join(' ')}
          </Typography.Text>
        </p>
      )}
    </Upload.Dragger>
  );
}

/**
 * The file being sent and its progress, or the server's refusal in the console's language; `named`: the file's name
 * above them (where the picker does not show it already).
 */
export function SendingStatus({ sending, named = true }: { sending: Sending; named?: boolean }) {
  const { t } = useLocale();
  if (sending.state === 'idle') return null;
  return (
    <div style={{ marginTop: 16 }}>
      {named && (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <Typography.Text data-user-text>{sending.name}</Typography.Text>
        </Typography.Paragraph>
      )}
      {sending.state === 'sending' && <Progress percent={sending.percent} status="active" data-testid="upload-progress" />}
      {sending.state === 'refused' && <Alert type="error" showIcon message={t('fileUpload.refused')} description={sending.message} data-testid="upload-refused" />}
    </div>
  );
}
