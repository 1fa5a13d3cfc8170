import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { App, Button, Card, Popover, Select, Table, Tag, Typography } from 'antd';
import { ReloadOutlined, RollbackOutlined } from '@ant-design/icons';
import { LIVEOPS_ROUTES } from '../../../resources/passport/liveops';
import { toast } from '../../../providers/notification';
import { PageHeader } from '../../engine/PageHeader';
import { routeTo } from '../../engine/routes';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { passportCall, usePassportQuery, type Page, type Reward } from './passport-api';
import { RewardTags } from './LiveopsRewards';

type Target = { type: 'personas'; personaIds: string[] } | { type: 'tag'; tagId: string } | { type: 'everyone' };
type SendRecord = {
  id: string;
  title: string;
  attachments: Reward[];
  target: Target;
  delivered: number;
  refused: { personaId: string; reason: string }[];
  status: 'Sent' | 'Recalled';
  recalled: number;
  createdBy: string;
  createdAt: string;
  recalledAt: string | null;
};

const PAGE_SIZE = 20;

/** `passport/inbox/record`: every send, whom it reached and who was refused (full inbox), with recall. */
export default function LiveopsInboxRecords() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  const { modal } = App.useApp();
  usePageTitle(t('passportLiveops.records.title'));
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string>();
  const { data, loading, refetch } = usePassportQuery<Page<'records', SendRecord>>(appId, '/inbox/records', { query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE, status } });

  const target = (r: SendRecord) => {
    if (r.target.type === 'everyone') return t('passportLiveops.send.toEveryone');
    if (r.target.type === 'tag') return t('passportLiveops.records.toTag', { tag: r.target.tagId });
    return t('passportLiveops.records.toPersonas', { count: r.target.personaIds.length });
  };

  const recall = (r: SendRecord) =>
    modal.confirm({
      title: t('passportLiveops.records.recallTitle'),
      content: t('passportLiveops.records.recallConfirm', { title: r.title }),
      okText: t('passportLiveops.records.recall'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const after = await passportCall<SendRecord>(appId, 'POST', `/inbox/records/${encodeURIComponent(r.id)}/recall`);
          toast('success', t('passportLiveops.records.recalled', { count: after.recalled }));
          await refetch();
        } catch {
          // The HTTP client has shown why.
        }
      },
    });

  return (
    <>
      <PageHeader
        title={t('passportLiveops.records.title')}
        subtitle={t('passportLiveops.records.subtitle')}
        extra={<Button icon={<ReloadOutlined />} onClick={() => void refetch()}>{t('common.refresh')}</Button>}
      />
      <Card>
        <Select
          allowClear
          placeholder={t('passportLiveops.messages.status')}
          aria-label={t('passportLiveops.messages.status')}
          value={status}
          onChange={(v: string | undefined) => { setStatus(v); setPage(1); }}
          options={['Sent', 'Recalled'].map((s) => ({ value: s, label: t(`passportLiveops.recordStatus.${s}`) }))}
          style={{ width: 180, marginBottom: 12 }}
        />
        <Table<SendRecord>
          rowKey="id"
          loading={loading}
          dataSource={data?.records ?? []}
          data-testid="records-table"
          locale={{ emptyText: t('passportLiveops.records.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          scroll={{ x: 1000 }}
          columns={[
            { title: t('passportLiveops.messages.sentAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), width: 170 },
            { title: t('passportLiveops.send.messageTitle'), dataIndex: 'title' },
            { title: t('passportLiveops.send.target'), key: 'target', render: (_, r) => target(r) },
            { title: t('passportLiveops.send.attachments'), dataIndex: 'attachments', render: (a: Reward[]) => <RewardTags rewards={a} /> },
            {
              title: t('passportLiveops.records.delivered'),
              key: 'delivered',
              render: (_, r) => (
                <>
                  <Link to={`${routeTo(LIVEOPS_ROUTES.inboxMessages, { appId })}?record=${encodeURIComponent(r.id)}`}>{r.delivered}</Link>
                  {r.refused.length > 0 && (
                    <Popover
                      title={t('passportLiveops.records.refusedTitle')}
                      content={<ul style={{ margin: 0, paddingLeft: 18 }}>{r.refused.slice(0, 50).map((x) => <li key={x.personaId}><Typography.Text code>{x.personaId}</Typography.Text></li>)}</ul>}
                    >
                      <Tag color="red" style={{ marginLeft: 8, cursor: 'help' }} tabIndex={0}>
                        {t('passportLiveops.records.refused', { count: r.refused.length })}
                      </Tag>
                    </Popover>
                  )}
                </>
              ),
            },
            {
              title: t('passportLiveops.messages.status'),
              dataIndex: 'status',
              render: (s: string, r) => (
                <Tag color={s === 'Sent' ? 'green' : 'default'} data-testid={`record-status-${r.id}`}>
                  {t(`passportLiveops.recordStatus.${s}`)}
                  {s === 'Recalled' ? ` · ${t('passportLiveops.records.removed', { count: r.recalled })}` : ''}
                </Tag>
              ),
            },
            { title: t('passportLiveops.records.by'), dataIndex: 'createdBy' },
            {
              key: 'actions',
              fixed: 'right',
              width: 110,
              render: (_, r) => (
                <Button size="small" danger icon={<RollbackOutlined />} disabled={r.status !== 'Sent'} onClick={() => recall(r)} data-testid={`record-recall-${r.id}`}>
                  {t('passportLiveops.records.recall')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
