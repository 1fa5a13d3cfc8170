import { Alert, Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';
import { usePassportQuery } from './passport-api';
import { useRefetchOnChange } from './players-api';

interface RealName {
  verified: boolean;
  name?: string;
  idNumber?: string;
  birthDate?: string;
  age?: number;
  ageBand?: string;
  adult?: boolean;
  verifiedAt?: string;
}

/** On a user's page: their real-name check, masked (GET /users/:id/real-name). */
export default function PlayersRealName({ record, appId }: PanelProps) {
  const { t } = useLocale();
  const { data, loading, error, refetch } = usePassportQuery<RealName>(appId, `/users/${encodeURIComponent(String(record.id))}/real-name`);
  useRefetchOnChange(refetch, record.version);
  const status = data && <Tag color={data.verified ? 'green' : 'default'} data-testid="real-name-status">{t(data.verified ? 'passportPlayers.realName.verified' : 'passportPlayers.realName.notVerified')}</Tag>;
  return (
    <Card title={t('passportPlayers.realName.title')} size="small" extra={status} data-testid="user-real-name">
      {loading && !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : error ? (
        <Alert type="error" showIcon message={t('passportPlayers.realName.loadFailed')} />
      ) : !data?.verified ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passportPlayers.realName.notVerifiedHint')} />
      ) : (
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('passportPlayers.realName.name')}>{data.name}</Descriptions.Item>
          <Descriptions.Item label={t('passportPlayers.realName.idNumber')}>
            <span style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}>{data.idNumber}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('passportPlayers.realName.birthDate')}>{data.birthDate}</Descriptions.Item>
          <Descriptions.Item label={t('passportPlayers.realName.age')}>{t('passportPlayers.realName.ageValue', { age: data.age })}</Descriptions.Item>
          <Descriptions.Item label={t('passportPlayers.realName.ageBand')}>
            <Tag color={data.adult ? 'blue' : 'orange'}>
              {t(`passportPlayers.realName.bands.${data.ageBand}`)} · {t(data.adult ? 'passportPlayers.realName.adult' : 'passportPlayers.realName.minor')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('passportPlayers.realName.verifiedAt')}>{formatDateTime(data.verifiedAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
