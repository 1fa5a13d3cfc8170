import { useEffect, useState } from 'react';
import { Form, Input, Modal, Switch, Typography } from 'antd';
import { NAME_MAX, type UserRecord, type UserUpdate } from '../../../../resources/account-api';
import { isApiError, request } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { useLocale } from '../../../lib/useLocale';

interface Values {
  Name: string;
  IsAdmin: boolean;
  IsFinanceAdmin: boolean;
}

/** Edits a user's name and administrator roles; sends only what changed. */
export function UserEditModal({ user, self, onClose, onSaved }: { user?: UserRecord; self: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (user) form.setFieldsValue({ Name: user.Name, IsAdmin: user.IsAdmin, IsFinanceAdmin: user.IsFinanceAdmin });
  }, [user, form]);

  async function save(values: Values) {
    if (!user) return;
    const change: UserUpdate = {};
    if (values.Name.trim() !== user.Name) change.Name = values.Name.trim();
    if (values.IsAdmin !== user.IsAdmin) change.IsAdmin = values.IsAdmin;
    if (values.IsFinanceAdmin !== user.IsFinanceAdmin) change.IsFinanceAdmin = values.IsFinanceAdmin;
    if (!Object.keys(change).length) return onClose();
    setPending(true);
    try {
      await request(`/api/users/${encodeURIComponent(user.Id)}`, { method: 'PUT', body: change, silent: true, throwResponse: true });
      toast('success', t('account.users.saved', { name: values.Name.trim() }));
      onSaved();
    } catch (error) {
      const nameError = isApiError(error) ? error.errors['/Name'] : undefined;
      if (nameError) form.setFields([{ name: 'Name', errors: [nameError] }]);
      else toast('error', isApiError(error) ? error.message : String(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      open={!!user}
      title={t('account.users.editTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{user?.Email}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void save(v)} preserve={false} data-testid="user-edit">
        <Form.Item
          name="Name"
          label={t('account.users.name')}
          rules={[
            { required: true, whitespace: true, message: t('account.users.nameRequired') },
            { max: NAME_MAX, message: t('validation.maxLength', { limit: NAME_MAX }) },
          ]}
        >
          <Input maxLength={NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="IsAdmin" label={t('account.users.isAdmin')} valuePropName="checked" extra={self ? t('account.users.selfHint') : undefined}>
          <Switch disabled={self && user?.IsAdmin} data-testid="user-edit-admin" />
        </Form.Item>
        <Form.Item name="IsFinanceAdmin" label={t('account.users.isFinanceAdmin')} valuePropName="checked">
          <Switch data-testid="user-edit-finance" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
