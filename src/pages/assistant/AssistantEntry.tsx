import { Alert, Flex, Tag, Typography, theme } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { answerParts } from './answer-parts';
import type { ConversationEntry } from './useConversation';

/** One question and its answer: the answer's citations link to its numbered sources, listed under it. */
export function AssistantEntry({ entry }: { entry: ConversationEntry }) {
  const { t } = useLocale();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} data-testid="assistant-entry">
      <Typography.Text strong style={{ alignSelf: 'flex-end', background: token.colorPrimaryBg, padding: '6px 12px', borderRadius: token.borderRadiusLG, whiteSpace: 'pre-wrap', maxWidth: '85%' }}>
        {entry.question}
      </Typography.Text>
      <div style={{ background: token.colorFillQuaternary, padding: '8px 12px', borderRadius: token.borderRadiusLG }}>
        {entry.note && <Alert type="warning" showIcon message={entry.note} style={{ marginBottom: 8 }} />}
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>
          {answerParts(entry.answer, entry.sources.length).map((part, i) =>
            'cite' in part ? (
              <a key={i} href={entry.sources[part.cite - 1].address} target="_blank" rel="noreferrer" title={entry.sources[part.cite - 1].title}>
                [{part.cite}]
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Typography.Paragraph>
        {entry.sources.length > 0 && (
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">
              {t('assistant.sources')} <Tag bordered={false}>{entry.generated ? t('assistant.generated') : t('assistant.extracted')}</Tag>
            </Typography.Text>
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              {entry.sources.map((s) => (
                <li key={s.address}>
                  <a href={s.address} target="_blank" rel="noreferrer">
                    {s.heading === s.title ? s.title : `${s.title} · ${s.heading}`}
                  </a>
                </li>
              ))}
            </ol>
          </Flex>
        )}
      </div>
    </Flex>
  );
}
