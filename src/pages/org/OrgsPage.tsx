import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Empty, Flex, Input, Space, Table, Typography } from 'antd';
import { AppstoreOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { OrganizationItem, OrganizationList } from '../../../resources/org-api';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiGet } from './data';
import { OrgFormDialog } from './OrgFormDialog';
import { LoadFailed, OrgShell } from './OrgShell';
import { OrgStatusTag, RoleTag } from './tags';

const membersPath = (orgId: string) => `/orgs/${encodeURIComponent(orgId)}/members`;

/**
 * `/orgs`: the organisations the user belongs to, with their role and counts, and creating one.
 * `?create=1` opens the create dialog (links from pages that suggest creating an organisation).
 */
export default function OrgsPage() {
  const { t } = useLocale();
  usePageTitle(t('org.organizations.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const creating = params.get('create') === '1';
  const setCreating = (open: boolean) => setParams(open ? { create: '1' } : {}, { replace: true });
  const { data, loading, error, refetch } = useApiGet<OrganizationList>('/api/organizations', { scope: 'mine', q: search.trim() || undefined });
  const items = data?.Items ?? [];

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="org-create">
      {t('org.organizations.create')}
    </Button>
  );

  const columns = [
    {
      title: t('org.organizations.columns.name'),
      dataIndex: 'Name',
      render: (name: string, org: OrganizationItem) => (
        <Link to={membersPath(org.Id)} data-testid={`org-link-${org.Id}`}>
          {name}
        </Link>
      ),
    },
    { title: t('org.organizations.columns.role'), dataIndex: 'Role', render: (role: OrganizationItem['Role'], org: OrganizationItem) => <RoleTag role={role} testId={`org-role-${org.Id}`} /> },
    { title: t('org.organizations.columns.status'), dataIndex: 'Status', render: (status: string) => <OrgStatusTag status={status} /> },
    { title: t('org.organizations.columns.company'), dataIndex: 'CompanyName', render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: t('org.organizations.columns.members'), dataIndex: 'MemberCount', align: 'right' as const },
    { title: t('org.organizations.columns.apps'), dataIndex: 'AppCount', align: 'right' as const },
    { title: t('org.organizations.columns.createdAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, org: OrganizationItem) => (
        <Link to={membersPath(org.Id)}>
          <TeamOutlined /> {t('org.organizations.manageMembers')}
        </Link>
      ),
    },
  ];

  const body = () => {
    if (error) return <LoadFailed error={error} title={t('org.organizations.title')} hint="" onRetry={() => void refetch()} />;
    if (!loading && items.length === 0 && !search.trim()) {
      return (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.organizations.emptyTitle')} data-testid="orgs-empty">
            <Space direction="vertical">
              <Typography.Text type="secondary">{t('org.organizations.emptyHint')}</Typography.Text>
              {createButton}
            </Space>
          </Empty>
        </Card>
      );
    }
    return (
      <Card>
        <Flex justify="flex-end" style={{ marginBottom: 16 }}>
          <Input.Search allowClear placeholder={t('org.organizations.search')} onSearch={setSearch} style={{ maxWidth: 320 }} data-testid="orgs-search" />
        </Flex>
        <Table<OrganizationItem>
          rowKey="Id"
          loading={loading}
          columns={columns}
          dataSource={items}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.organizations.noMatch')} /> }}
          onRow={(org) => ({ 'data-testid': `org-row-${org.Id}` }) as object}
          data-testid="orgs-table"
        />
      </Card>
    );
  };

  return (
    <OrgShell>
      <PageHeader
        title={t('org.organizations.title')}
        subtitle={t('org.organizations.subtitle')}
        extra={
          <Space wrap>
            <Link to="/apps">
              <Button icon={<AppstoreOutlined />}>{t('org.organizations.toApps')}</Button>
            </Link>
            {(items.length > 0 || search) && createButton}
          </Space>
        }
      />
      {body()}
      <OrgFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onDone={(org) => {
          setCreating(false);
          navigate(membersPath(org.Id));
        }}
      />
    </OrgShell>
  );
}
