import { PrinterOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Descriptions, Divider, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { MONTH_PATTERN, type MonthStatement } from '../../../resources/bills-api';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useApiQuery } from '../../lib/api';
import { BillLines } from './BillLines';
import { BillStatusTag } from './BillStatusTag';

/** On paper only the statement is printed, without the console around it. */
const PRINT_CSS = `
@media print {
  body * { visibility: hidden; }
  .month-bill-paper, .month-bill-paper * { visibility: visible; }
  .month-bill-paper { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; box-shadow: none; }
  .month-bill-paper .no-print { display: none !important; }
  .month-bill-paper .ant-table { font-size: 11px; }
  .month-bill-app { break-inside: avoid; }
  @page { size: A4; margin: 16mm; }
}`;

/** `/papers/month-bill?orgId=&month=`: an organisation's printable statement of a month. */
export default function MonthBillPaper() {
  const { t } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orgId = params.get('orgId') ?? '';
  const month = params.get('month') ?? '';
  const valid = !!orgId && new RegExp(MONTH_PATTERN).test(month);
  const { data, loading, error } = useApiQuery<MonthStatement>(valid ? '/api/month-statement' : undefined, { query: { orgId, month } });
  usePageTitle(t('metering.paper.title'), data?.OrganizationName, month);

  if (!valid) return <Result status="warning" title={t('metering.paper.missing')} />;
  if (error) return <Result status="error" title={t('metering.paper.title')} />;

  const end = data ? new Date(Date.parse(data.End) - 1000).toISOString() : undefined;
  return (
    <div className="month-bill-paper" data-testid="month-bill-paper" style={{ maxWidth: 960, margin: '0 auto', background: '#fff', padding: 32 }}>
      <style>{PRINT_CSS}</style>
      <Flex justify="space-between" align="center" className="no-print" style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(-1)}>{t('metering.paper.back')}</Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!data} data-testid="print-statement">
          {t('metering.common.print')}
        </Button>
      </Flex>
      {loading && !data ? (
        <Skeleton active />
      ) : data ? (
        <>
          <Typography.Title level={2} style={{ textAlign: 'center' }}>
            {t('metering.paper.title')}
          </Typography.Title>
          <Descriptions column={2} size="small" bordered style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('metering.common.organization')}>{data.OrganizationName}</Descriptions.Item>
            <Descriptions.Item label={t('metering.paper.period')}>
              {data.Month} ({t('metering.paper.from', { start: formatDateTime(data.Start, 'YYYY-MM-DD'), end: formatDateTime(end, 'YYYY-MM-DD') })})
            </Descriptions.Item>
            <Descriptions.Item label={t('metering.paper.total')}>
              <b data-testid="statement-total">{formatAmount(data.Amount)}</b>
            </Descriptions.Item>
            <Descriptions.Item label={t('metering.paper.balanceAtEnd')}>
              <span data-testid="statement-balance">{formatAmount(data.BalanceAtEnd)}</span>{' '}
              <Typography.Text type="secondary">({t('metering.paper.balanceHint')})</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('metering.paper.issued')} span={2}>
              {formatDateTime(new Date().toISOString())}
            </Descriptions.Item>
          </Descriptions>
          {data.Apps.length === 0 ? (
            <Empty description={t('metering.paper.empty')} />
          ) : (
            data.Apps.map((app) => (
              <section key={app.AppId} className="month-bill-app" style={{ marginBottom: 24 }} data-testid="statement-app">
                <Flex justify="space-between" align="baseline">
                  <Typography.Title level={4} style={{ margin: 0 }}>
                    {app.ProjectName} <Typography.Text type="secondary" style={{ fontSize: 12 }}>{app.AppId}</Typography.Text>
                  </Typography.Title>
                  <BillStatusTag bill={app} />
                </Flex>
                <Divider style={{ margin: '8px 0' }} />
                <BillLines items={app.Items} total={app.Amount} printable />
              </section>
            ))
          )}
        </>
      ) : null}
    </div>
  );
}
