import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { showFieldErrors } from '../../lib/api';
import { useLocale } from '../../lib/useLocale';
import { passportCall, usePassportQuery, type Page, type Reward } from './passport-api';
import { PersonaPicker } from './LiveopsPersonaPicker';
import { RewardsInput, RewardTags } from './LiveopsRewards';

type Template = { id: string; name: string; slugName: string; title: string; content?: string; attachments?: Reward[] };
type Tag = { id: string; name: string };
export type SendRecord = { id: string; delivered: number; refused: { personaId: string; reason: string }[] };

interface Values {
  source: 'template' | 'custom';
  template?: string;
  title?: string;
  content?: string;
  attachments?: Reward[];
  targetType: 'personas' | 'tag' | 'everyone';
  personaIds?: string[];
  tagId?: string;
}

/** What the form sends: a template or a message, and whom to. */
function sendBody(v: Values) {
  const target = v.targetType === 'personas' ? { type: 'personas', personaIds: v.personaIds } : v.targetType === 'tag' ? { type: 'tag', tagId: v.tagId } : { type: 'everyone' };
  if (v.source === 'template') return { template: v.template, target };
  return { title: v.title, content: v.content || undefined, attachments: v.attachments?.length ? v.attachments : undefined, target };
}

/** The send form of the inbox page: a template or a written message, to chosen personas, a tag or everyone. */
export function InboxSendForm({ appId, initialTemplate, onSent }: { appId: string; initialTemplate?: string; onSent: (record: SendRecord) => void }) {
  const { t } = useLocale();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SendRecord>();
  const source = Form.useWatch('source', form);
  const targetType = Form.useWatch('targetType', form);
  const chosen = Form.useWatch('template', form);
  const templates = usePassportQuery<Page<'templates', Template>>(appId, '/inbox/templates', { query: { count: 1000 } }).data?.templates ?? [];
  const tags = usePassportQuery<Page<'tags', Tag>>(appId, '/tags', { query: { count: 1000 } }).data?.tags ?? [];
  const template = templates.find((x) => x.slugName === chosen);

  const send = async (values: Values) => {
    setSending(true);
    try {
      const record = await passportCall<SendRecord>(appId, 'POST', '/inbox/messages', sendBody(values));
      setResult(record);
      onSent(record);
      form.resetFields(['title', 'content', 'attachments']);
    } catch (error) {
      showFieldErrors(form, error, ['template', 'title', 'content', 'attachments']);
    } finally {
      setSending(false);
    }
  };

  const submit = (values: Values) => {
    if (values.targetType !== 'everyone') return void send(values);
    modal.confirm({
      title: t('passportLiveops.send.everyoneTitle'),
      content: t('passportLiveops.send.everyoneConfirm'),
      okText: t('passportLiveops.send.submit'),
      cancelText: t('common.cancel'),
      onOk: () => send(values),
    });
  };

  return (
    <Card title={t('passportLiveops.send.title')}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ source: initialTemplate ? 'template' : 'custom', template: initialTemplate, targetType: 'personas', attachments: [] }}
        onFinish={submit}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name="source" label={t('passportLiveops.send.source')}>
          <Radio.Group optionType="button" options={[{ value: 'custom', label: t('passportLiveops.send.custom') }, { value: 'template', label: t('passportLiveops.send.fromTemplate') }]} />
        </Form.Item>
        {source === 'template' ? (
          <>
            <Form.Item name="template" label={t('passportLiveops.send.template')} rules={[{ required: true, message: t('passportLiveops.send.templateRequired') }]}>
              <Select showSearch optionFilterProp="label" options={templates.map((x) => ({ value: x.slugName, label: `${x.name} (${x.slugName})` }))} data-testid="send-template" />
            </Form.Item>
            {template && (
              <Descriptions size="small" column={1} bordered style={{ marginBottom: 24 }}>
                <Descriptions.Item label={t('passportLiveops.send.messageTitle')}>{template.title}</Descriptions.Item>
                <Descriptions.Item label={t('passportLiveops.send.content')}>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{template.content || '—'}</Typography.Paragraph>
                </Descriptions.Item>
                <Descriptions.Item label={t('passportLiveops.send.attachments')}>
                  <RewardTags rewards={template.attachments} />
                </Descriptions.Item>
              </Descriptions>
            )}
          </>
        ) : (
          <>
            <Form.Item name="title" label={t('passportLiveops.send.messageTitle')} rules={[{ required: true, whitespace: true, message: t('passportLiveops.send.titleRequired') }]}>
              <Input maxLength={100} showCount data-testid="send-title" />
            </Form.Item>
            <Form.Item name="content" label={t('passportLiveops.send.content')}>
              <Input.TextArea maxLength={4000} autoSize={{ minRows: 3, maxRows: 10 }} data-testid="send-content" />
            </Form.Item>
            <Form.Item label={t('passportLiveops.send.attachments')} extra={t('passportLiveops.send.attachmentsHint')}>
              <RewardsInput appId={appId} name="attachments" />
            </Form.Item>
          </>
        )}
        <Form.Item name="targetType" label={t('passportLiveops.send.target')}>
          <Radio.Group
            options={[
              { value: 'personas', label: t('passportLiveops.send.toPersonas') },
              { value: 'tag', label: t('passportLiveops.send.toTag') },
              { value: 'everyone', label: t('passportLiveops.send.toEveryone') },
            ]}
          />
        </Form.Item>
        {targetType === 'personas' && (
          <Form.Item name="personaIds" label={t('passportLiveops.send.personas')} rules={[{ required: true, message: t('passportLiveops.send.personasRequired') }]}>
            <PersonaPicker appId={appId} multiple testId="send-personas" />
          </Form.Item>
        )}
        {targetType === 'tag' && (
          <Form.Item name="tagId" label={t('passportLiveops.send.tag')} rules={[{ required: true, message: t('passportLiveops.send.tagRequired') }]}>
            <Select showSearch optionFilterProp="label" options={tags.map((x) => ({ value: x.id, label: x.name }))} notFoundContent={t('passportLiveops.send.noTags')} />
          </Form.Item>
        )}
        <Flex gap={12} align="center" wrap>
          <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending} data-testid="send-submit">
            {t('passportLiveops.send.submit')}
          </Button>
          <Typography.Text type="secondary">{t('passportLiveops.send.capacityHint')}</Typography.Text>
        </Flex>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 16 }}
          type={result.refused.length ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setResult(undefined)}
          data-testid="send-result"
          message={t('passportLiveops.send.delivered', { count: result.delivered })}
          description={
            result.refused.length ? (
              <>
                {t('passportLiveops.send.refused', { count: result.refused.length })}
                <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                  {result.refused.slice(0, 20).map((r) => (
                    <li key={r.personaId}>
                      <Typography.Text code>{r.personaId}</Typography.Text> {t('passportLiveops.send.inboxFull')}
                    </li>
                  ))}
                </ul>
              </>
            ) : undefined
          }
        />
      )}
    </Card>
  );
}
