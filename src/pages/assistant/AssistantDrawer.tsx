import { useEffect, useRef, useState } from 'react';
import { App, Button, Drawer, Empty, Flex, Input, Popconfirm, Spin, Typography } from 'antd';
import { DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { QUESTION_LIMIT } from '../../../resources/ai';
import { useLocale } from '../../lib/useLocale';
import { sendsQuestion } from './answer-parts';
import { AssistantEntry } from './AssistantEntry';
import { useConversation } from './useConversation';

/**
 * The knowledge assistant's panel: the conversation so far, a box to ask in (Enter sends, Shift+Enter breaks the
 * line) and a confirmed clearing of the history.
 */
export default function AssistantDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLocale();
  const { message } = App.useApp();
  const { entries, loading, asking, ask, clear } = useConversation(open);
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [entries.length, asking, open]);

  const send = async () => {
    const q = question.trim();
    if (!q || asking) return;
    if (await ask(q)) setQuestion('');
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('assistant.title')}
      width={520}
      destroyOnHidden={false}
      data-testid="assistant-drawer"
      extra={
        <Popconfirm
          title={t('assistant.clearConfirm')}
          onConfirm={async () => {
            await clear();
            void message.success(t('assistant.cleared'));
          }}
          disabled={entries.length === 0}
        >
          <Button icon={<DeleteOutlined />} disabled={entries.length === 0} data-testid="assistant-clear">
            {t('assistant.clear')}
          </Button>
        </Popconfirm>
      }
      footer={
        <Flex gap={8} align="flex-end" style={{ paddingBottom: 16 }}>
          <Input.TextArea
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              if (!sendsQuestion(e)) return;
              e.preventDefault();
              void send();
            }}
            placeholder={t('assistant.placeholder')}
            aria-label={t('assistant.placeholder')}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={QUESTION_LIMIT}
            showCount
            autoFocus
            data-testid="assistant-question"
          />
          <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} loading={!!asking} disabled={!question.trim()}>
            {t('assistant.send')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('assistant.intro')}</Typography.Paragraph>
      <Spin spinning={loading}>
        <Flex vertical gap={16} aria-live="polite">
          {entries.length === 0 && !asking && !loading && <Empty description={t('assistant.empty')} />}
          {entries.map((entry) => (
            <AssistantEntry key={entry.id} entry={entry} />
          ))}
          {asking && (
            <Flex vertical gap={8}>
              <Typography.Text strong style={{ alignSelf: 'flex-end', whiteSpace: 'pre-wrap' }}>
                {asking}
              </Typography.Text>
              <Spin size="small" tip={t('assistant.asking')}>
                <div style={{ height: 32 }} />
              </Spin>
            </Flex>
          )}
          <div ref={end} />
        </Flex>
      </Spin>
    </Drawer>
  );
}
