import { Tag, Tooltip } from 'antd';
import type { OrgRole } from '../../../resources/org-api';
import { useLocale } from '../../lib/useLocale';

const ROLE_COLORS: Record<OrgRole, string> = { owner: 'gold', admin: 'blue', member: 'default' };
const STATUS_COLORS: Record<string, string> = { Pending: 'orange', Approved: 'green', Invalid: 'red' };

/** A member's role, with what it allows on hover. */
export function RoleTag({ role, testId }: { role: OrgRole | ''; testId?: string }) {
  const { t } = useLocale();
  if (!role) return null;
  return (
    <Tooltip title={t(`org.members.roleHints.${role}`)}>
      <Tag color={ROLE_COLORS[role]} data-testid={testId}>
        {t(`org.members.roles.${role}`)}
      </Tag>
    </Tooltip>
  );
}

/** An organisation's status (spec 000 §4: Pending, Approved, Invalid). */
export function OrgStatusTag({ status }: { status: string }) {
  const { t } = useLocale();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="org-status">
      {t(`org.organizations.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
