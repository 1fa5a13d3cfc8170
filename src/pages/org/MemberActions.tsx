import { useState } from 'react';
import { App, Button, Popconfirm, Select } from 'antd';
import { UserDeleteOutlined } from '@ant-design/icons';
import { canChangeRole, canRemove, ORG_ROLES, type MemberItem, type OrgRole } from '../../../resources/org-api';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';
import { RoleTag } from './tags';

const memberPath = (orgId: string, accountId: string) => `/api/organizations/${encodeURIComponent(orgId)}/members/${encodeURIComponent(accountId)}`;

interface Props {
  orgId: string;
  member: MemberItem;
  /** The signed-in user's role in the organisation. */
  myRole: OrgRole | '';
  onChanged: () => void;
}

/**
 * A member's role: a picker offering the roles the caller may give (ownership changes are confirmed), else a tag.
 * The organisation's only owner keeps the role (the server refuses the change too).
 */
export function RolePicker({ orgId, member, myRole, onChanged, soleOwner }: Props & { soleOwner: boolean }) {
  const { t } = useLocale();
  const { modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  const choices = soleOwner ? [member.Role] : ORG_ROLES.filter((r) => r === member.Role || canChangeRole(myRole || undefined, member.Role, r));
  if (choices.length <= 1) return <RoleTag role={member.Role} testId={`member-role-${member.AccountId}`} />;
  const name = member.Name || member.Email;

  async function apply(role: OrgRole) {
    setSaving(true);
    try {
      await requireOk(memberPath(orgId, member.AccountId), { method: 'PUT', body: { Role: role } });
      toast('success', t('org.members.roleChanged', { name, role: t(`org.members.roles.${role}`) }));
      onChanged();
    } catch {
      // The toast already said why.
    } finally {
      setSaving(false);
    }
  }

  function choose(role: OrgRole) {
    if (role === member.Role) return;
    if (role !== 'owner' && member.Role !== 'owner') return void apply(role);
    modal.confirm({
      title: t('org.members.ownerConfirmTitle'),
      content: role === 'owner' ? t('org.members.grantOwner', { name }) : t('org.members.revokeOwner', { name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => apply(role),
    });
  }

  return (
    <Select<OrgRole>
      size="small"
      value={member.Role}
      loading={saving}
      disabled={saving}
      onChange={choose}
      style={{ minWidth: 110 }}
      aria-label={t('org.members.changeRole', { name })}
      options={choices.map((r) => ({ value: r, label: t(`org.members.roles.${r}`), title: t(`org.members.roleHints.${r}`) }))}
      data-testid={`member-role-select-${member.AccountId}`}
    />
  );
}

/** Removes someone else from the organisation, after a confirmation; nothing for rows the caller may not remove. */
export function RemoveMember({ orgId, member, myRole, onChanged, self }: Props & { self: boolean }) {
  const { t } = useLocale();
  if (self || !canRemove(myRole || undefined, member.Role, false)) return null;
  const name = member.Name || member.Email;
  return (
    <Popconfirm
      title={t('org.members.removeConfirm', { name })}
      okText={t('org.members.remove')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await requireOk(memberPath(orgId, member.AccountId), { method: 'DELETE' });
          toast('success', t('org.members.removed', { name }));
          onChanged();
        } catch {
          // The toast already said why.
        }
      }}
    >
      <Button size="small" danger type="text" icon={<UserDeleteOutlined />} data-testid={`member-remove-${member.AccountId}`}>
        {t('org.members.remove')}
      </Button>
    </Popconfirm>
  );
}
