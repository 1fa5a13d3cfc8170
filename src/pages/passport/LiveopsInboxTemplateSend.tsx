import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { LIVEOPS_ROUTES } from '../../../resources/passport/liveops';
import { routeTo } from '../../engine/routes';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import type { Reward } from './passport-api';
import { RewardTags } from './LiveopsRewards';

/** An inbox template as players will read it, and the way to send it. */
export default function LiveopsInboxTemplateSend({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const send = () => navigate(`${routeTo(LIVEOPS_ROUTES.inboxMessages, { appId })}?template=${encodeURIComponent(String(record.slugName))}`);
  return (
    <Card
      title={t('passportLiveops.template.preview')}
      extra={
        <Button type="primary" icon={<SendOutlined />} onClick={send} data-testid="template-send">
          {t('passportLiveops.template.send')}
        </Button>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('passportLiveops.send.messageTitle')}>{String(record.title ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('passportLiveops.send.content')}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{String(record.content ?? '') || '—'}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('passportLiveops.send.attachments')}>
          <RewardTags rewards={record.attachments as Reward[] | undefined} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
