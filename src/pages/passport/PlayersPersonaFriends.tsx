import { Link } from 'react-router';
import { Card, Empty, Table, Tabs, Tag } from 'antd';
import { findResource } from '../../../resources';
import { showPathOf } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { usePassportQuery } from './passport-api';
import type { FriendEntry as Friend } from '../../../resources/players-api';

interface Blocked {
  personaId: string;
  name: string;
  since: string;
}

const RELATION_COLORS: Record<Friend['relation'], string> = { accepted: 'green', outgoing: 'blue', incoming: 'gold' };

/** A persona's name, linking to its page. */
export function PersonaLink({ appId, id, name }: { appId: string; id: string; name: string }) {
  const decl = findResource('passport', 'personas');
  const path = decl && showPathOf(decl, appId, id);
  return path ? <Link to={path}>{name}</Link> : <>{name}</>;
}

/** On a persona's page: its friends, friend requests both ways, and its blacklist. */
export default function PlayersPersonaFriends({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const id = encodeURIComponent(String(record.id));
  const friends = usePassportQuery<{ total: number; friends: Friend[] }>(appId, `/personas/${id}/friends`);
  const blacklist = usePassportQuery<{ total: number; blacklist: Blocked[] }>(appId, `/personas/${id}/friend-blacklist`);
  const name = { title: t('passportPlayers.friends.name'), dataIndex: 'name', render: (n: string, r: { personaId: string }) => <PersonaLink appId={appId} id={r.personaId} name={n} /> };
  const since = { title: t('passportPlayers.friends.since'), dataIndex: 'since', width: 180, render: (v: string) => formatDateTime(v) };
  const empty = (key: string, failed: unknown) => ({
    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(failed ? 'passportPlayers.friends.loadFailed' : key)} />,
  });
  return (
    <Card title={t('passportPlayers.friends.title')} size="small" data-testid="persona-friends">
      <Tabs
        size="small"
        items={[
          {
            key: 'friends',
            label: `${t('passportPlayers.friends.friends')} (${friends.data?.total ?? 0})`,
            children: (
              <Table<Friend>
                size="small"
                rowKey="personaId"
                loading={friends.loading}
                dataSource={friends.data?.friends ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                locale={empty('passportPlayers.friends.emptyFriends', friends.error)}
                columns={[
                  name,
                  { title: t('passportPlayers.friends.level'), dataIndex: 'level', width: 90, align: 'right', render: (l: number | null) => l ?? '—' },
                  {
                    title: t('passportPlayers.friends.relation'),
                    dataIndex: 'relation',
                    width: 140,
                    render: (r: Friend['relation']) => <Tag color={RELATION_COLORS[r]}>{t(`passportPlayers.friends.relations.${r}`)}</Tag>,
                  },
                  since,
                ]}
              />
            ),
          },
          {
            key: 'blacklist',
            label: `${t('passportPlayers.friends.blacklist')} (${blacklist.data?.total ?? 0})`,
            children: (
              <Table<Blocked>
                size="small"
                rowKey="personaId"
                loading={blacklist.loading}
                dataSource={blacklist.data?.blacklist ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                locale={empty('passportPlayers.friends.emptyBlacklist', blacklist.error)}
                columns={[name, since]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
