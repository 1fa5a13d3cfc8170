import type { ReactNode } from 'react';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import type { MemberItem } from '../../../resources/org-api';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { RoleTag } from './tags';

/** An organisation's members: who, their role, when they joined, and per-row actions when given. */
export function MembersTable({
  members,
  loading,
  selfId,
  actions,
  roleCell,
}: {
  members: MemberItem[];
  loading?: boolean;
  /** The signed-in account, marked "you". */
  selfId?: string;
  actions?: (m: MemberItem) => ReactNode;
  /** Replaces the role tag (e.g. with a role picker). */
  roleCell?: (m: MemberItem) => ReactNode;
}) {
  const { t } = useLocale();
  const columns = [
    {
      title: t('org.members.columns.member'),
      key: 'member',
      render: (_: unknown, m: MemberItem) => (
        <Flex vertical>
          <span>
            <Typography.Text strong>{m.Name || m.Email}</Typography.Text>
            {m.AccountId === selfId && <Tag style={{ marginInlineStart: 8 }}>{t('org.members.you')}</Tag>}
          </span>
          <Typography.Text type="secondary">{m.Email}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('org.members.columns.role'),
      key: 'role',
      render: (_: unknown, m: MemberItem) => roleCell?.(m) ?? <RoleTag role={m.Role} testId={`member-role-${m.AccountId}`} />,
    },
    { title: t('org.members.columns.joinedAt'), dataIndex: 'JoinedAt', render: (v: string) => formatDateTime(v) },
    ...(actions ? [{ title: t('common.actions'), key: 'actions', render: (_: unknown, m: MemberItem) => actions(m) }] : []),
  ];
  return (
    <Table<MemberItem>
      rowKey="AccountId"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={members}
      pagination={members.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org.members.noMembers')} /> }}
      onRow={(m) => ({ 'data-testid': `member-row-${m.AccountId}` }) as object}
      data-testid="members-table"
    />
  );
}
