import { Alert, Card, Descriptions, Typography } from 'antd';
import { billboardEnd, billboardLive } from '../../../resources/passport/liveops-rules';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';

/** When a billboard shows to players (from its publish time until its expiry), and how it reads to them. */
export default function LiveopsBillboardWindow({ record }: PanelProps) {
  const { t } = useLocale();
  const now = new Date();
  const status = String(record.status);
  const liveAt = typeof record.publishAt === 'string' ? new Date(record.publishAt) : undefined;
  const end = liveAt ? billboardEnd(record, liveAt) : null;
  const showing = billboardLive(record, now);
  let state: { type: 'success' | 'info' | 'warning'; text: string };
  if (status === 'billboardRevoked') state = { type: 'warning', text: t('passportLiveops.billboard.revoked') };
  else if (!liveAt || status === 'billboardPending') state = { type: 'info', text: t('passportLiveops.billboard.pending') };
  else if (showing) state = { type: 'success', text: t('passportLiveops.billboard.showing', { end: formatDateTime(end?.toISOString()) }) };
  else if (liveAt.getTime() > now.getTime()) state = { type: 'info', text: t('passportLiveops.billboard.scheduled', { at: formatDateTime(liveAt.toISOString()) }) };
  else state = { type: 'warning', text: t('passportLiveops.billboard.expired', { end: formatDateTime(end?.toISOString()) }) };

  return (
    <Card title={t('passportLiveops.billboard.title')}>
      <Alert type={state.type} showIcon message={state.text} style={{ marginBottom: 16 }} data-testid="billboard-window" />
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('passportLiveops.billboard.liveAt')}>{formatDateTime(liveAt?.toISOString())}</Descriptions.Item>
        <Descriptions.Item label={t('passportLiveops.billboard.endsAt')}>
          {liveAt ? formatDateTime(end?.toISOString()) : t('passportLiveops.billboard.afterPublish', { days: record.expiry === 'custom' ? '—' : String(record.expiry) })}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" type="inner" title={t('passportLiveops.billboard.preview')} style={{ marginTop: 8 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>{String(record.title ?? '')}</Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{String(record.content ?? '')}</Typography.Paragraph>
      </Card>
    </Card>
  );
}
