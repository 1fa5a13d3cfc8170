import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Card, Flex, Select, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { usePassportQuery, type Page, type Reward } from './passport-api';
import { InboxSendForm } from './LiveopsInboxSendForm';
import { PersonaPicker } from './LiveopsPersonaPicker';
import { RewardTags } from './LiveopsRewards';

type Message = { id: string; recordId: string; personaId: string; personaName: string | null; title: string; attachments: Reward[]; status: string; createdAt: string; readAt: string | null; claimedAt: string | null };

export const MESSAGE_COLORS: Record<string, string> = { Unread: 'blue', Unconsumed: 'orange', Completed: 'green' };
const PAGE_SIZE = 20;

/**
 * `passport/inbox/message`: send a message (a template, or one written here, with attachments) to personas, a tag
 * or everyone, and browse the copies personas received with their status (Unread → Unconsumed → Completed).
 */
export default function LiveopsInboxMessages() {
  const { appId = '' } = useParams();
  const [params] = useSearchParams();
  const { t } = useLocale();
  usePageTitle(t('passportLiveops.messages.title'));
  const [personaId, setPersonaId] = useState<string>();
  const [status, setStatus] = useState<string>();
  const recordId = params.get('record') ?? undefined;
  const [page, setPage] = useState(1);
  const { data, loading, refetch } = usePassportQuery<Page<'messages', Message>>(appId, '/inbox/messages', {
    query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE, personaId, status, recordId },
  });

  return (
    <>
      <PageHeader title={t('passportLiveops.messages.title')} subtitle={t('passportLiveops.messages.subtitle')} />
      <Flex vertical gap={16}>
        <InboxSendForm appId={appId} initialTemplate={params.get('template') ?? undefined} onSent={() => void refetch()} />
        <Card
          title={t('passportLiveops.messages.listTitle')}
          extra={<Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t('common.refresh')} />}
        >
          <Flex gap={12} wrap style={{ marginBottom: 12 }}>
            <PersonaPicker appId={appId} value={personaId} onChange={(v) => { setPersonaId(v as string | undefined); setPage(1); }} testId="messages-persona" />
            <Select
              allowClear
              placeholder={t('passportLiveops.messages.status')}
              aria-label={t('passportLiveops.messages.status')}
              value={status}
              onChange={(v: string | undefined) => { setStatus(v); setPage(1); }}
              options={Object.keys(MESSAGE_COLORS).map((s) => ({ value: s, label: t(`passportLiveops.messageStatus.${s}`) }))}
              style={{ width: 180 }}
            />
            {recordId && <Tag color="purple">{t('passportLiveops.messages.ofRecord', { id: recordId.slice(0, 8) })}</Tag>}
          </Flex>
          <Table<Message>
            rowKey="id"
            size="middle"
            loading={loading}
            dataSource={data?.messages ?? []}
            data-testid="messages-table"
            locale={{ emptyText: t('passportLiveops.messages.empty') }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            scroll={{ x: 900 }}
            columns={[
              { title: t('passportLiveops.send.messageTitle'), dataIndex: 'title' },
              {
                title: t('passportLiveops.persona.label'),
                dataIndex: 'personaId',
                render: (v: string, m) => (
                  <Typography.Text copyable={{ text: v }} title={v}>
                    {m.personaName ?? v.slice(0, 8)}
                  </Typography.Text>
                ),
              },
              { title: t('passportLiveops.messages.status'), dataIndex: 'status', render: (s: string) => <Tag color={MESSAGE_COLORS[s]}>{t(`passportLiveops.messageStatus.${s}`)}</Tag> },
              { title: t('passportLiveops.send.attachments'), dataIndex: 'attachments', render: (a: Reward[]) => <RewardTags rewards={a} /> },
              { title: t('passportLiveops.messages.sentAt'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
              { title: t('passportLiveops.messages.readAt'), dataIndex: 'readAt', render: (v: string | null) => formatDateTime(v) },
              { title: t('passportLiveops.messages.claimedAt'), dataIndex: 'claimedAt', render: (v: string | null) => formatDateTime(v) },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}
