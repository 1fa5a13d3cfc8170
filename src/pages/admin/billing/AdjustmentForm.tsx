import { useState } from 'react';
import { App, Button, Form, Input, Radio, Select } from 'antd';
import type { AdjustmentType } from '../../../../resources/billing-api';
import { TRANSACTION_NOTE_MAX, type BalanceItem, type CreateTransactionBody, type ManualTransactionType } from '../../../../resources/transactions-api';
import { isValidAmount } from '../../../../resources/amount';
import { requireOk } from '../../../../providers/http';
import { toast } from '../../../../providers/notification';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { useBalances } from '../../billing/api';
import { yuan } from '../../billing/money';
import { showFieldErrors } from '../../org/data';

interface Values {
  OrgId: string;
  Type: ManualTransactionType;
  AdjustmentType: AdjustmentType;
  Amount: string;
  Status: 'Active' | 'Pending';
  Note: string;
}

/** An organisation found by id, name or company name, showing its balance. */
function OrgPicker({ value, onChange, onPicked }: { value?: string; onChange?: (v: string) => void; onPicked: (b: BalanceItem | undefined) => void }) {
  const { t } = useLocale();
  const [q, setQ] = useState('');
  const found = useBalances({ q: q.trim() || undefined, count: 20 });
  const items = found.data?.Items ?? [];
  return (
    <Select
      value={value}
      showSearch
      filterOption={false}
      onSearch={setQ}
      loading={found.loading}
      placeholder={t('billing.office.search')}
      onChange={(id: string) => {
        onChange?.(id);
        onPicked(items.find((b) => b.OrgId === id));
      }}
      options={items.map((b) => ({ value: b.OrgId, label: b.CompanyName ? `${b.OrgName}（${b.CompanyName}）` : b.OrgName }))}
      data-testid="adjustment-org"
    />
  );
}

/** Creating an adjustment (Increase / Reduce) or a manual bank-transfer deposit, confirmed before it is sent. */
export function AdjustmentForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useLocale();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [org, setOrg] = useState<BalanceItem>();
  const type = Form.useWatch('Type', form) ?? 'Adjustment';

  const send = async (v: Values) => {
    setBusy(true);
    const body: CreateTransactionBody = {
      OrgId: v.OrgId,
      Type: v.Type,
      Amount: v.Amount.trim(),
      Note: v.Note.trim(),
      ...(v.Type === 'Adjustment' ? { AdjustmentType: v.AdjustmentType, Status: 'Active' } : { Status: v.Status }),
    };
    try {
      await requireOk('/api/transactions', { method: 'POST', body });
      toast('success', t('billing.office.form.created'));
      form.resetFields(['Amount', 'Note']);
      onCreated();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };

  const confirm = (v: Values) => {
    const vars = {
      org: org?.OrgName ?? v.OrgId,
      amount: formatAmount(v.Amount.trim()),
      direction: t(`billing.adjustmentTypes.${v.AdjustmentType}`),
      status: t(v.Status === 'Active' ? 'billing.office.form.statusActive' : 'billing.office.form.statusPending'),
    };
    modal.confirm({
      title: t('billing.office.form.confirmTitle'),
      content: t(v.Type === 'Adjustment' ? 'billing.office.form.confirmAdjustment' : 'billing.office.form.confirmDeposit', vars),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => send(v),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ Type: 'Adjustment', AdjustmentType: 'Increase', Status: 'Active' }}
      onFinish={confirm}
      style={{ maxWidth: 560 }}
      data-testid="adjustment-form"
    >
      <Form.Item
        name="OrgId"
        label={t('billing.office.form.org')}
        rules={[{ required: true, message: t('billing.office.form.orgRequired') }]}
        extra={org && `${t('billing.balance.Balance')}: ${yuan(org.Balance)}`}
      >
        <OrgPicker onPicked={setOrg} />
      </Form.Item>
      <Form.Item name="Type" label={t('billing.office.form.type')}>
        <Radio.Group optionType="button" data-testid="adjustment-type">
          <Radio.Button value="Adjustment">{t('billing.office.form.adjustment')}</Radio.Button>
          <Radio.Button value="Deposit">{t('billing.office.form.deposit')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {type === 'Adjustment' ? (
        <Form.Item name="AdjustmentType" label={t('billing.office.form.direction')}>
          <Radio.Group data-testid="adjustment-direction">
            <Radio value="Increase">{t('billing.adjustmentTypes.Increase')}</Radio>
            <Radio value="Reduce">{t('billing.adjustmentTypes.Reduce')}</Radio>
          </Radio.Group>
        </Form.Item>
      ) : (
        <Form.Item name="Status" label={t('billing.office.form.status')}>
          <Radio.Group data-testid="adjustment-status">
            <Radio value="Active">{t('billing.office.form.statusActive')}</Radio>
            <Radio value="Pending">{t('billing.office.form.statusPending')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item
        name="Amount"
        label={t('billing.office.form.amount')}
        rules={[
          { required: true, whitespace: true, message: t('billing.office.form.amountRequired') },
          { validator: (_, v?: string) => (!v?.trim() || isValidAmount(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('billing.office.form.amountInvalid')))) },
        ]}
      >
        <Input prefix="¥" inputMode="decimal" maxLength={20} placeholder="0.00" data-testid="adjustment-amount" />
      </Form.Item>
      <Form.Item name="Note" label={t('billing.office.form.note')} rules={[{ required: true, whitespace: true, message: t('billing.transactions.noteRequired') }]}>
        <Input.TextArea
          rows={3}
          maxLength={TRANSACTION_NOTE_MAX}
          showCount
          placeholder={t(type === 'Adjustment' ? 'billing.office.form.notePlaceholderAdjustment' : 'billing.office.form.notePlaceholderDeposit')}
          data-testid="adjustment-note"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="adjustment-submit">
        {t('billing.office.form.submit')}
      </Button>
    </Form>
  );
}
