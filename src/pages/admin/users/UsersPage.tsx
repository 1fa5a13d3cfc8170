import { useState, type HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Flex, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, LogoutOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { USER_STATUSES, type ClearLoginStateAnswer, type UserList, type UserRecord, type UserStatus } from '../../../../resources/account-api';
import { request } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { PageHeader } from '../../../engine/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useSessions } from '../../../routes/guards';
import { UserEditModal } from './UserEditModal';

const PAGE_SIZES = [20, 50, 100];
const STATUS_COLORS: Record<UserStatus, string> = { active: 'success', suspended: 'error' };
const ROLE_COLORS: Record<string, string> = { owner: 'gold', admin: 'blue', member: 'default' };

/** `/admin/admin-users`: every account, searchable and paged, with edit, suspend/reactivate and clear-login-state. */
export default function UsersPage() {
  const { t } = useLocale();
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const me = useSessions()?.admin?.id;
  const [editing, setEditing] = useState<UserRecord>();
  const q = params.get('q') ?? '';
  const status = (USER_STATUSES as string[]).includes(params.get('status') ?? '') ? (params.get('status') as UserStatus) : undefined;
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : PAGE_SIZES[0];
  const page = Math.max(1, Number(params.get('page')) || 1);
  usePageTitle(t('account.users.title'));

  const { result, query } = useCustom<UserList>({
    url: '/api/users',
    method: 'get',
    config: { query: { q: q || undefined, status, count: pageSize, start: (page - 1) * pageSize } },
  });
  const list = result.data;
  const filtered = !!(q || status);

  const setQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const changeStatus = (user: UserRecord, to: UserStatus) =>
    modal.confirm({
      title: t(to === 'suspended' ? 'account.users.suspendTitle' : 'account.users.reactivateTitle', { name: user.Name || user.Email }),
      content: t(to === 'suspended' ? 'account.users.suspendBody' : 'account.users.reactivateBody'),
      okText: t(to === 'suspended' ? 'account.users.suspend' : 'account.users.reactivate'),
      okButtonProps: { danger: to === 'suspended' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const done = await request(`/api/users/${encodeURIComponent(user.Id)}`, { method: 'PUT', body: { Status: to } });
        if (!done) return;
        toast('success', t(to === 'suspended' ? 'account.users.suspended' : 'account.users.reactivated', { name: user.Name || user.Email }));
        await query.refetch();
      },
    });

  const clearLogin = (user: UserRecord) =>
    modal.confirm({
      title: t('account.users.clearTitle', { name: user.Name || user.Email }),
      content: t('account.users.clearBody'),
      okText: t('account.users.clearLogin'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const done = await request<ClearLoginStateAnswer>(`/api/users/${encodeURIComponent(user.Id)}/clear-login-state`, { method: 'DELETE' });
        if (done) toast('success', t('account.users.cleared', { count: done.Ended }));
      },
    });

  return (
    <>
      <PageHeader title={t('account.users.title')} subtitle={t('account.users.subtitle')} />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={q}
            defaultValue={q}
            allowClear
            placeholder={t('account.users.search')}
            aria-label={t('account.users.search')}
            onSearch={(value) => setQuery({ q: value.trim() || undefined, page: undefined })}
            style={{ width: 320 }}
            data-testid="users-search"
          />
          <Select
            allowClear
            value={status}
            placeholder={t('account.users.statusFilter')}
            aria-label={t('account.users.status')}
            onChange={(value?: UserStatus) => setQuery({ status: value, page: undefined })}
            options={USER_STATUSES.map((s) => ({ value: s, label: t(`account.users.statuses.${s}`) }))}
            style={{ width: 160 }}
            data-testid="users-status-filter"
          />
        </Flex>
        <Table<UserRecord>
          rowKey="Id"
          loading={query.isFetching}
          dataSource={list?.Items ?? []}
          scroll={{ x: 950 }}
          locale={{
            emptyText: (
              <Empty description={filtered ? t('account.users.noMatch') : t('account.users.empty')}>
                {filtered && <Button onClick={() => setQuery({ q: undefined, status: undefined, page: undefined })}>{t('account.users.clearFilters')}</Button>}
              </Empty>
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: list?.TotalCount ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
            onChange: (p, size) => setQuery({ page: p > 1 ? String(p) : undefined, pageSize: size !== PAGE_SIZES[0] ? String(size) : undefined }),
          }}
          onRow={(u) => ({ 'data-testid': `user-row-${u.Email}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('account.users.user'),
              key: 'user',
              width: 220,
              render: (_, u) => (
                <Flex vertical>
                  <Space size={4}>
                    <Typography.Text strong data-user-text>
                      {u.Name || '—'}
                    </Typography.Text>
                    {u.Id === me && <Tag>{t('account.users.you')}</Tag>}
                  </Space>
                  <Typography.Text type="secondary" copyable={{ text: u.Email }}>
                    {u.Email}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('account.users.organizations'),
              key: 'orgs',
              width: 200,
              render: (_, u) =>
                u.Organizations.length ? (
                  <Flex gap={4} wrap>
                    {u.Organizations.map((o) => (
                      <Tag key={o.Id} color={ROLE_COLORS[o.Role] ?? 'default'}>
                        {o.Name} · {t(`account.users.roles.${o.Role in ROLE_COLORS ? o.Role : 'member'}`)}
                      </Tag>
                    ))}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('account.users.noOrganizations')}</Typography.Text>
                ),
            },
            {
              title: t('account.users.status'),
              key: 'status',
              width: 90,
              render: (_, u) => (
                <Tag color={STATUS_COLORS[u.Status]} data-testid={`user-status-${u.Email}`}>
                  {t(`account.users.statuses.${u.Status}`)}
                </Tag>
              ),
            },
            {
              title: t('account.users.flags'),
              key: 'flags',
              width: 140,
              render: (_, u) => (
                <Flex gap={4} wrap>
                  {u.IsAdmin && <Tag color="red">{t('account.users.isAdmin')}</Tag>}
                  {u.IsFinanceAdmin && <Tag color="gold">{t('account.users.isFinanceAdmin')}</Tag>}
                  {u.IsRealName && <Tag color="blue">{t('account.users.realName')}</Tag>}
                </Flex>
              ),
            },
            {
              title: t('account.users.lastLoginAt'),
              key: 'activity',
              width: 170,
              render: (_, u) => (
                <Flex vertical>
                  {u.LastLoginAt ? formatDateTime(u.LastLoginAt) : <Typography.Text type="secondary">{t('account.users.never')}</Typography.Text>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('account.users.createdAt')} {formatDateTime(u.CreatedAt, 'YYYY-MM-DD')}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              fixed: 'right',
              width: 130,
              render: (_, u) => {
                const self = u.Id === me;
                return (
                  <Space size={0}>
                    <Tooltip title={t('account.users.edit')}>
                      <Button type="text" icon={<EditOutlined />} aria-label={t('account.users.edit')} onClick={() => setEditing(u)} data-testid={`user-edit-${u.Email}`} />
                    </Tooltip>
                    {u.Status === 'active' ? (
                      <Tooltip title={self ? t('account.users.selfHint') : t('account.users.suspend')}>
                        <Button
                          type="text"
                          danger
                          icon={<StopOutlined />}
                          disabled={self}
                          aria-label={t('account.users.suspend')}
                          onClick={() => changeStatus(u, 'suspended')}
                          data-testid={`user-suspend-${u.Email}`}
                        />
                      </Tooltip>
                    ) : (
                      <Tooltip title={t('account.users.reactivate')}>
                        <Button
                          type="text"
                          icon={<PlayCircleOutlined />}
                          aria-label={t('account.users.reactivate')}
                          onClick={() => changeStatus(u, 'active')}
                          data-testid={`user-reactivate-${u.Email}`}
                        />
                      </Tooltip>
                    )}
                    <Tooltip title={t('account.users.clearLogin')}>
                      <Button type="text" icon={<LogoutOutlined />} aria-label={t('account.users.clearLogin')} onClick={() => clearLogin(u)} data-testid={`user-clear-${u.Email}`} />
                    </Tooltip>
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <UserEditModal
        user={editing}
        self={editing?.Id === me}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void query.refetch();
        }}
      />
    </>
  );
}
