import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Empty, Select, Table, Tabs, Tag, Typography } from 'antd';
import { findResource } from '../../../resources';
import { showPathOf } from '../../engine/routes';
import { useCurrentAppState } from '../../lib/currentApp';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { passportCall, usePassportQuery, useRefreshResource } from './passport-api';

interface Member {
  personaId: string;
  roleId: string | null;
  isLeader: boolean;
  joinedAt: string;
}

interface Request {
  personaId: string;
  message: string;
  createdAt: string;
}

const PAGE_SIZE = 20;

/** A persona by its name (read from its record), linking to its page. */
export function PersonaCell({ appId, id }: { appId: string; id: string }) {
  const persona = usePassportQuery<{ name?: string }>(appId, `/personas/${encodeURIComponent(id)}`);
  const decl = findResource('passport', 'personas');
  const path = decl && showPathOf(decl, appId, id);
  const label = persona.data?.name ?? id;
  return path ? <Link to={path}>{label}</Link> : <>{label}</>;
}

/** On a guild's page: its members (leader first) with their roles, and the requests waiting to join. */
export default function IdentityGuildMembers({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const { modal, message } = App.useApp();
  const canEdit = useCurrentAppState()?.canEdit ?? false;
  const [page, setPage] = useState(1);
  const [requestPage, setRequestPage] = useState(1);
  const guild = `/guilds/${encodeURIComponent(String(record.id))}`;
  const members = usePassportQuery<{ total: number; members: Member[] }>(appId, `${guild}/members`, { query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE } });
  const requests = usePassportQuery<{ total: number; requests: Request[] }>(appId, `${guild}/requests`, {
    query: { count: PAGE_SIZE, start: (requestPage - 1) * PAGE_SIZE },
  });
  const roles = usePassportQuery<{ roles: { id: string; name: string }[] }>(appId, '/guilds/roles', { query: { count: 1000 } });
  const refreshGuild = useRefreshResource('guilds');
  const changed = (text: string) => {
    message.success(text);
    void members.refetch();
    void refreshGuild();
  };

  const setRole = (m: Member, roleId: string | null) =>
    passportCall(appId, 'PUT', `${guild}/members/${encodeURIComponent(m.personaId)}/role`, { roleId })
      .then(() => changed(t('passportIdentity.guildMembers.roleSaved')))
      .catch(() => undefined);
  const remove = (m: Member) =>
    modal.confirm({
      title: t('passportIdentity.guildMembers.remove'),
      content: t('passportIdentity.guildMembers.removeConfirm'),
      okButtonProps: { danger: true },
      okText: t('passportIdentity.guildMembers.remove'),
      cancelText: t('passportIdentity.common.cancel'),
      onOk: () => passportCall(appId, 'DELETE', `${guild}/members/${encodeURIComponent(m.personaId)}`).then(() => changed(t('passportIdentity.guildMembers.removed'))),
    });
  const roleOptions = [{ value: '', label: t('passportIdentity.guildMembers.noRole') }, ...(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))];
  const empty = (key: string, failed: unknown) => ({
    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(failed ? 'passportIdentity.common.loadFailed' : key)} />,
  });

  return (
    <Card title={t('passportIdentity.guildMembers.title')} size="small" data-testid="guild-members">
      <Tabs
        size="small"
        items={[
          {
            key: 'members',
            label: `${t('passportIdentity.guildMembers.members')} (${members.data?.total ?? 0})`,
            children: (
              <Table<Member>
                size="small"
                rowKey="personaId"
                loading={members.loading}
                dataSource={members.data?.members ?? []}
                pagination={{ current: page, pageSize: PAGE_SIZE, total: members.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
                locale={empty('passportIdentity.guildMembers.emptyMembers', members.error)}
                columns={[
                  {
                    title: t('passportIdentity.guildMembers.persona'),
                    dataIndex: 'personaId',
                    render: (id: string, m: Member) => (
                      <>
                        <PersonaCell appId={appId} id={id} /> {m.isLeader && <Tag color="gold">{t('passportIdentity.guildMembers.leader')}</Tag>}
                      </>
                    ),
                  },
                  {
                    title: t('passportIdentity.guildMembers.role'),
                    dataIndex: 'roleId',
                    width: 200,
                    render: (roleId: string | null, m: Member) =>
                      m.isLeader ? (
                        <Typography.Text type="secondary">—</Typography.Text>
                      ) : (
                        <Select
                          size="small"
                          style={{ width: 180 }}
                          disabled={!canEdit}
                          value={roleId ?? ''}
                          options={roleOptions}
                          onChange={(v: string) => void setRole(m, v || null)}
                          aria-label={t('passportIdentity.guildMembers.role')}
                          data-testid="guild-member-role"
                        />
                      ),
                  },
                  { title: t('passportIdentity.guildMembers.joinedAt'), dataIndex: 'joinedAt', width: 180, render: (v: string) => formatDateTime(v) },
                  {
                    key: 'remove',
                    width: 90,
                    render: (_: unknown, m: Member) =>
                      canEdit && !m.isLeader ? (
                        <Button size="small" danger onClick={() => remove(m)} data-testid="guild-member-remove">
                          {t('passportIdentity.guildMembers.remove')}
                        </Button>
                      ) : null,
                  },
                ]}
              />
            ),
          },
          {
            key: 'requests',
            label: `${t('passportIdentity.guildMembers.requests')} (${requests.data?.total ?? 0})`,
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('passportIdentity.guildMembers.requestsHint')}</Typography.Paragraph>
                <Table<Request>
                  size="small"
                  rowKey="personaId"
                  loading={requests.loading}
                  dataSource={requests.data?.requests ?? []}
                  pagination={{ current: requestPage, pageSize: PAGE_SIZE, total: requests.data?.total ?? 0, onChange: setRequestPage, hideOnSinglePage: true }}
                  locale={empty('passportIdentity.guildMembers.emptyRequests', requests.error)}
                  columns={[
                    { title: t('passportIdentity.guildMembers.persona'), dataIndex: 'personaId', render: (id: string) => <PersonaCell appId={appId} id={id} /> },
                    { title: t('passportIdentity.guildMembers.message'), dataIndex: 'message', render: (v: string) => v || '—' },
                    { title: t('passportIdentity.guildMembers.requestedAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
                  ]}
                />
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
