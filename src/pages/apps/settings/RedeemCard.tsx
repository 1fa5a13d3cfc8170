import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { findService } from '../../../../providers/services';
import type { RedeemAnswer } from '../../../../resources/app-api';
import { requireOk } from '../../../../providers/http';
import { useCurrentAppState } from '../../../lib/currentApp';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/useLocale';
import { showServerErrors } from '../formErrors';

/** Redeeming a code issued by the platform: credit for the organisation or a service's trial. Editors only. */
export function RedeemCard() {
  const { app, reload } = useCurrentAppState()!;
  const { t, text } = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Token: string }>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();

  const describe = (answer: RedeemAnswer) => {
    if (answer.Kind === 'credit') return t('org.settings.redeemedCredit', { org: app.OrganizationName, amount: formatAmount(answer.Amount) });
    const service = answer.Service ? findService(answer.Service) : undefined;
    return t('org.settings.redeemedTrial', {
      service: service ? text(service.catalogue.displayName) : answer.Service,
      time: formatDateTime(answer.TrialUntil, 'YYYY-MM-DD HH:mm'),
    });
  };

  const redeem = async ({ Token }: { Token: string }) => {
    setBusy(true);
    setDone(undefined);
    try {
      const answer = await requireOk<RedeemAnswer>(`/api/app/${encodeURIComponent(app.AppId)}/redeem-token`, { method: 'POST', body: { Token: Token.trim() } });
      const line = describe(answer);
      message.success(line);
      setDone(line);
      form.resetFields();
      if (answer.Kind === 'trial') await reload();
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('org.settings.redeem')} style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={redeem} data-testid="redeem-form">
        <Form.Item label={t('org.settings.redeemHint')} required>
          <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
            <Form.Item name="Token" noStyle rules={[{ required: true, whitespace: true, message: t('org.settings.tokenRequired') }]}>
              <Input
                placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
                aria-label={t('org.settings.redeem')}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                data-testid="redeem-token"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="redeem-submit">
              {t('org.settings.redeemSubmit')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {done && <Alert type="success" showIcon message={done} data-testid="redeem-result" />}
    </Card>
  );
}
