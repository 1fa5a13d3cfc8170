import { Link, useParams } from 'react-router';
import { Button, Card, Descriptions, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined, RightOutlined } from '@ant-design/icons';
import type { MemberList, OrganizationItem, ProjectItem, ProjectList } from '../../../../resources/org-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiGet } from '../../org/data';
import { InvitationsCard } from '../../org/InvitationsCard';
import { MembersTable } from '../../org/MembersTable';
import { appConsolePath, ProjectsCard } from '../../org/ProjectsCard';
import { OrgStatusTag } from '../../org/tags';

const back = (label: string) => (
  <Link to="/admin">
    <Button icon={<ArrowLeftOutlined />}>{label}</Button>
  </Link>
);

/** `/admin/organization/:orgId`: an organisation as administrators see it — its fields, members and apps. */
export default function OrganizationDetailPage() {
  const { orgId = '' } = useParams();
  const { t } = useLocale();
  const base = `/api/organizations/${encodeURIComponent(orgId)}`;
  const org = useApiGet<OrganizationItem>(base);
  const members = useApiGet<MemberList>(org.data ? `${base}/members` : undefined);
  const projects = useApiGet<ProjectList>(org.data ? `${base}/projects` : undefined);
  usePageTitle(t('org.organizations.admin.title'), org.data?.Name);

  if (org.error) {
    const missing = org.error.statusCode === 404;
    return (
      <div data-testid="admin-org-missing">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('org.organizations.admin.notFound') : org.error.message}
          extra={[
            !missing && (
              <Button key="retry" type="primary" onClick={() => void org.refetch()}>
                {t('common.refresh')}
              </Button>
            ),
            <span key="back">{back(t('org.organizations.admin.back'))}</span>,
          ]}
        />
      </div>
    );
  }
  if (!org.data) return <Skeleton active />;
  const o = org.data;

  const appLinks = (p: ProjectItem) => (
    <Link to={appConsolePath(p.Id)} data-testid={`admin-org-app-${p.Id}`}>
      {t('org.organizations.admin.openApp')} <RightOutlined />
    </Link>
  );

  return (
    <>
      <PageHeader title={o.Name} tags={<OrgStatusTag status={o.Status} />} subtitle={t('org.organizations.admin.title')} extra={back(t('org.organizations.admin.back'))} />
      <Card title={t('org.organizations.admin.info')} data-testid="admin-org-info">
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('org.organizations.admin.id')}>
            <Typography.Text copyable>{o.Id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('org.organizations.columns.name')}>{o.Name}</Descriptions.Item>
          <Descriptions.Item label={t('org.organizations.columns.company')}>{o.CompanyName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('org.organizations.columns.status')}>
            <OrgStatusTag status={o.Status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('org.organizations.columns.members')}>{o.MemberCount}</Descriptions.Item>
          <Descriptions.Item label={t('org.organizations.columns.apps')}>{o.AppCount}</Descriptions.Item>
          <Descriptions.Item label={t('org.organizations.columns.createdAt')}>{formatDateTime(o.CreatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <ProjectsCard
        title={t('org.organizations.admin.apps')}
        nameTitle={t('org.organizations.columns.apps')}
        emptyText={t('org.organizations.admin.noApps')}
        projects={projects.data?.Items ?? []}
        loading={projects.loading}
        links={appLinks}
      />
      <Card title={t('org.organizations.admin.members')} style={{ marginTop: 16 }}>
        <MembersTable members={members.data?.Items ?? []} loading={members.loading} />
      </Card>
      <InvitationsCard
        orgId={o.Id}
        title={t('org.organizations.admin.invitations')}
        invitations={members.data?.Invitations ?? []}
        loading={members.loading}
        canRevoke={false}
        onChanged={() => void members.refetch()}
      />
    </>
  );
}
