import { useState } from 'react';
import { App, Button, Card, Flex, Form, Input, InputNumber, Modal, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { toast } from '../../../providers/notification';
import { showFieldErrors } from '../../lib/api';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { passportCall, useRefreshResource, type Reward } from './passport-api';
import { RewardsInput, RewardTags } from './LiveopsRewards';

type Item = { id: string; name: string; description?: string; target: number; rewards?: Reward[]; status: 'published' | 'unpublished' };
type Draft = Omit<Item, 'status' | 'id'> & { id?: string };

/**
 * A quest's items: add and edit them, publish or revoke each (the quest's status follows: none, some or all
 * published), delete unpublished ones.
 */
export default function LiveopsQuestItems({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const { modal } = App.useApp();
  const refresh = useRefreshResource('quests');
  const [form] = Form.useForm<Draft>();
  const [editing, setEditing] = useState<Draft>();
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<string>();
  const items = (record.items as Item[] | undefined) ?? [];
  const base = `/quests/${encodeURIComponent(String(record.id))}/items`;

  const run = async (key: string, method: 'POST' | 'DELETE', url: string, done: string) => {
    setBusy(key);
    try {
      await passportCall(appId, method, url);
      toast('success', done);
      await refresh();
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(undefined);
    }
  };

  const save = async (values: Draft) => {
    setSaving(true);
    try {
      await passportCall(appId, 'POST', base, { ...values, id: editing?.id, description: values.description || undefined });
      toast('success', t('passportLiveops.common.saved'));
      setEditing(undefined);
      await refresh();
    } catch (error) {
      showFieldErrors(form, error, ['name', 'description', 'target', 'rewards']);
    } finally {
      setSaving(false);
    }
  };

  const open = (item?: Item) => {
    const draft: Draft = item ? { id: item.id, name: item.name, description: item.description, target: item.target, rewards: item.rewards ?? [] } : { name: '', target: 1, rewards: [] };
    form.setFieldsValue(draft);
    setEditing(draft);
  };

  const remove = (item: Item) =>
    modal.confirm({
      title: t('passportLiveops.items.deleteTitle'),
      content: t('passportLiveops.items.deleteConfirm', { name: item.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => run(item.id, 'DELETE', `${base}/${encodeURIComponent(item.id)}`, t('passportLiveops.items.deleted')),
    });

  return (
    <Card
      title={t('passportLiveops.items.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open()} disabled={items.length >= 100} data-testid="quest-item-add">
          {t('passportLiveops.items.add')}
        </Button>
      }
    >
      <Table<Item>
        rowKey="id"
        dataSource={items}
        pagination={false}
        data-testid="quest-items"
        locale={{ emptyText: t('passportLiveops.items.empty') }}
        scroll={{ x: 800 }}
        columns={[
          { title: t('passportLiveops.items.name'), dataIndex: 'name' },
          { title: t('passportLiveops.items.target'), dataIndex: 'target', width: 110 },
          { title: t('passportLiveops.items.rewards'), dataIndex: 'rewards', render: (r: Reward[]) => <RewardTags rewards={r} /> },
          {
            title: t('passportLiveops.items.status'),
            dataIndex: 'status',
            width: 110,
            render: (s: Item['status'], item) => (
              <Tag color={s === 'published' ? 'green' : 'default'} data-testid={`quest-item-status-${item.id}`}>
                {t(`passportLiveops.items.${s}`)}
              </Tag>
            ),
          },
          {
            key: 'actions',
            width: 230,
            render: (_, item) => {
              const published = item.status === 'published';
              const verb = published ? 'revoke' : 'publish';
              return (
                <Flex gap={4} wrap>
                  <Button
                    size="small"
                    danger={published}
                    loading={busy === item.id}
                    onClick={() => void run(item.id, 'POST', `${base}/${encodeURIComponent(item.id)}/${verb}`, t(`passportLiveops.items.${verb}Done`))}
                    data-testid={`quest-item-${verb}-${item.id}`}
                  >
                    {t(`passportLiveops.items.${verb}`)}
                  </Button>
                  <Button size="small" icon={<EditOutlined />} onClick={() => open(item)} aria-label={t('passportLiveops.items.edit', { name: item.name })} />
                  <Tooltip title={published ? t('passportLiveops.items.revokeFirst') : undefined}>
                    <Button size="small" danger icon={<DeleteOutlined />} disabled={published} onClick={() => remove(item)} aria-label={t('passportLiveops.items.delete', { name: item.name })} />
                  </Tooltip>
                </Flex>
              );
            },
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.id ? t('passportLiveops.items.editTitle') : t('passportLiveops.items.addTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
        width={640}
      >
        <Form<Draft> form={form} layout="vertical" onFinish={(v) => void save(v)} requiredMark="optional">
          <Form.Item name="name" label={t('passportLiveops.items.name')} rules={[{ required: true, whitespace: true, message: t('passportLiveops.items.nameRequired') }]}>
            <Input maxLength={100} autoFocus data-testid="quest-item-name" />
          </Form.Item>
          <Form.Item name="description" label={t('passportLiveops.items.description')}>
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          <Form.Item name="target" label={t('passportLiveops.items.target')} extra={t('passportLiveops.items.targetHint')} rules={[{ required: true, message: t('passportLiveops.items.targetRequired') }]}>
            <InputNumber min={1} max={1_000_000_000} precision={0} data-testid="quest-item-target" />
          </Form.Item>
          <Form.Item label={t('passportLiveops.items.rewards')}>
            <RewardsInput appId={appId} name="rewards" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
