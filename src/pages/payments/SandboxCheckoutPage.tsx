import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Result, Skeleton, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { PAYMENT_STATUS, type SandboxCheckout } from '../../../resources/payments-api';
import { requireOk } from '../../../providers/http';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFetch } from '../../lib/useFetch';
import { SiteShell } from '../site/SiteShell';
import './texts';

/** The path and query of a return address on this origin (the server builds it from the public address). */
const localPath = (url: string) => {
  const u = new URL(url, window.location.origin);
  return `${u.pathname}${u.search}`;
};

/**
 * `/payments/sandbox/:outTradeNo`: the built-in sandbox checkout standing in for Alipay. Paying (or failing) makes
 * the server send itself the signed notification Alipay would send, then returns to the result page.
 */
export default function SandboxCheckoutPage() {
  const { outTradeNo = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('payments.sandbox.title'));
  const navigate = useNavigate();
  const checkout = useFetch<SandboxCheckout>(`/api/alipay/sandbox/${encodeURIComponent(outTradeNo)}`, { silent: true });
  const [pending, setPending] = useState<'success' | 'fail'>();

  async function settle(result: 'success' | 'fail') {
    setPending(result);
    try {
      const after = await requireOk<SandboxCheckout>(`/api/alipay/sandbox/${encodeURIComponent(outTradeNo)}/pay`, { method: 'POST', body: { Result: result } });
      navigate(localPath(after.ReturnUrl), { replace: true });
    } catch {
      setPending(undefined);
    }
  }

  const content = () => {
    if (checkout.error) return <Result status="404" title={t('payments.sandbox.unavailable')} subTitle={t('payments.sandbox.unavailableHint')} />;
    const c = checkout.data;
    if (!c) return <Skeleton active />;
    const open = c.Status === PAYMENT_STATUS.callback;
    return (
      <Flex vertical gap={20}>
        <Alert type="warning" showIcon message={t('payments.sandbox.subtitle')} />
        <Flex vertical align="center" gap={4}>
          <Typography.Text type="secondary">{t('payments.sandbox.amount')}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="sandbox-amount">
            ¥ {formatAmount(c.Amount)}
          </Typography.Title>
        </Flex>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'merchant', label: t('payments.sandbox.merchant'), children: 'Lodestar' },
            { key: 'org', label: t('payments.sandbox.org'), children: c.OrgName },
            { key: 'no', label: t('payments.sandbox.orderNo'), children: c.OutTradeNo },
          ]}
        />
        {open ? (
          <Flex vertical gap={8}>
            <Button type="primary" size="large" block icon={<SafetyCertificateOutlined />} loading={pending === 'success'} disabled={!!pending} onClick={() => void settle('success')} data-testid="sandbox-pay">
              {t('payments.sandbox.pay')}
            </Button>
            <Popconfirm title={t('payments.sandbox.failConfirm')} onConfirm={() => void settle('fail')} okButtonProps={{ danger: true }}>
              <Button block danger loading={pending === 'fail'} disabled={!!pending} data-testid="sandbox-fail">
                {t('payments.sandbox.fail')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : (
          <Result status="info" title={t('payments.sandbox.closed')} extra={<Button onClick={() => navigate(localPath(c.ReturnUrl))}>{t('payments.callback.title')}</Button>} />
        )}
      </Flex>
    );
  };

  return (
    <SiteShell width={480}>
      <Card title={t('payments.sandbox.title')} style={{ marginTop: 32 }} data-testid="sandbox-checkout">
        {content()}
      </Card>
    </SiteShell>
  );
}
