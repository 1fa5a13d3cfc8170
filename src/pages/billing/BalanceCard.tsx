import type { ReactNode } from 'react';
import Decimal from 'decimal.js';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import type { Balance } from '../../../resources/billing-api';
import { useLocale } from '../../lib/useLocale';
import { yuan } from './money';

const DETAIL_FIELDS = ['LastMonthBalance', 'DepositAmount', 'TotalBillAmount', 'RefundAmount', 'AdjustmentAmount', 'IncreasedAmount', 'ReducedAmount', 'PendingAmount'] as const;

/**
 * Every field of an organisation's balance (spec 000 §3), in zh-CN format with 2 decimals. `actions` is the place
 * for what acts on the balance (the top-up button, the invoice request link).
 */
export function BalanceCard({ balance, loading, actions }: { balance?: Balance; loading?: boolean; actions?: ReactNode }) {
  const { t } = useLocale();
  const negative = balance ? new Decimal(balance.Balance).isNegative() : false;
  return (
    <Card loading={loading} title={t('billing.balance.title')} extra={actions} style={{ marginBottom: 16 }} data-testid="balance-card">
      {balance && (
        <>
          <Statistic
            title={t('billing.balance.Balance')}
            value={yuan(balance.Balance)}
            valueStyle={{ fontSize: 32, color: negative ? '#cf1322' : undefined }}
            data-testid="balance-Balance"
          />
          {negative && <Alert type="warning" showIcon message={t('billing.balance.negative')} style={{ margin: '12px 0' }} />}
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            {DETAIL_FIELDS.map((field) => (
              <Col key={field} xs={12} sm={8} md={6}>
                <Typography.Text type="secondary">{t(`billing.balance.${field}`)}</Typography.Text>
                <div style={{ fontSize: 16, fontVariantNumeric: 'tabular-nums' }} data-testid={`balance-${field}`}>
                  {yuan(balance[field])}
                </div>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Card>
  );
}
