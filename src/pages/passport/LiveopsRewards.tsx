import { Flex, Tag, Typography } from 'antd';
import { useLocale } from '../../lib/useLocale';
import type { Reward } from './passport-api';

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
