import { Card, List, Space, Tag, Typography } from 'antd';
import type { PlaygroundExample } from '../../../resources/playground';
import { useLocale } from '../../lib/useLocale';
import { MONO } from './Json';

export const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

/** The ready-made calls of the service's declaration; choosing one loads it into the request panel. */
export function ExampleList({ examples, chosen, onChoose }: { examples: PlaygroundExample[]; chosen: number; onChoose: (index: number) => void }) {
  const { t, text } = useLocale();
  return (
    <Card title={t('playgrounds.examples')} size="small" styles={{ body: { padding: 0 } }}>
      <List
        dataSource={examples}
        renderItem={(example, index) => (
          <List.Item
            onClick={() => onChoose(index)}
            style={{ cursor: 'pointer', padding: '10px 16px', background: index === chosen ? 'rgba(22, 119, 255, 0.08)' : undefined }}
            data-testid="playground-example"
            data-name={example.name}
          >
            <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
              <Typography.Text strong={index === chosen}>{text(example.label)}</Typography.Text>
              <Space size={6} style={{ minWidth: 0 }}>
                <Tag color={METHOD_COLORS[example.method]} style={{ marginInlineEnd: 0 }}>
                  {example.method}
                </Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                  <code style={MONO}>{example.path}</code>
                </Typography.Text>
              </Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
