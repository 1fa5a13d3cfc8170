import { Card, Empty, Space, Tag, Typography } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { Json } from './Json';
import type { PlaygroundAnswer } from './run';

const statusColor = (status: number) => (status >= 200 && status < 300 ? 'green' : status >= 400 && status < 500 ? 'orange' : 'red');

/** What the server answered: its status, how long it took, and the body as indented JSON. */
export function AnswerPanel({ answer }: { answer?: PlaygroundAnswer }) {
  const { t } = useLocale();
  return (
    <Card
      size="small"
      title={t('playgrounds.answer')}
      extra={
        answer && (
          <Space>
            <Tag color={statusColor(answer.status)} data-testid="playground-status">
              {t('playgrounds.status')} {answer.status || '—'}
            </Tag>
            <Typography.Text type="secondary">{t('playgrounds.time', { ms: answer.ms })}</Typography.Text>
          </Space>
        )
      }
      data-testid="playground-answer"
    >
      {!answer ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playgrounds.notSent')} />
      ) : answer.body === undefined ? (
        <Typography.Text type="secondary">{t('playgrounds.noBody')}</Typography.Text>
      ) : (
        <Json value={answer.body} testId="playground-answer-body" />
      )}
    </Card>
  );
}
