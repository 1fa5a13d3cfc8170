import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Tag, Typography } from 'antd';
import { offerOf, type Ticket } from '../../../resources/ops-api';
import { isApiError } from '../../../providers/http';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFetch } from '../../lib/useFetch';
import { useFeeText } from './fee';
import { SiteShell } from './SiteShell';

/** `/consultation/:ticketId`: a consultation ticket, for whoever holds its link. */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const { t, text } = useLocale();
  usePageTitle(t('ops.ticket.title'));
  const navigate = useNavigate();
  const feeText = useFeeText();
  const { data: ticket, loading, error, refetch } = useFetch<Ticket>(`/base/ticket/${encodeURIComponent(ticketId)}`, { silent: true });
  const missing = isApiError(error) && (error.statusCode === 404 || error.statusCode === 400);

  const body = () => {
    if (ticket) {
      const offer = offerOf(ticket.Type);
      return (
        <>
          <Alert type="info" showIcon message={t('ops.ticket.keepLink')} style={{ marginBottom: 16 }} />
          <Card data-testid="ticket-detail">
            <Descriptions
              column={1}
              bordered
              size="middle"
              items={[
                { key: 'id', label: t('ops.ticket.id'), children: <Typography.Text copyable>{ticket.TicketId}</Typography.Text> },
                {
                  key: 'status',
                  label: t('ops.ticket.status'),
                  children: (
                    <Tag color="processing" data-testid="ticket-status">
                      {t(`ops.ticket.statuses.${ticket.Status}`, { defaultValue: ticket.Status })}
                    </Tag>
                  ),
                },
                { key: 'type', label: t('ops.ticket.type'), children: offer ? text(offer.label) : ticket.Type },
                { key: 'fee', label: t('ops.ticket.fee'), children: feeText(ticket.Fee, ticket.FeeUnit) },
                { key: 'org', label: t('ops.ticket.org'), children: ticket.OrgName },
                { key: 'created', label: t('ops.ticket.createdAt'), children: formatDateTime(ticket.CreatedAt) },
                { key: 'contact', label: t('ops.ticket.contact'), children: ticket.Contact },
                {
                  key: 'content',
                  label: t('ops.ticket.content'),
                  children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{ticket.Content}</Typography.Paragraph>,
                },
              ]}
            />
            <Button style={{ marginTop: 16 }} onClick={() => navigate('/consultation')}>
              {t('ops.ticket.another')}
            </Button>
          </Card>
        </>
      );
    }
    if (missing) {
      return (
        <div data-testid="ticket-missing">
          <Result status="404" title={t('ops.ticket.notFoundTitle')} subTitle={t('ops.ticket.notFoundHint')} />
        </div>
      );
    }
    if (error && !loading) {
      return <Result status="warning" title={isApiError(error) ? error.message : ''} extra={<Button onClick={() => void refetch()}>{t('ops.common.retry')}</Button>} />;
    }
    return <Skeleton active />;
  };

  return (
    <SiteShell width={760}>
      <PageHeader title={ticket ? ticket.Title : t('ops.ticket.title')} subtitle={ticket ? t('ops.ticket.title') : undefined} />
      {body()}
    </SiteShell>
  );
}
