import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { services } from '../../../../providers/services';
import {
  AMOUNT_PATTERN,
  MAX_TOKENS_PER_CALL,
  MAX_TRIAL_DAYS,
  TOKEN_KINDS,
  TOKEN_NOTE_MAX,
  type GenerateTokensBody,
  type ServiceTokenItem,
  type TokenKind,
} from '../../../../resources/org-api';
import { requireOk } from '../../../../providers/http';
import { useLocale } from '../../../lib/useLocale';
import { isValidAmount } from '../../../lib/validators';
import { showFieldErrors } from '../../org/data';

/** What the server stores: above zero, at most 16 integer digits and 2 decimals. */
const AMOUNT = new RegExp(AMOUNT_PATTERN);

interface FormValues {
  Kind: TokenKind;
  Amount?: string;
  Service?: string;
  TrialDays?: number;
  Note?: string;
  Count: number;
}

/** The body for the kind chosen: each kind sends only its own fields. */
function bodyOf(v: FormValues): GenerateTokensBody {
  const common = { Kind: v.Kind, Note: v.Note?.trim() ?? '', Count: v.Count };
  return v.Kind === 'credit' ? { ...common, Amount: v.Amount!.trim() } : { ...common, Service: v.Service!, TrialDays: v.TrialDays! };
}

/** Generates codes of one kind (credit with an amount, or a trial of a service) and shows what was issued. */
export function GenerateTokensDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (items: ServiceTokenItem[]) => void }) {
  const { t, text } = useLocale();
  const [form] = Form.useForm<FormValues>();
  const kind: TokenKind = Form.useWatch('Kind', form) ?? 'credit';
  const [saving, setSaving] = useState(false);

  async function generate(values: FormValues) {
    setSaving(true);
    try {
      const answer = await requireOk<{ Items: ServiceTokenItem[] }>('/api/service-token', { method: 'POST', body: bodyOf(values) });
      form.resetFields();
      onDone(answer.Items);
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('org.tokens.dialog.title')}
      okText={t('org.tokens.dialog.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'token-generate-submit' }}
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={generate} initialValues={{ Kind: 'credit', Count: 1, Note: '' }} data-testid="token-form">
        <Form.Item name="Kind" label={t('org.tokens.dialog.kind')} extra={t(`org.tokens.dialog.${kind}Hint`)}>
          <Radio.Group optionType="button" buttonStyle="solid">
            {TOKEN_KINDS.map((k) => (
              <Radio.Button key={k} value={k}>
                <span data-testid={`token-kind-${k}`}>{t(`org.tokens.kinds.${k}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        {kind === 'credit' ? (
          <Form.Item
            name="Amount"
            label={t('org.tokens.dialog.amount')}
            rules={[
              { required: true, whitespace: true, message: t('org.tokens.dialog.amountRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || (isValidAmount(value.trim()) && AMOUNT.test(value.trim()))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('org.tokens.dialog.amountInvalid'))),
              },
            ]}
          >
            <Input inputMode="decimal" prefix="¥" placeholder="100.00" autoFocus data-testid="token-amount" />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="Service" label={t('org.tokens.dialog.service')} rules={[{ required: true, message: t('org.tokens.dialog.serviceRequired') }]}>
              <Select
                showSearch
                placeholder={t('org.tokens.dialog.serviceRequired')}
                optionFilterProp="label"
                options={services.map((s) => ({ value: s.name, label: text(s.catalogue.displayName) }))}
                data-testid="token-service"
              />
            </Form.Item>
            <Form.Item
              name="TrialDays"
              label={t('org.tokens.dialog.days')}
              rules={[{ required: true, type: 'integer', min: 1, max: MAX_TRIAL_DAYS, message: t('org.tokens.dialog.daysRequired') }]}
            >
              <InputNumber min={1} max={MAX_TRIAL_DAYS} precision={0} style={{ width: 160 }} data-testid="token-days" />
            </Form.Item>
          </>
        )}
        <Form.Item name="Note" label={t('org.tokens.dialog.note')}>
          <Input maxLength={TOKEN_NOTE_MAX} showCount placeholder={t('org.tokens.dialog.notePlaceholder')} data-testid="token-note" />
        </Form.Item>
        <Form.Item name="Count" label={t('org.tokens.dialog.count')} extra={t('org.tokens.dialog.countHint')} rules={[{ required: true, type: 'integer', min: 1, max: MAX_TOKENS_PER_CALL }]}>
          <InputNumber min={1} max={MAX_TOKENS_PER_CALL} precision={0} style={{ width: 160 }} data-testid="token-count" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}

/** The codes just generated, to copy all at once. */
export function GeneratedTokens({ items, onClose }: { items: ServiceTokenItem[]; onClose: () => void }) {
  const { t } = useLocale();
  const codes = items.map((i) => i.Token).join('\n');
  return (
    <Modal
      open={items.length > 0}
      title={t('org.tokens.result.title', { count: items.length })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="token-result"
    >
      <Alert type="success" showIcon message={t('org.tokens.result.hint')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: codes, tooltips: [t('org.tokens.result.copyAll'), t('common.copied')] }} style={{ marginBottom: 8 }}>
        {t('org.tokens.result.copyAll')}
      </Typography.Paragraph>
      <pre style={{ maxHeight: 280, overflow: 'auto', margin: 0, padding: 12, background: 'rgba(0,0,0,0.03)', borderRadius: 6 }} data-testid="token-result-codes">
        {codes}
      </pre>
    </Modal>
  );
}
