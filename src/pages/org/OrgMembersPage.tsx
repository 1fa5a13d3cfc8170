import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Card, Popconfirm, Skeleton, Space, Tooltip, Typography } from 'antd';
import { EditOutlined, LogoutOutlined, UserAddOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { canManage, type MemberItem, type MemberList, type OrganizationItem, type ProjectList } from '../../../resources/org-api';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import type { Identity } from '../../../providers/types';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { rememberOrganization } from '../../lib/workingOrganization';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiGet } from './data';
import { InvitationsCard } from './InvitationsCard';
import { InviteDialog } from './InviteDialog';
import { RemoveMember, RolePicker } from './MemberActions';
import { MembersTable } from './MembersTable';
import { OrgFormDialog } from './OrgFormDialog';
import { LoadFailed, OrgShell } from './OrgShell';
import { ProjectsCard } from './ProjectsCard';
import { OrgStatusTag, RoleTag } from './tags';

/** `/orgs/:orgId/members`: the organisation's members, pending invitations and projects, managed by role. */
export default function OrgMembersPage() {
  const { orgId = '' } = useParams();
  useEffect(() => rememberOrganization(orgId), [orgId]);
  const { t } = useLocale();
  const navigate = useNavigate();
  const { data: me } = useGetIdentity<Identity>();
  const base = `/api/organizations/${encodeURIComponent(orgId)}`;
  const org = useApiGet<OrganizationItem>(base);
  const members = useApiGet<MemberList>(org.data ? `${base}/members` : undefined);
  const projects = useApiGet<ProjectList>(org.data ? `${base}/projects` : undefined);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState(false);
  usePageTitle(t('org.members.title'), org.data?.Name);

  if (org.error) {
    return (
      <OrgShell crumbs={[{ title: t('org.members.title') }]}>
        <LoadFailed error={org.error} title={t('org.organizations.unavailableTitle')} hint={t('org.organizations.unavailableHint')} onRetry={() => void org.refetch()} />
      </OrgShell>
    );
  }
  if (!org.data) {
    return (
      <OrgShell crumbs={[{ title: t('org.members.title') }]}>
        <Skeleton active />
      </OrgShell>
    );
  }

  const current = org.data;
  const myRole = current.Role;
  const manager = canManage(myRole);
  const refresh = () => {
    void org.refetch();
    void members.refetch();
  };

  async function leave() {
    try {
      await requireOk(`${base}/members/${encodeURIComponent(me!.id)}`, { method: 'DELETE' });
      toast('success', t('org.members.left', { name: current.Name }));
      navigate('/orgs', { replace: true });
    } catch {
      // The toast already said why (the last owner cannot leave).
    }
  }

  // Until the list arrives nothing is held back as the last owner's.
  const owners = members.data ? members.data.Items.filter((m) => m.Role === 'owner').length : Number.POSITIVE_INFINITY;
  const rowActions = (m: MemberItem) => (
    <RemoveMember orgId={orgId} member={m} myRole={myRole} self={m.AccountId === me?.id} onChanged={refresh} />
  );

  return (
    <OrgShell crumbs={[{ title: current.Name }, { title: t('org.members.title') }]}>
      <PageHeader
        title={current.Name}
        tags={
          <>
            <RoleTag role={myRole} testId="my-role" />
            <OrgStatusTag status={current.Status} />
            <Link to={`/orgs/${encodeURIComponent(current.Id)}/certification`} data-testid="org-certification">
              {t('org.members.certification')}
            </Link>
          </>
        }
        subtitle={current.CompanyName || undefined}
        extra={
          <Space wrap>
            {manager && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="org-edit">
                {t('org.organizations.edit')}
              </Button>
            )}
            {me && myRole === 'owner' && owners <= 1 && (
              <Tooltip title={t('org.members.soleOwnerHint')}>
                <Button danger disabled icon={<LogoutOutlined />} data-testid="org-leave">
                  {t('org.members.leave')}
                </Button>
              </Tooltip>
            )}
            {me && !(myRole === 'owner' && owners <= 1) && (
              <Popconfirm
                title={t('org.members.leaveConfirm', { name: current.Name })}
                okText={t('org.members.leave')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={leave}
              >
                <Button danger icon={<LogoutOutlined />} data-testid="org-leave">
                  {t('org.members.leave')}
                </Button>
              </Popconfirm>
            )}
            {manager && (
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="member-invite">
                {t('org.members.invite')}
              </Button>
            )}
          </Space>
        }
      />
      <Card title={`${t('org.members.title')} · ${current.MemberCount}`}>
        <Typography.Paragraph type="secondary">{t('org.members.subtitle')}</Typography.Paragraph>
        <MembersTable
          members={members.data?.Items ?? []}
          loading={members.loading}
          selfId={me?.id}
          roleCell={(m) => <RolePicker orgId={orgId} member={m} myRole={myRole} soleOwner={m.Role === 'owner' && owners <= 1} onChanged={refresh} />}
          actions={manager ? rowActions : undefined}
        />
      </Card>
      <InvitationsCard orgId={orgId} invitations={members.data?.Invitations ?? []} loading={members.loading} canRevoke={manager} onChanged={refresh} />
      <ProjectsCard
        title={t('org.members.projects')}
        hint={t('org.members.projectsHint')}
        emptyText={t('org.members.noProjects')}
        projects={projects.data?.Items ?? []}
        loading={projects.loading}
      />
      <InviteDialog
        open={inviting}
        orgId={orgId}
        myRole={myRole}
        onClose={() => setInviting(false)}
        onDone={() => {
          setInviting(false);
          refresh();
        }}
      />
      <OrgFormDialog
        open={editing}
        org={current}
        onClose={() => setEditing(false)}
        onDone={() => {
          setEditing(false);
          refresh();
        }}
      />
    </OrgShell>
  );
}
