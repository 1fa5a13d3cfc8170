import { Button, Flex, Form, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useLocale } from '../../lib/useLocale';
import { usePassportQuery, type Page, type Reward } from './passport-api';

/** Reward lines as tags: "gold × 500". */
export function RewardTags({ rewards }: { rewards: Reward[] | undefined }) {
  const { t } = useLocale();
  if (!rewards?.length) return <Typography.Text type="secondary">{t('passportLiveops.rewards.none')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {rewards.map((r, i) => (
        <Tag key={`${r.resource}-${i}`} color="gold">
          {r.resource} × {r.amount}
        </Tag>
      ))}
    </Flex>
  );
}

type EconomyResource = { slugName: string; name: string };

/** The economy's resources of the app, as choices for a reward line. */
export function useResourceOptions(appId: string) {
  const { data } = usePassportQuery<Page<'resources', EconomyResource>>(appId, '/resources', { query: { count: 1000 } });
  return (data?.resources ?? []).map((r) => ({ value: r.slugName, label: `${r.name} (${r.slugName})` }));
}

/** An editable list of reward lines inside an antd form, under `name`. */
export function RewardsInput({ appId, name }: { appId: string; name: string }) {
  const { t } = useLocale();
  const options = useResourceOptions(appId);
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={8}>
          {fields.map((field, i) => (
            <Space key={field.key} align="start" wrap>
              <Form.Item name={[field.name, 'resource']} rules={[{ required: true, message: t('passportLiveops.rewards.resourceRequired') }]} style={{ marginBottom: 0 }}>
                <Select showSearch options={options} placeholder={t('passportLiveops.rewards.resource')} style={{ width: 240 }} aria-label={`${t('passportLiveops.rewards.resource')} ${i + 1}`} />
              </Form.Item>
              <Form.Item name={[field.name, 'amount']} rules={[{ required: true, message: t('passportLiveops.rewards.amountRequired') }]} style={{ marginBottom: 0 }}>
                <InputNumber min={1} max={1_000_000_000} precision={0} placeholder={t('passportLiveops.rewards.amount')} aria-label={`${t('passportLiveops.rewards.amount')} ${i + 1}`} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('passportLiveops.rewards.remove')} />
            </Space>
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add({ amount: 1 })} disabled={fields.length >= 20} data-testid="rewards-add">
              {t('passportLiveops.rewards.add')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
