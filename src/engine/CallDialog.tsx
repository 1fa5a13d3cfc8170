import type { ReactNode } from 'react';
import { Alert, Button, Modal, Space } from 'antd';
import { useLocale } from '../lib/useLocale';

interface Props {
  title?: string;
  open: boolean;
  onClose: () => void;
  /** The button that makes the call (its form's submit, or a click). */
  ok: ReactNode;
  /** Cancel is off while the call is being sent. */
  busy?: boolean;
  /** Said above the rest (a declared confirmation), as a warning for a dangerous call. */
  note?: string;
  danger?: boolean;
  children: ReactNode;
}

/** The dialog a call's fields or file are asked in before it is made: the note first, then cancel and the call's button. */
export function CallDialog({ title, open, onClose, ok, busy, note, danger, children }: Props) {
  const { t } = useLocale();
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={560}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          {ok}
        </Space>
      }
    >
      {note && <Alert type={danger ? 'warning' : 'info'} showIcon message={note} style={{ marginBottom: 16 }} />}
      {children}
    </Modal>
  );
}
