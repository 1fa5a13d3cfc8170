import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Card, Empty, Flex, Select, Table, Tag } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { IdDomainCard } from './IdentityIdDomain';
import { usePassportQuery } from './passport-api';

interface Log {
  id: string;
  phone: string;
  templateId: string | null;
  templateName: string;
  result: 'Sent' | 'RateLimited';
  createdAt: string;
}

const PAGE_SIZE = 20;
const RESULT_COLORS: Record<Log['result'], string> = { Sent: 'green', RateLimited: 'orange' };

/** Every code the app sent or refused, newest first, with the number masked. */
function CodeLogs({ appId }: { appId: string }) {
  const { t } = useLocale();
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Log['result'] | undefined>();
  const logs = usePassportQuery<{ total: number; verificationCodeLogs: Log[] }>(appId, `/id-domains/${encodeURIComponent(appId)}/verification-code-logs`, {
    query: { count: PAGE_SIZE, start: (page - 1) * PAGE_SIZE, result },
  });
  return (
    <Card
      title={t('passportIdentity.logs.title')}
      size="small"
      data-testid="code-logs"
      extra={
        <Select<Log['result']>
          allowClear
          aria-label={t('passportIdentity.logs.all')}
          placeholder={t('passportIdentity.logs.all')}
          style={{ width: 160 }}
          value={result}
          onChange={(v) => {
            setResult(v);
            setPage(1);
          }}
          options={(['Sent', 'RateLimited'] as const).map((r) => ({ value: r, label: t(`passportIdentity.logs.results.${r}`) }))}
        />
      }
    >
      <Table<Log>
        size="small"
        rowKey="id"
        loading={logs.loading}
        dataSource={logs.data?.verificationCodeLogs ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: logs.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(logs.error ? 'passportIdentity.common.loadFailed' : 'passportIdentity.logs.empty')} /> }}
        columns={[
          { title: t('passportIdentity.logs.time'), dataIndex: 'createdAt', width: 190, render: (v: string) => formatDateTime(v) },
          { title: t('passportIdentity.logs.phone'), dataIndex: 'phone', width: 170, render: (v: string) => <code>{v}</code> },
          {
            title: t('passportIdentity.logs.template'),
            dataIndex: 'templateName',
            render: (v: string, r: Log) => (r.templateId ? v : t('passportIdentity.logs.defaultTemplate')),
          },
          {
            title: t('passportIdentity.logs.result'),
            dataIndex: 'result',
            width: 150,
            render: (v: Log['result']) => (
              <Tag color={RESULT_COLORS[v]} data-testid="code-log-result">
                {t(`passportIdentity.logs.results.${v}`)}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}

/**
 * `passport/account/verifyCode`: the id domain and the codes sent. SMS templates are reviewed from their list (the
 * declared approve and reject actions, shown to administrators only).
 */
export default function IdentityVerifyCodes() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('passportIdentity.verifyCodes.title'));
  return (
    <>
      <PageHeader title={t('passportIdentity.verifyCodes.title')} subtitle={t('passportIdentity.verifyCodes.subtitle')} />
      <Flex vertical gap={16}>
        <Alert type="info" showIcon message={t('passportIdentity.verifyCodes.gatewayNote')} />
        <IdDomainCard appId={appId} />
        <CodeLogs appId={appId} />
      </Flex>
    </>
  );
}
