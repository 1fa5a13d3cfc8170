import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Result, Spin, Tabs, Typography } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import Decimal from 'decimal.js';
import { MAX_PAYMENT_AMOUNT, PAYMENT_STATUS, type AlipayOrder, type Remittance } from '../../../resources/payments-api';
import { isValidAmount } from '../../../resources/amount';
import { request } from '../../../providers/http';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePaymentStatus } from './usePaymentStatus';

interface Values {
  amount: string;
  method: 'page' | 'wap';
}

/** The amount rule of spec 000 §5 (positive, 2 decimals) within what Alipay takes in one payment. */
export function amountProblem(value: string): 'required' | 'invalid' | 'tooLarge' | undefined {
  const v = value.trim();
  if (!v) return 'required';
  if (!isValidAmount(v)) return 'invalid';
  if (new Decimal(v).gt(MAX_PAYMENT_AMOUNT)) return 'tooLarge';
  return undefined;
}

/**
 * Tops up an organisation's balance: an amount and a way to pay with Alipay (the payment page opens in a new
 * window; the dialog waits for the result and then calls `onPaid`), or our bank account for a transfer.
 * For the organisation bill page: `<TopUpButton orgId={orgId} onPaid={refreshBalance} />`.
 */
export function TopUpButton({ orgId, onPaid, disabled }: { orgId: string; onPaid?: () => void; disabled?: boolean }) {
  const { t } = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<WalletOutlined />} onClick={() => setOpen(true)} disabled={disabled} data-testid="top-up">
        {t('payments.topUp.button')}
      </Button>
      {open && <TopUpDialog orgId={orgId} onClose={() => setOpen(false)} onPaid={onPaid} />}
    </>
  );
}

function TopUpDialog({ orgId, onClose, onPaid }: { orgId: string; onClose: () => void; onPaid?: () => void }) {
  const { t } = useLocale();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const [order, setOrder] = useState<AlipayOrder>();
  const [blocked, setBlocked] = useState(false);
  const { payment } = usePaymentStatus(order?.OutTradeNo);
  const settled = payment && (payment.Status === PAYMENT_STATUS.success || payment.Status === PAYMENT_STATUS.fail);

  // Once per payment: the page reloads its balance when the money has arrived.
  const told = useRef<string>();
  useEffect(() => {
    if (payment?.Status !== PAYMENT_STATUS.success || told.current === payment.OutTradeNo) return;
    told.current = payment.OutTradeNo;
    onPaid?.();
  }, [payment?.Status, payment?.OutTradeNo, onPaid]);

  async function pay(values: Values) {
    setPending(true);
    // Opened before the call so the browser counts it as the click's own window.
    const win = window.open('', '_blank');
    const answer = await request<AlipayOrder>('/api/alipay', { method: 'POST', body: { OrgId: orgId, Amount: values.amount.trim(), Method: values.method } });
    setPending(false);
    if (!answer?.PayUrl) {
      win?.close();
      return;
    }
    setOrder(answer);
    if (win) win.location.href = answer.PayUrl;
    else setBlocked(true);
  }

  const alipay = order ? (
    <div data-testid="top-up-waiting">
      {payment?.Status === PAYMENT_STATUS.success ? (
        <Result
          status="success"
          title={t('payments.topUp.paid', { amount: formatAmount(payment.Amount) })}
          extra={
            <Button type="primary" onClick={onClose} data-testid="top-up-done" autoFocus>
              {t('common.close')}
            </Button>
          }
        />
      ) : payment?.Status === PAYMENT_STATUS.fail ? (
        <Result status="warning" title={t('payments.topUp.failed')} />
      ) : (
        <Result
          icon={<Spin size="large" />}
          title={t('payments.topUp.waitingTitle')}
          subTitle={t('payments.topUp.waiting')}
          extra={
            (blocked || order.Provider === 'sandbox') && (
              <Typography.Link href={order.PayUrl} target="_blank" rel="noopener" data-testid="top-up-open-page">
                {t('payments.topUp.openPayPage')}
              </Typography.Link>
            )
          }
        />
      )}
      {blocked && !settled && <Alert type="warning" showIcon message={t('payments.topUp.popupBlocked')} />}
    </div>
  ) : (
    <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ method: 'page' }} onFinish={(v) => void pay(v)}>
      <Form.Item
        name="amount"
        label={t('payments.topUp.amount')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = amountProblem(value ?? '');
              if (problem) throw new Error(t(`payments.topUp.amount${problem[0].toUpperCase()}${problem.slice(1)}`));
            },
          },
        ]}
      >
        <Input prefix="¥" placeholder={t('payments.topUp.amountPlaceholder')} inputMode="decimal" maxLength={13} autoFocus data-testid="top-up-amount" />
      </Form.Item>
      <Form.Item name="method" label={t('payments.topUp.method')}>
        <Radio.Group
          options={(['page', 'wap'] as const).map((m) => ({ value: m, label: t(`payments.topUp.methods.${m}`) }))}
          data-testid="top-up-method"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="top-up-pay">
        {t('payments.topUp.pay')}
      </Button>
    </Form>
  );

  return (
    <Modal open title={t('payments.topUp.title')} onCancel={onClose} footer={null} destroyOnHidden width={520}>
      <Tabs
        items={[
          { key: 'alipay', label: t('payments.topUp.alipay'), children: alipay },
          { key: 'bank', label: t('payments.topUp.bank'), children: <RemittanceNote /> },
        ]}
      />
    </Modal>
  );
}

/** Our account for bank transfers (spec 000 §7: the remittance note). */
export function RemittanceNote() {
  const { t } = useLocale();
  const [note, setNote] = useState<Remittance | null>();
  useEffect(() => {
    void request<Remittance>('/api/remittance').then(setNote);
  }, []);
  if (note === undefined) return <Spin />;
  if (!note || !note.AccountNumber) return <Alert type="info" showIcon message={t('payments.topUp.bankNotConfigured')} />;
  const copyable = (v: string) => <Typography.Text copyable={{ text: v, tooltips: [t('payments.topUp.copy')] }}>{v}</Typography.Text>;
  return (
    <div data-testid="remittance-note">
      <Typography.Paragraph type="secondary">{t('payments.topUp.bankHint')}</Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('payments.topUp.accountName')}>{copyable(note.AccountName)}</Descriptions.Item>
        <Descriptions.Item label={t('payments.topUp.bankName')}>{copyable(note.BankName)}</Descriptions.Item>
        <Descriptions.Item label={t('payments.topUp.accountNumber')}>{copyable(note.AccountNumber)}</Descriptions.Item>
        {note.Note && <Descriptions.Item label={t('payments.topUp.note')}>{note.Note}</Descriptions.Item>}
      </Descriptions>
    </div>
  );
}
