import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { PAYMENT_STATUS } from '../../../resources/payments-api';
import { SIGN_IN_PATH } from '../../../providers/http';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { SiteShell } from '../site/SiteShell';
import { usePaymentStatus } from './usePaymentStatus';
import './texts';

/** `/alipay/callback`: where Alipay (or the sandbox) returns the payer; shows the payment's status as it settles. */
export default function AlipayCallbackPage() {
  const { t } = useLocale();
  usePageTitle(t('payments.callback.title'));
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const outTradeNo = params.get('out_trade_no') ?? undefined;
  const { payment, error } = usePaymentStatus(outTradeNo);
  const toBill = (
    <Link to="/apps/bill" key="bill">
      <Button type="primary">{t('payments.callback.toBill')}</Button>
    </Link>
  );

  const result = () => {
    if (!outTradeNo) return <Result status="warning" title={t('payments.callback.missing')} extra={toBill} />;
    if (error === 401) {
      return (
        <Result
          status="info"
          title={t('payments.callback.signIn')}
          extra={
            <Link to={`${SIGN_IN_PATH}?to=${encodeURIComponent(pathname + search)}`}>
              <Button type="primary">{t('payments.callback.toSignIn')}</Button>
            </Link>
          }
        />
      );
    }
    if (error) return <Result status="404" title={t('payments.callback.notFound')} subTitle={t('payments.callback.notFoundHint')} extra={toBill} />;
    if (!payment) return <Result icon={<Spin size="large" />} title={t('payments.callback.checking')} />;
    if (payment.Status === PAYMENT_STATUS.success) {
      return <Result status="success" title={t('payments.callback.success')} subTitle={t('payments.callback.successHint', { amount: formatAmount(payment.Amount) })} extra={toBill} />;
    }
    if (payment.Status === PAYMENT_STATUS.fail) return <Result status="warning" title={t('payments.callback.fail')} subTitle={t('payments.callback.failHint')} extra={toBill} />;
    return <Result icon={<Spin size="large" />} title={t('payments.callback.waiting')} subTitle={t('payments.callback.waitingHint')} extra={toBill} />;
  };

  return (
    <SiteShell width={640}>
      <Card style={{ marginTop: 48 }} data-testid="payment-result" data-status={payment?.StatusName ?? (error ? 'error' : 'loading')}>
        {result()}
        {outTradeNo && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
            {t('payments.callback.orderNo', { no: outTradeNo })}
          </Typography.Paragraph>
        )}
      </Card>
    </SiteShell>
  );
}
