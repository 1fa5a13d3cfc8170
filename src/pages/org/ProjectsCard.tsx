import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Space, Table, Typography } from 'antd';
import { RightOutlined, TeamOutlined } from '@ant-design/icons';
import type { ProjectItem } from '../../../resources/org-api';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';

export const projectMembersPath = (orgId: string, projectId: string) =>
  `/orgs/${encodeURIComponent(orgId)}/projects/${encodeURIComponent(projectId)}/members`;
export const appConsolePath = (appId: string) => `/services/${encodeURIComponent(appId)}/dashboard`;

/** An organisation's projects (its apps) with links to each one's members page and app console. */
export function ProjectsCard({
  projects,
  loading,
  title,
  nameTitle,
  hint,
  emptyText,
  links,
}: {
  projects: ProjectItem[];
  loading?: boolean;
  title: string;
  /** The first column's heading (default: project). */
  nameTitle?: string;
  hint?: string;
  emptyText: string;
  /** The links of a row; by default its members page and its console. */
  links?: (p: ProjectItem) => ReactNode;
}) {
  const { t } = useLocale();
  const defaultLinks = (p: ProjectItem) => (
    <Space size="middle">
      <Link to={projectMembersPath(p.OrganizationId, p.Id)} data-testid={`project-members-${p.Id}`}>
        <TeamOutlined /> {t('org.members.projectMembers')}
      </Link>
      <Link to={appConsolePath(p.Id)} data-testid={`project-open-${p.Id}`}>
        {t('org.members.openApp')} <RightOutlined />
      </Link>
    </Space>
  );
  const columns = [
    {
      title: nameTitle ?? t('org.members.columns.project'),
      key: 'name',
      render: (_: unknown, p: ProjectItem) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{p.Name}</Typography.Text>
          <Typography.Text type="secondary" copyable={{ text: p.Id }} style={{ fontSize: 12 }}>
            <code>{p.Id}</code>
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('org.members.columns.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
    { title: t('common.actions'), key: 'links', render: (_: unknown, p: ProjectItem) => (links ?? defaultLinks)(p) },
  ];
  return (
    <Card title={title} style={{ marginTop: 16 }} data-testid="projects-card">
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Table<ProjectItem>
        rowKey="Id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={projects}
        pagination={projects.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        onRow={(p) => ({ 'data-testid': `project-row-${p.Id}` }) as object}
      />
    </Card>
  );
}
