import type { HTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, Flex, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useCustom } from '@refinedev/core';
import { services } from '../../../../providers/services';
import type { AppList, AppRecord } from '../../../../providers/types';
import { PageHeader } from '../../../engine/PageHeader';
import { isServiceEnabled } from '../../../engine/routes';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';

const SEARCHES = ['q', 'orgId', 'orgName', 'companyName'] as const;
type Search = Partial<Record<(typeof SEARCHES)[number], string>>;
const PAGE_SIZE = 20;

/** `/admin`: every app on the platform, searchable by app and by organisation (spec 000 §6 extra options). */
export default function AdminAppsPage() {
  const { t, text } = useLocale();
  usePageTitle(t('org.adminApps.title'));
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<Search>();
  const search: Search = Object.fromEntries(SEARCHES.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize')) || PAGE_SIZE));
  const { result, query } = useCustom<AppList>({
    url: '/api/apps',
    method: 'get',
    config: { query: { ...search, count: pageSize, start: (page - 1) * pageSize } },
    errorNotification: false,
  });

  const go = (next: Search, nextPage = 1, nextSize = pageSize) => {
    const p = new URLSearchParams();
    for (const k of SEARCHES) if (next[k]?.trim()) p.set(k, next[k]!.trim());
    if (nextPage > 1) p.set('page', String(nextPage));
    if (nextSize !== PAGE_SIZE) p.set('pageSize', String(nextSize));
    setParams(p);
  };

  return (
    <>
      <PageHeader title={t('org.adminApps.title')} subtitle={t('org.adminApps.subtitle')} />
      <Card style={{ marginBottom: 16 }}>
        <Form<Search> form={form} layout="inline" initialValues={search} onFinish={(values) => go(values)} data-testid="admin-apps-search">
          {SEARCHES.map((k) => (
            <Form.Item key={k} name={k} style={{ marginBottom: 8 }}>
              <Input allowClear placeholder={t(`org.adminApps.${k}`)} aria-label={t(`org.adminApps.${k}`)} maxLength={100} style={{ width: 200 }} />
            </Form.Item>
          ))}
          <Space style={{ marginBottom: 8 }}>
            <Button type="primary" htmlType="submit">
              {t('org.adminApps.search')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({ q: undefined, orgId: undefined, orgName: undefined, companyName: undefined });
                go({});
              }}
            >
              {t('org.adminApps.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card>
        <Table<AppRecord>
          rowKey="AppId"
          loading={query.isFetching}
          dataSource={result.data?.Items ?? []}
          locale={{ emptyText: t('org.adminApps.empty') }}
          pagination={{
            current: page,
            pageSize,
            total: result.data?.TotalCount ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
            onChange: (p, size) => go(search, size !== pageSize ? 1 : p, size),
          }}
          onRow={(app) => ({ 'data-testid': `admin-app-${app.AppId}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('org.adminApps.name'),
              key: 'name',
              render: (_, app) => (
                <div>
                  <Link to={`/services/${encodeURIComponent(app.AppId)}/dashboard`}>{app.ProjectName}</Link>
                  <div>
                    <Typography.Text type="secondary" copyable={{ text: app.AppId }} style={{ fontSize: 12 }}>
                      {app.AppId}
                    </Typography.Text>
                  </div>
                </div>
              ),
            },
            {
              title: t('org.adminApps.organization'),
              key: 'org',
              render: (_, app) => <Link to={`/admin/organization/${encodeURIComponent(app.OrganizationId)}`}>{app.OrganizationName}</Link>,
            },
            {
              title: t('org.adminApps.services'),
              key: 'services',
              render: (_, app) => (
                <Flex gap={4} wrap>
                  {services
                    .filter((s) => app.Services?.[s.name])
                    .map((s) => (
                      <Tag key={s.name} color={isServiceEnabled(app, s) ? 'processing' : 'warning'}>
                        {text(s.catalogue.displayName)}
                      </Tag>
                    ))}
                </Flex>
              ),
            },
            {
              title: t('org.adminApps.multi'),
              key: 'multi',
              render: (_, app) => (app.SupportMultiServices ? t('common.yes') : t('common.no')),
            },
            {
              title: t('org.adminApps.actions'),
              key: 'actions',
              render: (_, app) => (
                <Space>
                  <Link to={`/services/${encodeURIComponent(app.AppId)}/dashboard`}>{t('org.adminApps.openConsole')}</Link>
                  <Link to={`/admin/organization/${encodeURIComponent(app.OrganizationId)}`}>{t('org.adminApps.orgDetail')}</Link>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
