import { Button, Card, Empty, Popconfirm, Table, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { InvitationItem } from '../../../resources/org-api';
import { requireOk } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { RoleTag } from './tags';

/** Invitations waiting for their address to sign up; those who may manage members can revoke them. */
export function InvitationsCard({
  orgId,
  invitations,
  loading,
  canRevoke,
  onChanged,
  title,
}: {
  orgId: string;
  invitations: InvitationItem[];
  loading?: boolean;
  canRevoke: boolean;
  onChanged: () => void;
  title?: string;
}) {
  const { t } = useLocale();

  async function revoke(inv: InvitationItem) {
    try {
      await requireOk(`/api/organizations/${encodeURIComponent(orgId)}/invitations/${encodeURIComponent(inv.Id)}`, { method: 'DELETE' });
      toast('success', t('org.members.revoked', { email: inv.Email }));
      onChanged();
    } catch {
      // The toast already said why.
    }
  }

  const columns = [
    { title: t('org.members.columns.email'), dataIndex: 'Email' },
    { title: t('org.members.columns.role'), dataIndex: 'Role', render: (role: InvitationItem['Role']) => <RoleTag role={role} /> },
    { title: t('org.members.columns.invitedAt'), dataIndex: 'CreatedAt', render: (v: string) => formatDateTime(v) },
    { title: t('org.members.columns.expiresAt'), dataIndex: 'ExpiresAt', render: (v: string) => formatDateTime(v) },
    ...(canRevoke
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, inv: InvitationItem) => (
              <Popconfirm
                title={t('org.members.revokeConfirm', { email: inv.Email })}
                okText={t('org.members.revoke')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={() => revoke(inv)}
              >
                <Button size="small" type="text" danger icon={<StopOutlined />} data-testid={`invitation-revoke-${inv.Id}`}>
                  {t('org.members.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={title ?? t('org.members.invitations')} style={{ marginTop: 16 }} data-testid="invitations-card">
      <Typography.Paragraph type="secondary">{t('org.members.invitationsHint')}</Typography.Paragraph>
      <Table<InvitationItem>
        rowKey="Id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={invitations}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.members.noInvitations')} /> }}
        onRow={(inv) => ({ 'data-testid': `invitation-row-${inv.Id}` }) as object}
      />
    </Card>
  );
}
