import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Skeleton, Space, Typography } from 'antd';
import { RightOutlined, TeamOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import type { ProjectDetail } from '../../../resources/org-api';
import type { Identity } from '../../../providers/types';
import { ApiError } from '../../../providers/http';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { rememberOrganization } from '../../lib/workingOrganization';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiGet } from './data';
import { MembersTable } from './MembersTable';
import { LoadFailed, OrgShell } from './OrgShell';
import { appConsolePath } from './ProjectsCard';

/**
 * `/orgs/:orgId/projects/:projectId/members`: who can reach a project. A project is the identity side of an app,
 * and every member of its organisation reaches it; roles are changed on the organisation's members page.
 */
export default function ProjectMembersPage() {
  const { orgId = '', projectId = '' } = useParams();
  useEffect(() => rememberOrganization(orgId), [orgId]);
  const { t } = useLocale();
  const { data: me } = useGetIdentity<Identity>();
  const { data, error, refetch } = useApiGet<ProjectDetail>(`/api/projects/${encodeURIComponent(projectId)}`);
  usePageTitle(t('org.members.project.title'), data?.Name);
  const orgMembersPath = `/orgs/${encodeURIComponent(orgId)}/members`;

  // A project reached through another organisation's address is as unavailable as a missing one.
  const failure = error ?? (data && data.OrganizationId !== orgId ? new ApiError(404, t('org.members.project.unavailableTitle')) : null);
  if (failure) {
    return (
      <OrgShell crumbs={[{ title: t('org.members.project.title') }]}>
        <LoadFailed error={failure} title={t('org.members.project.unavailableTitle')} hint={t('org.members.project.unavailableHint')} onRetry={() => void refetch()} />
      </OrgShell>
    );
  }
  if (!data) {
    return (
      <OrgShell crumbs={[{ title: t('org.members.project.title') }]}>
        <Skeleton active />
      </OrgShell>
    );
  }

  return (
    <OrgShell crumbs={[{ title: data.OrganizationName, to: orgMembersPath }, { title: data.Name }, { title: t('org.members.project.title') }]}>
      <PageHeader
        title={data.Name}
        subtitle={
          <Space direction="vertical" size={2}>
            <span>{t('org.members.project.subtitle', { org: data.OrganizationName })}</span>
            <Typography.Text type="secondary" copyable={{ text: data.Id }}>
              {t('org.members.project.id')} <code>{data.Id}</code> · {formatDateTime(data.CreatedAt)}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space wrap>
            <Link to={orgMembersPath}>
              <Button icon={<TeamOutlined />} data-testid="project-manage-members">
                {t('org.members.project.manage')}
              </Button>
            </Link>
            <Link to={appConsolePath(data.Id)}>
              <Button type="primary" data-testid="project-open-app">
                {t('org.members.project.openApp')} <RightOutlined />
              </Button>
            </Link>
          </Space>
        }
      />
      <Card title={`${t('org.members.project.title')} · ${data.Members.length}`}>
        <MembersTable members={data.Members} selfId={me?.id} />
      </Card>
    </OrgShell>
  );
}
