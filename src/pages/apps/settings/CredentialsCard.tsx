import { useState } from 'react';
import { App, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SecretKind } from '../../../../resources/app-api';
import { request } from '../../../../providers/http';
import { useCurrentAppState } from '../../../lib/currentApp';
import { useLocale } from '../../../lib/useLocale';

/** What a secret shows until revealed. */
export const SECRET_MASK = '••••••••••••••••••••••••';

/** A secret, masked until revealed, with copy and (for editors) generate-new. */
function Secret({ kind }: { kind: SecretKind }) {
  const { app, canEdit, reload } = useCurrentAppState()!;
  const { t } = useLocale();
  const { modal, message } = App.useApp();
  const [shown, setShown] = useState(false);
  const value = app[kind];

  const regenerate = () =>
    modal.confirm({
      title: t('org.settings.regenerateTitle', { kind }),
      content: t('org.settings.regenerateContent', { kind }),
      okText: t('org.settings.regenerate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const done = await request(`/api/app/${encodeURIComponent(app.AppId)}/generate-secret`, { method: 'POST', body: { Kind: kind } });
        // A refusal has been shown by the HTTP client.
        if (done === null) return;
        message.success(t('org.settings.regenerated', { kind }));
        setShown(true);
        await reload();
      },
    });

  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text code copyable={{ text: value }} data-testid={`secret-${kind}`}>
        {shown ? value : SECRET_MASK}
      </Typography.Text>
      <Button
        size="small"
        type="text"
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setShown(!shown)}
        aria-pressed={shown}
        data-testid={`reveal-${kind}`}
      >
        {t(shown ? 'org.settings.conceal' : 'org.settings.reveal')}
      </Button>
      {canEdit && (
        <Button size="small" danger icon={<ReloadOutlined />} onClick={regenerate} data-testid={`regenerate-${kind}`}>
          {t('org.settings.regenerate')}
        </Button>
      )}
    </Flex>
  );
}

/** AppId, AppSecret and AppServiceSecret. */
export function CredentialsCard() {
  const { app } = useCurrentAppState()!;
  const { t } = useLocale();
  return (
    <Card title={t('org.settings.credentials')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('org.settings.credentialsHint')}</Typography.Paragraph>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'id', label: 'AppId', children: <Typography.Text code copyable>{app.AppId}</Typography.Text> },
          { key: 'secret', label: 'AppSecret', children: <Secret kind="AppSecret" /> },
          { key: 'service', label: 'AppServiceSecret', children: <Secret kind="AppServiceSecret" /> },
        ]}
      />
    </Card>
  );
}
