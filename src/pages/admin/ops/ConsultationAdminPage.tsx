import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Empty, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { consultation, offerOf, TICKET_STATUSES, type PageOf, type Ticket } from '../../../../resources/ops-api';
import { PageHeader } from '../../../engine/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useApiQuery } from '../../../lib/api';
import { useFeeText } from '../../site/fee';
import { SendMailDialog } from './SendMailDialog';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PAGE_SIZE = 20;

interface Filters {
  status?: string;
  type?: string;
  orgName?: string;
  orgId?: string;
}

/** `/admin/consultation`: every consultation ticket, filtered, with a reply by e-mail. */
export default function ConsultationAdminPage() {
  const { t, text } = useLocale();
  usePageTitle(t('ops.tickets.title'));
  const feeText = useFeeText();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [mail, setMail] = useState<{ To?: string[]; Subject?: string }>();
  const query = useMemo(() => ({ ...filters, count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE }), [filters, page]);
  const { data, loading } = useApiQuery<PageOf<Ticket>>('/api/tickets', { query });
  const filter = (patch: Filters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={t('ops.tickets.title')}
        subtitle={t('ops.tickets.subtitle')}
        extra={
          <Button icon={<MailOutlined />} onClick={() => setMail({})} data-testid="send-mail">
            {t('ops.mail.send')}
          </Button>
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('ops.tickets.filters.orgName')}
            aria-label={t('ops.tickets.filters.orgName')}
            maxLength={100}
            style={{ width: 220 }}
            onSearch={(v) => filter({ orgName: v.trim() || undefined })}
            data-testid="tickets-filter-orgName"
          />
          <Input.Search
            allowClear
            placeholder={t('ops.tickets.filters.orgId')}
            aria-label={t('ops.tickets.filters.orgId')}
            maxLength={64}
            style={{ width: 300 }}
            onSearch={(v) => filter({ orgId: v.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder={t('ops.tickets.filters.type')}
            style={{ width: 220 }}
            options={consultation.offers.map((o) => ({ value: o.type, label: text(o.label) }))}
            onChange={(v?: string) => filter({ type: v })}
            data-testid="tickets-filter-type"
          />
          <Select
            allowClear
            placeholder={t('ops.tickets.filters.status')}
            style={{ width: 140 }}
            options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`ops.ticket.statuses.${s}`) }))}
            onChange={(v?: string) => filter({ status: v })}
          />
        </Flex>
        <Table<Ticket>
          rowKey="TicketId"
          loading={loading}
          dataSource={data?.Items ?? []}
          scroll={{ x: 1300 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ops.tickets.empty')} /> }}
          expandable={{ expandedRowRender: (r) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.Content}</Typography.Paragraph> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.TotalCount ?? 0, onChange: setPage, showSizeChanger: false }}
          data-testid="tickets-table"
          columns={[
            { title: t('ops.tickets.columns.createdAt'), dataIndex: 'CreatedAt', width: 170, render: (v: string) => formatDateTime(v) },
            { title: t('ops.tickets.columns.org'), dataIndex: 'OrgName', width: 160, render: (name: string, r) => <Link to={`/admin/organization/${encodeURIComponent(r.OrgId)}`}>{name}</Link> },
            { title: t('ops.tickets.columns.type'), dataIndex: 'Type', width: 180, render: (v: string) => (offerOf(v) ? text(offerOf(v)!.label) : v) },
            { title: t('ops.tickets.columns.title'), dataIndex: 'Title', ellipsis: true },
            { title: t('ops.tickets.columns.fee'), dataIndex: 'Fee', width: 190, render: (fee: string, r) => feeText(fee, r.FeeUnit) },
            { title: t('ops.tickets.columns.contact'), dataIndex: 'Contact', width: 200, ellipsis: true },
            {
              title: t('ops.tickets.columns.status'),
              dataIndex: 'Status',
              width: 100,
              render: (v: string) => <Tag color="processing">{t(`ops.ticket.statuses.${v}`, { defaultValue: v })}</Tag>,
            },
            {
              key: 'actions',
              width: 170,
              fixed: 'right',
              render: (_: unknown, r) => (
                <Space>
                  <Link to={`/consultation/${encodeURIComponent(r.TicketId)}`} target="_blank" rel="noopener">
                    {t('ops.tickets.open')}
                  </Link>
                  <Typography.Link
                    onClick={() => setMail({ To: EMAIL.test(r.Contact) ? [r.Contact] : [], Subject: t('ops.mail.replySubject', { title: r.Title }) })}
                    data-testid={`ticket-reply-${r.TicketId}`}
                  >
                    {t('ops.tickets.reply')}
                  </Typography.Link>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <SendMailDialog open={!!mail} initial={mail} onClose={() => setMail(undefined)} />
    </>
  );
}
