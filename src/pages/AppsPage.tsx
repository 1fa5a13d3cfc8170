import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Empty, Flex, Input, Layout, Row, Select, Skeleton, Space } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import type { AppList } from '../../providers/types';
import { PageHeader } from '../engine/PageHeader';
import { useLocale } from '../lib/useLocale';
import { rememberOrganization } from '../lib/workingOrganization';
import { usePageTitle } from '../lib/usePageTitle';
import { useSessions } from '../routes/guards';
import { AppCard } from './apps/AppCard';
import { useOrganizations } from './apps/useOrganizations';
import { ConsoleHeader } from './layout/ConsoleHeader';

/** `/apps`: the apps of the viewer's organisations (every app for administrators), searchable and filterable. */
export default function AppsPage() {
  const { t } = useLocale();
  usePageTitle(t('org.apps.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const orgId = params.get('orgId') ?? '';
  const isAdmin = !!useSessions()?.admin;
  const { organizations, manageable, loading: orgsLoading } = useOrganizations(isAdmin);
  const { result, query } = useCustom<AppList>({
    url: '/api/apps',
    method: 'get',
    config: { query: { count: 9999, q: q || undefined, orgId: orgId || undefined } },
    errorNotification: false,
  });
  const apps = result.data?.Items ?? [];
  const filtered = !!(q || orgId);
  const canCreate = manageable.length > 0;

  const setFilter = (name: 'q' | 'orgId', value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name === 'orgId') rememberOrganization(value);
    setParams(next, { replace: true });
  };
  const createPath = orgId ? `/apps/create?orgId=${encodeURIComponent(orgId)}` : '/apps/create';

  const empty = () => {
    if (filtered) {
      return (
        <Empty description={t('org.apps.noMatch')}>
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>{t('org.apps.clearFilters')}</Button>
        </Empty>
      );
    }
    if (!orgsLoading && organizations.length === 0 && !isAdmin) {
      return (
        <Empty description={t('org.apps.noOrgTitle')} data-testid="apps-no-org">
          <p>{t('org.apps.noOrgHint')}</p>
          <Button type="primary" onClick={() => navigate('/orgs?create=1')}>
            {t('org.apps.createOrg')}
          </Button>
        </Empty>
      );
    }
    return (
      <Empty description={t('org.apps.emptyTitle')} data-testid="apps-empty">
        <p>{t(canCreate ? 'org.apps.emptyHintEditor' : 'org.apps.emptyHintMember')}</p>
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath)}>
            {t('org.apps.create')}
          </Button>
        )}
      </Empty>
    );
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader />
      <Layout.Content style={{ padding: '32px 24px', maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <PageHeader
          title={t('org.apps.title')}
          subtitle={t('org.apps.subtitle')}
          extra={
            <Space wrap>
              <Button icon={<TeamOutlined />} onClick={() => navigate('/orgs')} data-testid="apps-organizations">
                {t('org.apps.organizations')}
              </Button>
              {canCreate && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath)} data-testid="apps-create">
                  {t('org.apps.create')}
                </Button>
              )}
            </Space>
          }
        />
        {isAdmin && <Alert type="info" showIcon message={t('org.apps.adminView')} style={{ marginBottom: 16 }} />}
        <Flex gap={12} wrap style={{ marginBottom: 20 }}>
          <Input.Search
            key={q}
            defaultValue={q}
            allowClear
            placeholder={t('org.apps.search')}
            aria-label={t('org.apps.search')}
            onSearch={(value) => setFilter('q', value.trim())}
            style={{ width: 320 }}
            data-testid="apps-search"
          />
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            value={orgId || undefined}
            placeholder={t('org.apps.orgFilter')}
            aria-label={t('org.apps.orgFilter')}
            onChange={(value?: string) => setFilter('orgId', value)}
            options={organizations.map((o) => ({ value: o.Id, label: o.Name }))}
            loading={orgsLoading}
            style={{ minWidth: 220 }}
            data-testid="apps-org-filter"
          />
        </Flex>
        {query.isLoading ? (
          <Skeleton active />
        ) : apps.length === 0 ? (
          <Card>{empty()}</Card>
        ) : (
          <Row gutter={[16, 16]}>
            {apps.map((app) => (
              <Col key={app.AppId} xs={24} sm={12} lg={8}>
                <AppCard app={app} />
              </Col>
            ))}
          </Row>
        )}
      </Layout.Content>
    </Layout>
  );
}
