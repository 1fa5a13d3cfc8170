import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Modal, Progress, Typography, Upload } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { uploadRequest } from '../../resources/upload-call';
import type { ServiceDecl, UploadButtonDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { showPathOf } from './routes';
import { sendFile } from './sendFile';

interface Props {
  service: ServiceDecl;
  buttons: UploadButtonDecl[];
  appId: string;
  /** After a file was taken (the list is read again). */
  onDone: () => void;
}

type Sending = { state: 'idle' } | { state: 'sending'; name: string; percent: number } | { state: 'refused'; name: string; message: string };

/**
 * A page's upload buttons (`PageViewDecl.uploads`): each opens a dialog whose file picker offers what the declared
 * call takes, sends the picked file with its progress, says the server's refusal in the console's language, and on
 * success opens the record the call answered (a new package's page) or reads the list again.
 */
export function UploadButtons({ service, buttons, appId, onDone }: Props) {
  const { t, text } = useLocale();
  const navigate = useNavigate();
  const [open, setOpen] = useState<UploadButtonDecl>();
  const [sending, setSending] = useState<Sending>({ state: 'idle' });

  const picker = open && uploadRequest(service, open, appId, '');

  const close = () => {
    setOpen(undefined);
    setSending({ state: 'idle' });
  };

  const send = async (button: UploadButtonDecl, file: File) => {
    const request = uploadRequest(service, button, appId, file.name);
    setSending({ state: 'sending', name: file.name, percent: 0 });
    try {
      const answer = await sendFile(appId, request, file, (percent) => setSending({ state: 'sending', name: file.name, percent }));
      const opens = service.resources.find((r) => r.name === button.opens);
      const path = opens && answer && typeof answer === 'object' ? showPathOf(opens, appId, answer as Record<string, unknown>) : undefined;
      close();
      onDone();
      if (path) navigate(path);
    } catch (e) {
      setSending({ state: 'refused', name: file.name, message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <>
      {buttons.map((button) => (
        <Button key={button.call} type="primary" icon={<UploadOutlined />} onClick={() => setOpen(button)} data-upload={button.call}>
          {text(button.label)}
        </Button>
      ))}
      <Modal open={!!open} title={open && text(open.label)} onCancel={close} footer={null} destroyOnHidden maskClosable={sending.state !== 'sending'}>
        {open && picker && (
          <Upload.Dragger
            accept={picker.accept}
            multiple={false}
            showUploadList={false}
            disabled={sending.state === 'sending'}
            beforeUpload={(file) => {
              void send(open, file);
              return false;
            }}
            data-testid="upload-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('fileUpload.pick')}</p>
            {picker.extensions.length > 0 && (
              <p className="ant-upload-hint">
                {t('fileUpload.hint')} <Typography.Text code data-user-text>
                  {picker.extensions.join(' ')}
                </Typography.Text>
              </p>
            )}
          </Upload.Dragger>
        )}
        {sending.state !== 'idle' && (
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            <Typography.Text data-user-text>{sending.name}</Typography.Text>
          </Typography.Paragraph>
        )}
        {sending.state === 'sending' && <Progress percent={sending.percent} status="active" data-testid="upload-progress" />}
        {sending.state === 'refused' && <Alert type="error" showIcon message={t('fileUpload.refused')} description={sending.message} data-testid="upload-refused" />}
      </Modal>
    </>
  );
}
