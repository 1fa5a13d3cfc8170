import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Empty, Table, Tabs } from 'antd';
import { findResource } from '../../../resources';
import { StatusTag } from '../../engine/FieldValue';
import { showPathOf } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { usePassportQuery } from './passport-api';

interface Holder {
  id: string;
  name: string;
  status: string;
  createdAt: string;
}

const PAGE_SIZE = 10;

/** One page of the users or personas carrying the tag, linking to their pages. */
function Holders({ appId, tagId, kind }: { appId: string; tagId: string; kind: 'users' | 'personas' }) {
  const { t } = useLocale();
  const [page, setPage] = useState(1);
  const answer = usePassportQuery<Record<string, unknown> & { total: number }>(appId, `/tags/${encodeURIComponent(tagId)}/${kind}`, {
    query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE },
  });
  const decl = findResource('passport', kind);
  const rows = (answer.data?.[kind] ?? []) as Holder[];
  return (
    <Table<Holder>
      size="small"
      rowKey="id"
      loading={answer.loading}
      dataSource={rows}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: answer.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(answer.error ? 'passportIdentity.common.loadFailed' : kind === 'users' ? 'passportIdentity.tagMembers.emptyUsers' : 'passportIdentity.tagMembers.emptyPersonas')}
          />
        ),
      }}
      columns={[
        {
          title: t('passportIdentity.tagMembers.name'),
          dataIndex: 'name',
          render: (name: string, r: Holder) => {
            const path = decl && showPathOf(decl, appId, r.id);
            return path ? <Link to={path}>{name}</Link> : name;
          },
        },
        { title: t('passportIdentity.tagMembers.status'), dataIndex: 'status', width: 120, render: (v: string) => (decl ? <StatusTag decl={decl} value={v} /> : v) },
        { title: t('passportIdentity.tagMembers.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}

/** On a tag's page: the users and the personas that carry it. */
export default function IdentityTagMembers({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const tagId = String(record.id);
  return (
    <Card title={t('passportIdentity.tagMembers.title')} size="small" data-testid="tag-members">
      <Tabs
        size="small"
        destroyOnHidden
        items={[
          { key: 'users', label: t('passportIdentity.tagMembers.users'), children: <Holders appId={appId} tagId={tagId} kind="users" /> },
          { key: 'personas', label: t('passportIdentity.tagMembers.personas'), children: <Holders appId={appId} tagId={tagId} kind="personas" /> },
        ]}
      />
    </Card>
  );
}
