import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Tooltip } from 'antd';
import { canInvite, INVITATION_ROLES, type InvitationRole, type InviteAnswer, type InviteBody, type OrgRole } from '../../../resources/org-api';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';
import { showFieldErrors } from './data';

/** Invites someone by e-mail: an existing account joins at once, any other address gets an invitation. */
export function InviteDialog({ open, orgId, myRole, onClose, onDone }: { open: boolean; orgId: string; myRole: OrgRole | ''; onClose: () => void; onDone: () => void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<InviteBody>();
  const [saving, setSaving] = useState(false);
  const chosen: InvitationRole = Form.useWatch('Role', form) ?? 'member';

  async function send(values: InviteBody) {
    setSaving(true);
    try {
      const email = values.Email.trim();
      const answer = await requireOk<InviteAnswer>(`/api/organizations/${encodeURIComponent(orgId)}/invitations`, {
        method: 'POST',
        body: { Email: email, Role: values.Role },
      });
      toast('success', answer.Result === 'Added' ? t('org.members.added', { email: answer.Member.Email }) : t('org.members.invited', { email: answer.Invitation.Email }));
      form.resetFields();
      onDone();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  }

  const roleOption = (role: InvitationRole) => {
    const allowed = canInvite(myRole || undefined, role);
    const label = t(`org.members.roles.${role}`);
    return (
      <Radio.Button key={role} value={role} disabled={!allowed}>
        <Tooltip title={allowed ? undefined : t('org.members.inviteDialog.adminOwnerOnly')}>
          <span data-testid={`invite-role-${role}`}>{label}</span>
        </Tooltip>
      </Radio.Button>
    );
  };

  return (
    <Modal
      open={open}
      title={t('org.members.inviteDialog.title')}
      okText={t('org.members.inviteDialog.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'invite-submit' }}
    >
      <Alert type="info" showIcon message={t('org.members.inviteDialog.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={send} initialValues={{ Email: '', Role: 'member' }} data-testid="invite-form">
        <Form.Item
          name="Email"
          label={t('org.members.inviteDialog.email')}
          rules={[
            { required: true, whitespace: true, message: t('org.members.inviteDialog.emailRequired') },
            { type: 'email', message: t('org.members.inviteDialog.emailInvalid') },
          ]}
        >
          <Input type="email" autoFocus autoComplete="off" maxLength={254} placeholder={t('org.members.inviteDialog.emailPlaceholder')} data-testid="invite-email" />
        </Form.Item>
        <Form.Item name="Role" label={t('org.members.inviteDialog.role')} extra={t(`org.members.roleHints.${chosen}`)}>
          <Radio.Group optionType="button">{INVITATION_ROLES.map(roleOption)}</Radio.Group>
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
