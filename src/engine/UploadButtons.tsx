import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { uploadRequest } from '../../resources/upload-call';
import type { ServiceDecl, UploadButtonDecl } from '../../resources/types';
import { useLocale } from '../lib/useLocale';
import { showPathOf } from './routes';
import { sendFile } from './sendFile';
import { FileDropZone, SendingStatus, type Sending } from './FileSend';

interface Props {
  service: ServiceDecl;
  buttons: UploadButtonDecl[];
  appId: string;
  /** After a file was taken (the list is read again). */
  onDone: () => void;
}

/**
 * A page's upload buttons (`PageViewDecl.uploads`): each opens a dialog whose file picker offers what the declared
 * call takes, sends the picked file with its progress, says the server's refusal in the console's language, and on
 * success opens the record the call answered (a new package's page) or reads the list again.
 */
export function UploadButtons({ service, buttons, appId, onDone }: Props) {
  const { text } = useLocale();
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
        {open && picker && <FileDropZone picker={picker} disabled={sending.state === 'sending'} onPick={(file) => void send(open, file)} testId="upload-file" />}
        <SendingStatus sending={sending} />
      </Modal>
    </>
  );
}
