import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { TRANSACTION_NOTE_MAX, type TransactionItem } from '../../../resources/transactions-api';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';
import { showFieldErrors } from '../org/data';
import { updateTransactionNote } from './api';

/** Editing a transaction's note (back office), at the version shown; a stale version is refused by the server. */
export function NoteDialog({ transaction, onClose, onSaved }: { transaction?: TransactionItem; onClose: () => void; onSaved: () => void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<{ Note: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (transaction) form.setFieldsValue({ Note: transaction.Note });
  }, [transaction, form]);

  const save = async ({ Note }: { Note: string }) => {
    if (!transaction) return;
    setBusy(true);
    try {
      await updateTransactionNote(transaction.Id, { Note: Note.trim(), Version: transaction.Version });
      toast('success', t('billing.transactions.noteSaved'));
      onSaved();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!transaction}
      title={t('billing.transactions.editNote')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'note-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={save} preserve={false}>
        <Form.Item name="Note" label={t('billing.transactions.columns.note')} rules={[{ required: true, whitespace: true, message: t('billing.transactions.noteRequired') }]}>
          <Input.TextArea autoFocus rows={3} maxLength={TRANSACTION_NOTE_MAX} showCount data-testid="note-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
