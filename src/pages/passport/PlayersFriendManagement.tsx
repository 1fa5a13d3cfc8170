import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Empty, Flex, Popconfirm, Segmented, Table, Tag, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { findResource } from '../../../resources';
import { PLAYERS_ROUTES } from '../../../resources/passport/players';
import { toast } from '../../../providers/notification';
import { PageHeader } from '../../engine/PageHeader';
import { routeTo, showPathOf } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PersonaPicker } from './LiveopsPersonaPicker';
import { passportCall, usePassportQuery } from './passport-api';
import type { Relation } from '../../../resources/players-api';

const PAGE_SIZE = 20;

/** A persona's name, linking to its page. */
function PersonaLink({ appId, id, name }: { appId: string; id: string; name: string }) {
  const decl = findResource('passport', 'personas');
  const path = decl && showPathOf(decl, appId, id);
  return path ? <Link to={path}>{name}</Link> : <>{name}</>;
}
type StateFilter = 'all' | Relation['state'];

/** `passport/account/friend-management`: every friendship and pending request of the app, with a way to end one. */
export default function PlayersFriendManagement() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('passportPlayers.management.title'));
  const [page, setPage] = useState(1);
  const [state, setState] = useState<StateFilter>('all');
  const [persona, setPersona] = useState<string>();
  const payload = { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE, ...(state === 'all' ? {} : { state }), ...(persona ? { personaId: persona } : {}) };
  const { data, loading, refetch } = usePassportQuery<{ total: number; friends: Relation[] }>(appId, '/friends/search', { payload });
  const filtered = state !== 'all' || !!persona;

  const remove = async (r: Relation) => {
    try {
      await passportCall(appId, 'DELETE', `/friends/${encodeURIComponent(r.personaId)}/${encodeURIComponent(r.friendId)}`);
      toast('success', t('passportPlayers.management.removed'));
      void refetch();
    } catch {
      // The shared toast said why.
    }
  };

  return (
    <>
      <PageHeader
        title={t('passportPlayers.management.title')}
        subtitle={t('passportPlayers.management.subtitle')}
        extra={
          <Link to={routeTo(PLAYERS_ROUTES.friendConfig, { appId })}>
            <Button icon={<SettingOutlined />}>{t('passportPlayers.management.settings')}</Button>
          </Link>
        }
      />
      <Card>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Segmented<StateFilter>
            value={state}
            onChange={(v) => {
              setState(v);
              setPage(1);
            }}
            options={(['all', 'accepted', 'requested'] as const).map((s) => ({ value: s, label: t(`passportPlayers.management.states.${s}`) }))}
            data-testid="friend-state-filter"
          />
          <PersonaPicker
            appId={appId}
            value={persona}
            onChange={(v) => {
              setPersona(typeof v === 'string' ? v : undefined);
              setPage(1);
            }}
            testId="friend-persona-filter"
          />
        </Flex>
        <Table<Relation>
          rowKey={(r) => `${r.personaId}:${r.friendId}`}
          loading={loading}
          dataSource={data?.friends ?? []}
          data-testid="friend-relations"
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            showTotal: (total) => t('passportPlayers.management.total', { total }),
          }}
          locale={{ emptyText: <Empty description={t(filtered ? 'passportPlayers.management.emptyFiltered' : 'passportPlayers.management.empty')} /> }}
          columns={[
            { title: t('passportPlayers.management.persona'), dataIndex: 'personaName', render: (n: string, r) => <PersonaLink appId={appId} id={r.personaId} name={n} /> },
            { title: t('passportPlayers.management.friend'), dataIndex: 'friendName', render: (n: string, r) => <PersonaLink appId={appId} id={r.friendId} name={n} /> },
            {
              title: t('passportPlayers.management.state'),
              dataIndex: 'state',
              width: 140,
              render: (s: Relation['state']) => (
                <Tag color={s === 'accepted' ? 'green' : 'gold'} data-testid="friend-state">
                  {t(`passportPlayers.management.states.${s}`)}
                </Tag>
              ),
            },
            { title: t('passportPlayers.management.since'), dataIndex: 'since', width: 190, render: (v: string) => formatDateTime(v) },
            {
              title: t('passportPlayers.management.actions'),
              key: 'actions',
              width: 100,
              render: (_: unknown, r) => (
                <Popconfirm title={<Typography.Text style={{ maxWidth: 280, display: 'block' }}>{t('passportPlayers.management.removeConfirm')}</Typography.Text>} onConfirm={() => remove(r)} okButtonProps={{ danger: true }}>
                  <Button type="link" danger size="small" data-testid="friend-remove">
                    {t('passportPlayers.management.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
